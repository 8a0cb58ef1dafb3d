import { EDITOR_PATH } from '../features/editor/editor-path';

/** The longest the app's start waits for the editor's early first page. */
const LONGEST_WAIT_MS = 1500;

/**
 * Run by the page's entry (main.tsx) before the app's code is evaluated. Opened at the editor (whose early-load code
 * is fetched only then: no other page carries it), its document, PDF and first page load at once, and the app starts once that page is shown (or known not to be, or after at most
 * LONGEST_WAIT_MS): the app's start would otherwise take the main thread the page needs, on a slow machine for
 * several hundred milliseconds. The app's code downloads meanwhile (it is preloaded by the page).
 */
export async function startEarlyLoads(): Promise<void> {
  const { pathname } = window.location;
  // Only the editor has early loads: its code is fetched then, so no other page (the signer's) carries it.
  if (!EDITOR_PATH.test(pathname)) return;
  const { startEditorEarlyLoad } = await import('../features/editor/early-load');
  const early = startEditorEarlyLoad(pathname);
  if (early === null) return;
  return Promise.race([early.firstPage, new Promise<void>((resolve) => setTimeout(resolve, LONGEST_WAIT_MS))]);
}
