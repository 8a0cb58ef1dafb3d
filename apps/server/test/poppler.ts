import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Runs a poppler tool on PDF bytes written to a temporary file; answers its standard output. */
function poppler(tool: string, args: (file: string) => string[], bytes: Uint8Array): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'esign-poppler-'));
  try {
    const file = join(dir, 'input.pdf');
    writeFileSync(file, bytes);
    try {
      return execFileSync(tool, args(file), { maxBuffer: 256 * 1024 * 1024 });
    } catch (error) {
      // pdfsig exits non-zero for unknown issuers and the like; its report is still what we read.
      const output = (error as { stdout?: Buffer }).stdout;
      if (output && output.length > 0) return output;
      throw error;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `pdfsig`'s report. */
export function pdfsig(bytes: Uint8Array): string {
  return poppler('pdfsig', (file) => [file], bytes).toString('utf8');
}

/** `pdftotext` of the pages `first` to `last` (1-based; all when absent), in reading layout. */
export function pdftotext(
  bytes: Uint8Array,
  pages: { first?: number; last?: number } = {},
  mode: '-layout' | '-raw' = '-layout',
): string {
  const range = [
    ...(pages.first ? ['-f', String(pages.first)] : []),
    ...(pages.last ? ['-l', String(pages.last)] : []),
  ];
  return poppler('pdftotext', (file) => [...range, mode, file, '-'], bytes).toString('utf8');
}

export interface GrayImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** One page as displayed (crop box, rotation applied), in gray, at 72 dpi so one pixel is one point. */
export function renderPage(bytes: Uint8Array, pageNumber: number): GrayImage {
  const pgm = poppler(
    'pdftoppm',
    (file) => ['-gray', '-cropbox', '-r', '72', '-f', String(pageNumber), '-l', String(pageNumber), file],
    bytes,
  );
  // P5 <width> <height> <max>\n<pixels>
  const header = pgm.subarray(0, 64).toString('latin1');
  const match = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(header);
  if (!match) throw new Error('pdftoppm did not answer a PGM');
  const [whole, width, height] = match as unknown as [string, string, string];
  return { width: Number(width), height: Number(height), pixels: new Uint8Array(pgm.subarray(whole.length)) };
}

/** The smallest box holding every pixel that differs between two renderings of the same page (null: none). */
export function changedBox(before: GrayImage, after: GrayImage, threshold = 40) {
  if (before.width !== after.width || before.height !== after.height) throw new Error('renderings differ in size');
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < before.height; y++) {
    for (let x = 0; x < before.width; x++) {
      const index = y * before.width + x;
      if (Math.abs((before.pixels[index] ?? 0) - (after.pixels[index] ?? 0)) < threshold) continue;
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
  }
  if (maxX < 0) return null;
  return { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}
