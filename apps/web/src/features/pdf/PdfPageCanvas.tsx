import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { memo, useEffect, useRef } from 'react';
import { pageViewport, takeDrawnPage } from './pdf-loader';

interface PdfPageCanvasProps {
  pdf: PDFDocumentProxy;
  /** 1-based. */
  pageNumber: number;
  /** The CSS size the page is shown at; the canvas gets the device's pixel ratio on top. */
  width: number;
  height: number;
  onRendered?: (pageNumber: number) => void;
}

/** One PDF page drawn into a canvas; a new size redraws it, unmounting cancels a render in progress. */
export const PdfPageCanvas = memo(function PdfPageCanvas({
  pdf,
  pageNumber,
  width,
  height,
  onRendered,
}: PdfPageCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const onRenderedRef = useRef(onRendered);
  onRenderedRef.current = onRendered;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (canvas === null) return;
    let task: RenderTask | null = null;
    let isCurrent = true;
    pdf
      .getPage(pageNumber)
      .then((page) => {
        if (!isCurrent) return;
        const viewport = pageViewport(page, width);
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        // Drawn ahead at this very size (the editor's first page, early-page.ts): copied, not drawn again.
        const drawn = takeDrawnPage(pdf, pageNumber, canvas);
        if (drawn !== null) canvas.getContext('2d')?.drawImage(drawn, 0, 0);
        else task = page.render({ canvas, viewport });
        return (task?.promise ?? Promise.resolve()).then(() => {
          // A mark for the benchmarks (first page visible); cheap, and seen in the browser's performance panel.
          performance.mark('esign:page-rendered', { detail: { pageNumber, width } });
          if (isCurrent) onRenderedRef.current?.(pageNumber);
        });
      })
      .catch((error: unknown) => {
        // A cancelled render is expected when the page leaves the view or is resized.
        if (error instanceof Error && error.name === 'RenderingCancelledException') return;
        if (isCurrent) console.error(error);
      });
    return () => {
      isCurrent = false;
      task?.cancel();
    };
  }, [pdf, pageNumber, width]);

  return <canvas ref={canvasRef} style={{ width, height, display: 'block' }} />;
});
