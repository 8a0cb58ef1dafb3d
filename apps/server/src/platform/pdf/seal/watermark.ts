import { type PDF, type PDFPage, rgb } from '@libpdf/core';

/** The mark across every page of a test document's sealed PDF (issue 22, test mode). */
export const TEST_MODE_WATERMARK = 'TEST MODE - NOT LEGALLY BINDING';

/**
 * Draws `text` along the diagonal of every page, large, red and mostly transparent: a test document's
 * sealed PDF cannot be taken for a binding one. (The standard Helvetica font: the text is plain ASCII.)
 */
export function drawWatermark(pdf: PDF, text: string = TEST_MODE_WATERMARK): void {
  for (let index = 0; index < pdf.getPageCount(); index += 1) {
    const page = pdf.getPage(index) as PDFPage;
    const { width, height } = page;
    // Along the page's diagonal, over about three quarters of it (Helvetica's capitals: about 0.68 of the size).
    const radians = Math.atan2(height, width);
    const length = Math.hypot(width, height) * 0.75;
    const size = length / (text.length * 0.68);
    const x = width / 2 - (length / 2) * Math.cos(radians);
    const y = height / 2 - (length / 2) * Math.sin(radians);
    const angle = (radians * 180) / Math.PI;
    page.drawText(text, { x, y, size, color: rgb(0.85, 0.1, 0.1), opacity: 0.3, rotate: { angle, origin: { x, y } } });
  }
}
