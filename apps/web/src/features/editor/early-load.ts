import { type Document, EDITOR_PAGE_PATH } from '@esign/shared';
import { loadPdfjs, prefetchPdf } from '../pdf/pdf-loader';
import { showEarlyPage } from './early-page';
import type { EarlyWorker } from './early-worker';

export interface EarlyLoad extends EarlyWorker {
  /** Settles once the first page is shown above the app (early-page.ts), or known not to be. */
  firstPage: Promise<void>;
}

let early: EarlyLoad | null = null;

/**
 * Opened straight at the editor (a link or a reload), called by the page's entry before the app's code is evaluated
 * (start-early-loads.ts), with the worker it started (early-worker.ts), which fetches the document, the PDF's signed
 * URL and the PDF (none of its requests waits for a busy main thread): pdf.js and its worker load meanwhile; the PDF
 * is then opened and its first page shown in the editor's frame (early-page.ts).
 */
export function startEditorEarlyLoad(pathname: string, started: EarlyWorker): EarlyLoad | null {
  if (early !== null) return null;
  void loadPdfjs();
  const firstPage = showEarlyPage(
    pathname,
    started.answer.then((loaded) =>
      loaded?.url
        ? { draft: loaded.document as Document, pdf: prefetchPdf(loaded.url, loaded.pdf ?? undefined) }
        : null,
    ),
  );
  early = { ...started, firstPage };
  return early;
}

/** The early load of the editor at `pathname`, if the page's entry started one. */
export function editorEarlyLoad(pathname: string): EarlyLoad | null {
  return early !== null && EDITOR_PAGE_PATH.exec(pathname)?.[1] === early.documentId ? early : null;
}
