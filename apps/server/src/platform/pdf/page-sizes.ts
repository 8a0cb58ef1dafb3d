import type { PdfMetadata } from '@esign/shared';
import type { PDF } from '@libpdf/core';

/** Every page's size as a reader shows it: the crop box, turned by the page's rotation. */
export function readPageSizes(pdf: PDF): PdfMetadata {
  const pages: PdfMetadata['pages'] = [];
  for (let index = 0; index < pdf.getPageCount(); index++) {
    const page = pdf.getPage(index);
    if (!page) continue;
    pages.push({ width: round(page.width), height: round(page.height) });
  }
  return { pages };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
