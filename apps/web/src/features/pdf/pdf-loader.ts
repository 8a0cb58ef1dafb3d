import type { PDFDocumentProxy } from 'pdfjs-dist';

type Pdfjs = typeof import('pdfjs-dist');

let pdfjsPromise: Promise<Pdfjs> | null = null;

/** pdf.js and its worker, loaded on first use only (they are large and only the document screens need them). */
export function loadPdfjs(): Promise<Pdfjs> {
  if (pdfjsPromise === null) {
    pdfjsPromise = Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(
      ([pdfjs, worker]) => {
        pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
        return pdfjs;
      },
    );
  }
  return pdfjsPromise;
}

/** Opens a PDF from a URL (a signed file URL); pages are fetched by range as they are rendered. */
export async function openPdf(url: string): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfjs();
  // No eval: the Content-Security-Policy does not allow it.
  return pdfjs.getDocument({ url, isEvalSupported: false }).promise;
}
