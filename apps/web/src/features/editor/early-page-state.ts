/**
 * The editor's early page (early-page.ts) as the app sees it: where it was shown, its element, whether it went. Apart
 * from the page's drawing, so that the app's routes dismiss it without carrying the editor's code into every page.
 */
export const earlyPageState: { path: string | null; shell: HTMLElement | null; isDismissed: boolean } = {
  path: null,
  shell: null,
  isDismissed: false,
};

/** Takes the early page away; with a path, only when the app has moved to another address than the page's. */
export function dismissEarlyPage(pathname?: string): void {
  if (pathname !== undefined && pathname === earlyPageState.path) return;
  earlyPageState.isDismissed = true;
  earlyPageState.shell?.remove();
  earlyPageState.shell = null;
}
