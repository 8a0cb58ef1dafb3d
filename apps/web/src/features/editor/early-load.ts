import type { Document } from '@esign/shared';
import { getAccessToken } from '../../api/tokens';
import { loadPdfjs, prefetchPdf } from '../pdf/pdf-loader';
import type { EarlyLoadAnswer, EarlyLoadRequest } from './early-load.worker';
import { showEarlyPage } from './early-page';
import { EDITOR_PATH } from './editor-path';

export interface EarlyLoad {
  documentId: string;
  /** The worker's answer; null when it failed (the screens then ask through the API client). */
  answer: Promise<EarlyLoadAnswer>;
  /** Settles once the first page is shown above the app (early-page.ts), or known not to be. */
  firstPage: Promise<void>;
}

let early: EarlyLoad | null = null;

/** Runs the early chain of requests in its worker (see early-load.worker.ts); null if that fails. */
function runWorker(request: EarlyLoadRequest): Promise<EarlyLoadAnswer> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./early-load.worker.ts', import.meta.url), { type: 'module', name: 'early' });
    const finish = (answer: EarlyLoadAnswer) => {
      worker.terminate();
      resolve(answer);
    };
    worker.onmessage = (event: MessageEvent<EarlyLoadAnswer>) => finish(event.data);
    worker.onerror = () => finish(null);
    worker.postMessage(request);
  });
}

/**
 * Opened straight at the editor (a link or a reload), called by the page's entry before the app's code is evaluated
 * (start-early-loads.ts): a worker fetches the document, the PDF's signed URL and the PDF (none of its requests waits
 * for a busy main thread) while pdf.js and its worker load; the PDF is then opened and its first page shown in the
 * editor's frame (early-page.ts).
 */
export function startEditorEarlyLoad(pathname: string): EarlyLoad | null {
  const documentId = EDITOR_PATH.exec(pathname)?.[1];
  const accessToken = getAccessToken();
  if (early !== null || documentId === undefined || accessToken === null) return null;
  const answer = typeof Worker === 'undefined' ? Promise.resolve(null) : runWorker({ documentId, accessToken });
  void loadPdfjs();
  const firstPage = showEarlyPage(
    pathname,
    answer.then((loaded) =>
      loaded?.url
        ? { draft: loaded.document as Document, pdf: prefetchPdf(loaded.url, loaded.pdf ?? undefined) }
        : null,
    ),
  );
  early = { documentId, answer, firstPage };
  return early;
}

/** The early load of the editor at `pathname`, if the page's entry started one. */
export function editorEarlyLoad(pathname: string): EarlyLoad | null {
  return early !== null && EDITOR_PATH.exec(pathname)?.[1] === early.documentId ? early : null;
}
