import { EDITOR_PAGE_PATH } from '@esign/shared';
import { getAccessToken } from '../../api/tokens';
import type { EarlyLoadAnswer, EarlyLoadRequest } from './early-load.worker';

/** The early worker started for the editor at an address: its document and the answer to come. */
export interface EarlyWorker {
  documentId: string;
  /** The worker's answer; null when it failed (the screens then ask through the API client). */
  answer: Promise<EarlyLoadAnswer>;
}

/**
 * Opened straight at the editor, the worker of `early-load.worker.ts` starts from the page's entry, before any of the
 * editor's own code is asked for: the document, its signed URL and its PDF are the longest chain to the first page,
 * and they need nothing else. Null when the address is not the editor's or nobody is logged in; the answer is null
 * when the browser has no workers or the worker fails.
 */
export function startEarlyWorker(pathname: string): EarlyWorker | null {
  const documentId = EDITOR_PAGE_PATH.exec(pathname)?.[1];
  const accessToken = getAccessToken();
  if (documentId === undefined || accessToken === null) return null;
  const request: EarlyLoadRequest = { documentId, accessToken };
  const answer: Promise<EarlyLoadAnswer> =
    typeof Worker === 'undefined'
      ? Promise.resolve(null)
      : new Promise((resolve) => {
          const worker = new Worker(new URL('./early-load.worker.ts', import.meta.url), {
            type: 'module',
            name: 'early',
          });
          const finish = (answer: EarlyLoadAnswer) => {
            worker.terminate();
            resolve(answer);
          };
          worker.onmessage = (event: MessageEvent<EarlyLoadAnswer>) => finish(event.data);
          worker.onerror = () => finish(null);
          worker.postMessage(request);
        });
  return { documentId, answer };
}
