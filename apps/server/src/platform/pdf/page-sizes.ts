import type { PdfMetadata } from '@esign/shared';
import type { PDF } from '@libpdf/core';
import { readPageFrame } from './seal/page-frame.js';
import { displayedSize } from './seal/placement.js';

/**
 * Every page's size as a reader shows it: the crop box (within the media box), turned by the page's rotation.
 * The seal places fields with the same frame (seal/page-frame.ts), so both sides agree on every page.
 */
export function readPageSizes(pdf: PDF): PdfMetadata {
  const pages: PdfMetadata['pages'] = [];
  for (let index = 0; index < pdf.getPageCount(); index++) {
    const size = displayedSize(readPageFrame(pdf, index));
    pages.push({ width: round(size.width), height: round(size.height) });
  }
  return { pages };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
