import { type ComponentType, createElement, type ReactNode, use, useEffect, useState } from 'react';

/** A component whose code loads on first use; `preload` fetches it ahead of its first render. */
// biome-ignore lint/suspicious/noExplicitAny: a component of any props, as React's own lazy() takes.
export type LazyComponent<Component extends ComponentType<any>> = Component & {
  preload: () => Promise<unknown>;
  isLoaded: () => boolean;
};

/**
 * A component whose code loads when it is first needed (a named export): pages, and the parts of a page that only
 * appear on demand, stay out of the JavaScript a page needs before it first shows. Until the code is here, its
 * render suspends (the nearest Suspense boundary shows its fallback); once it is here, it renders at once.
 * `preload()` starts the download early, and lets a screen wait for the code without a Suspense fallback: React
 * holds back revealing content that arrives soon after a fallback showed (up to 300 ms), a delay a first page load
 * need not pay (see `PageRoutes`).
 */
// biome-ignore lint/suspicious/noExplicitAny: a component of any props, as React's own lazy() takes.
export function lazyComponent<Component extends ComponentType<any>>(
  load: () => Promise<Component>,
): LazyComponent<Component> {
  let loaded: Component | null = null;
  let loading: Promise<Component> | null = null;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // A failed download (a network error, say) is tried again at the next render.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: called once per component, at module level.
  function Lazy(props: object): ReactNode {
    return createElement(loaded ?? use(preload()), props);
  }
  return Object.assign(Lazy, { preload, isLoaded: () => loaded !== null }) as unknown as LazyComponent<Component>;
}

/** The download of a component's code when it is a lazy one not yet loaded; null otherwise. */
export function pendingCode(component: unknown): Promise<unknown> | null {
  if (typeof component !== 'function' || !('preload' in component)) return null;
  const lazy = component as LazyComponent<ComponentType>;
  return lazy.isLoaded() ? null : lazy.preload();
}

/**
 * Whether a lazy component's code is here, its download started once `isNeeded`: a screen shows its own loader
 * until then and renders the component without suspending (a Suspense fallback would hold the component back until
 * 300 ms after it appeared, however soon the code arrives). A failed download counts as here: the render tries again
 * and an error boundary takes a second failure.
 */
// biome-ignore lint/suspicious/noExplicitAny: a component of any props, as React's own lazy() takes.
export function useLoadedCode(component: LazyComponent<ComponentType<any>>, isNeeded: boolean): boolean {
  const [isLoaded, setLoaded] = useState(component.isLoaded);
  useEffect(() => {
    if (!isNeeded || isLoaded) return;
    let isCurrent = true;
    const done = () => isCurrent && setLoaded(true);
    component.preload().then(done, done);
    return () => {
      isCurrent = false;
    };
  }, [component, isNeeded, isLoaded]);
  return isLoaded;
}
