/**
 * A ref that focuses its element once, when it appears: what React's `autoFocus` did. Preact (the app's renderer)
 * leaves `autoFocus` to the browser's `autofocus` attribute, which a browser honours only on the page's first load, not
 * for an input shown later (a code step, a field opened for typing). Defined once, so it is not called again on each
 * render.
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}
