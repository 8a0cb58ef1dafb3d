import { startEditorEarlyLoad } from '../features/editor/early-load';

/** The longest the app's start waits for the editor's early first page. */
const LONGEST_WAIT_MS = 1500;

/**
 * Run by the page's entry (main.tsx) before the app's code is evaluated. Opened at the editor, its document, PDF and
 * first page load at once, and the app starts once that page is shown (or known not to be, or after at most
 * LONGEST_WAIT_MS): the app's start would otherwise take the main thread the page needs, on a slow machine for
 * several hundred milliseconds. The app's code downloads meanwhile (it is preloaded by the page).
 */
export function startEarlyLoads(): Promise<void> {
  const early = startEditorEarlyLoad(window.location.pathname);
  if (early === null) return Promise.resolve();
  return Promise.race([early.firstPage, new Promise<void>((resolve) => setTimeout(resolve, LONGEST_WAIT_MS))]);
}
