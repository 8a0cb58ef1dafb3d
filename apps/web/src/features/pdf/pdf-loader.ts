import type { PDFDocumentProxy, PDFWorker } from 'pdfjs-dist';

type Pdfjs = typeof import('pdfjs-dist');

let pdfjsPromise: Promise<{ pdfjs: Pdfjs; worker: PDFWorker }> | null = null;

/**
 * pdf.js and its worker, loaded on first use only (they are large and only the document screens need them). The
 * worker starts at once and is shared by every document, so it boots while the screen still loads its data.
 */
export function loadPdfjs(): Promise<{ pdfjs: Pdfjs; worker: PDFWorker }> {
  if (pdfjsPromise === null) {
    pdfjsPromise = Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(
      ([pdfjs, workerUrl]) => {
        pdfjs.GlobalWorkerOptions.workerSrc = workerUrl.default;
        return { pdfjs, worker: new pdfjs.PDFWorker() };
      },
    );
  }
  return pdfjsPromise;
}

async function openNow(url: string): Promise<PDFDocumentProxy> {
  const { pdfjs, worker } = await loadPdfjs();
  // No eval: the Content-Security-Policy does not allow it.
  return pdfjs.getDocument({ url, worker, isEvalSupported: false }).promise;
}

/** PDFs opened ahead of their screen, each handed out once (its screen destroys it when done). */
const prefetched = new Map<string, Promise<PDFDocumentProxy>>();

export function prefetchPdf(url: string): void {
  if (!prefetched.has(url)) prefetched.set(url, openNow(url));
}

/** Opens a PDF from a URL (a signed file URL); pages are fetched by range as they are rendered. */
export function openPdf(url: string): Promise<PDFDocumentProxy> {
  const early = prefetched.get(url);
  if (early === undefined) return openNow(url);
  prefetched.delete(url);
  return early;
}
