import { isValidElement, type ReactNode, useEffect, useState } from 'react';
import { createRoutesFromChildren, matchRoutes, type RouteObject, useLocation, useRoutes } from 'react-router';
import { FullPageLoader } from './FullPageLoader';
import { pendingCode } from './lazy-component';

/** The downloads of the lazy pages and layouts the routes open at `pathname`; empty when all are here. */
export function pendingPages(routes: RouteObject[], pathname: string): Promise<unknown>[] {
  const downloads: Promise<unknown>[] = [];
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const download = isValidElement(route.element) ? pendingCode(route.element.type) : null;
    if (download !== null) downloads.push(download);
  }
  return downloads;
}

/**
 * `<Routes>` whose first render waits, behind the full-page loader, for the code of the page and layout it opens,
 * fetched all at once (and, while `isWaiting`, for what its owner still waits for: that code loads meanwhile).
 * Suspending there instead would show the Suspense fallback, and React then holds the page back until 300 ms after
 * that fallback appeared, however soon its code arrives. Later navigations suspend as usual: the router's
 * transitions keep the current page on screen meanwhile.
 */
export function PageRoutes({ children, isWaiting = false }: { children: ReactNode; isWaiting?: boolean }) {
  const location = useLocation();
  const routes = createRoutesFromChildren(children);
  const [waitingFor] = useState(() => pendingPages(routes, location.pathname));
  const [isReady, setReady] = useState(waitingFor.length === 0);
  useEffect(() => {
    if (isReady) return;
    let isCurrent = true;
    // A failed download shows up when the page renders (it loads again, and an error boundary takes a failure).
    void Promise.allSettled(waitingFor).then(() => isCurrent && setReady(true));
    return () => {
      isCurrent = false;
    };
  }, [isReady, waitingFor]);
  const page = useRoutes(routes, location);
  return isReady && !isWaiting ? page : <FullPageLoader />;
}
