import type { PageViewport, PDFDocumentProxy, PDFPageProxy, PDFWorker } from 'pdfjs-dist';

type Pdfjs = typeof import('pdfjs-dist');

/**
 * The worker's file, resolved by the build to its asset URL. Not a `?url` import: that module would join the pdf.js
 * chunk, and the worker could start only once pdf.js had loaded.
 */
const WORKER_URL = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).href;

let workerPort: Worker | null = null;
let pdfjsPromise: Promise<{ pdfjs: Pdfjs; worker: PDFWorker }> | null = null;

/**
 * Starts pdf.js's worker thread, shared by every document. Booting it (a large script) is the longest step before a
 * first page, so it starts as soon as a screen knows it will show pages, while the pdf.js library still loads:
 * messages sent to it before it has booted wait in its queue.
 */
function startPdfWorker(): Worker | null {
  if (workerPort === null && typeof Worker !== 'undefined') {
    workerPort = new Worker(WORKER_URL, { type: 'module', name: 'pdf.js' });
  }
  return workerPort;
}

/** pdf.js, loaded on first use only (it is large and only the document screens need it), and its worker. */
export function loadPdfjs(): Promise<{ pdfjs: Pdfjs; worker: PDFWorker }> {
  if (pdfjsPromise === null) {
    const port = startPdfWorker();
    pdfjsPromise = import('pdfjs-dist').then((pdfjs) => {
      pdfjs.GlobalWorkerOptions.workerSrc = WORKER_URL;
      // Given the running worker, pdf.js sends its requests at once instead of first waiting for a handshake.
      return { pdfjs, worker: pdfjs.PDFWorker.create(port ? { port } : {}) };
    });
  }
  return pdfjsPromise;
}

async function openNow(url: string, data?: ArrayBuffer): Promise<PDFDocumentProxy> {
  const { pdfjs, worker } = await loadPdfjs();
  // No eval: the Content-Security-Policy does not allow it.
  const source = data === undefined ? { url } : { data };
  return pdfjs.getDocument({ ...source, worker, isEvalSupported: false }).promise;
}

/** PDFs opened ahead of their screen, each handed out once (its screen destroys it when done). */
const prefetched = new Map<string, Promise<PDFDocumentProxy>>();

/** Opens the PDF at `url` ahead of its screen; from `data` when its bytes are already here (fetched from `url`). */
export function prefetchPdf(url: string, data?: ArrayBuffer): Promise<PDFDocumentProxy> {
  let opening = prefetched.get(url);
  if (opening === undefined) {
    opening = openNow(url, data);
    prefetched.set(url, opening);
  }
  return opening;
}

/** Opens a PDF from a URL (a signed file URL); pages are fetched by range as they are rendered. */
export function openPdf(url: string): Promise<PDFDocumentProxy> {
  const early = prefetched.get(url);
  if (early === undefined) return openNow(url);
  prefetched.delete(url);
  return early;
}

/**
 * The viewport a page is drawn at, shown `width` CSS pixels wide: the device's pixel ratio on top, at most 2. Every
 * drawing of a page takes its size from here, so that one drawn ahead fits the canvas of its screen exactly.
 */
export function pageViewport(page: PDFPageProxy, width: number): PageViewport {
  const ratio = Math.min(window.devicePixelRatio || 1, 2);
  return page.getViewport({ scale: (width / page.getViewport({ scale: 1 }).width) * ratio });
}

/** Pages drawn ahead of their screen (the editor's first page, early-page.ts), by document and page number. */
const drawnPages = new WeakMap<PDFDocumentProxy, Map<number, HTMLCanvasElement>>();

export function keepDrawnPage(pdf: PDFDocumentProxy, pageNumber: number, canvas: HTMLCanvasElement): void {
  const pages = drawnPages.get(pdf) ?? new Map<number, HTMLCanvasElement>();
  pages.set(pageNumber, canvas);
  drawnPages.set(pdf, pages);
}

/** A page drawn ahead at exactly this pixel size, handed out once; null if there is none. */
export function takeDrawnPage(
  pdf: PDFDocumentProxy,
  pageNumber: number,
  size: { width: number; height: number },
): HTMLCanvasElement | null {
  const canvas = drawnPages.get(pdf)?.get(pageNumber);
  if (canvas === undefined || canvas.width !== size.width || canvas.height !== size.height) return null;
  drawnPages.get(pdf)?.delete(pageNumber);
  return canvas;
}
