import { startEarlyWorker } from '../features/editor/early-worker';

/** The longest the app's start waits for the editor's early first page. */
const LONGEST_WAIT_MS = 1500;

/**
 * Run by the page's entry (main.tsx) before the app's code is evaluated. Opened at the editor, the worker that
 * fetches its document and PDF starts at once (early-worker.ts), then the editor's early-load code is fetched (no
 * other page carries it), which shows the first page; the app starts once that page is shown (or known not to be,
 * or after at most LONGEST_WAIT_MS): its start would otherwise take the main thread the page needs, on a slow
 * machine for several hundred milliseconds. The editor's page has no preloads of the app's code in its head
 * (`EDITOR_PAGE_FILE`): the app's import asks for it then.
 */
export async function startEarlyLoads(): Promise<void> {
  const { pathname } = window.location;
  const started = startEarlyWorker(pathname);
  // Only the editor has early loads: its code is fetched then, so no other page (the signer's) carries it.
  if (started === null) return;
  const { startEditorEarlyLoad } = await import('../features/editor/early-load');
  const early = startEditorEarlyLoad(pathname, started);
  if (early === null) return;
  return Promise.race([early.firstPage, new Promise<void>((resolve) => setTimeout(resolve, LONGEST_WAIT_MS))]);
}
