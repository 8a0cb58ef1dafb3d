import type { PDFDocumentProxy } from 'pdfjs-dist';
import { describe, expect, it } from 'vitest';
import { keepDrawnPage, takeDrawnPage } from './pdf-loader';

// Only the sizes matter here: the registry never draws.
const drawing = (width: number, height: number) => ({ width, height }) as HTMLCanvasElement;

describe('pages drawn ahead of their screen', () => {
  it('are handed out once, for their own document and page, at exactly their pixel size', () => {
    const pdf = {} as PDFDocumentProxy;
    const other = {} as PDFDocumentProxy;
    const page = drawing(1504, 1946);
    keepDrawnPage(pdf, 1, page);

    expect(takeDrawnPage(other, 1, { width: 1504, height: 1946 })).toBeNull();
    expect(takeDrawnPage(pdf, 2, { width: 1504, height: 1946 })).toBeNull();
    // Another zoom or pixel ratio draws the page again.
    expect(takeDrawnPage(pdf, 1, { width: 752, height: 973 })).toBeNull();
    expect(takeDrawnPage(pdf, 1, { width: 1504, height: 1946 })).toBe(page);
    expect(takeDrawnPage(pdf, 1, { width: 1504, height: 1946 })).toBeNull();
  });
});
