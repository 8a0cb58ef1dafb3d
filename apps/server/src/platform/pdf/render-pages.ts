import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A page drawn as a picture. */
export interface RenderedPage {
  pageNumber: number;
  jpeg: Buffer;
  width: number;
  height: number;
}

/** Longest side of a page picture, in pixels: sharp enough to read on a phone and in a mail. */
const LONGEST_SIDE_PX = 1200;
const RENDER_TIMEOUT_MS = 120_000;

/**
 * Every page of a PDF as a JPEG, drawn by poppler's `pdftoppm` (poppler-utils, the package whose `pdfsig` the seal
 * is checked with) in a folder of its own that is removed afterwards. Each picture's size comes from its JPEG
 * header (SOF marker).
 */
export async function renderPdfPages(pdf: Buffer): Promise<RenderedPage[]> {
  const folder = await mkdtemp(join(tmpdir(), 'esign-pages-'));
  try {
    const input = join(folder, 'in.pdf');
    await writeFile(input, pdf);
    await run(
      'pdftoppm',
      ['-jpeg', '-jpegopt', 'quality=80', '-scale-to', String(LONGEST_SIDE_PX), input, join(folder, 'page')],
      { timeout: RENDER_TIMEOUT_MS, maxBuffer: 1024 * 1024 },
    );
    const names = (await readdir(folder)).filter((name) => /^page-\d+\.jpg$/.test(name));
    const pages = await Promise.all(
      names.map(async (name) => {
        const jpeg = await readFile(join(folder, name));
        return { pageNumber: Number(/(\d+)\.jpg$/.exec(name)?.[1]), jpeg, ...jpegSize(jpeg) };
      }),
    );
    return pages.sort((a, b) => a.pageNumber - b.pageNumber);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Width and height from a JPEG's start-of-frame segment. */
export function jpegSize(jpeg: Buffer): { width: number; height: number } {
  let offset = 2;
  while (offset + 9 < jpeg.length) {
    if (jpeg[offset] !== 0xff) break;
    const marker = jpeg[offset + 1] ?? 0;
    const length = jpeg.readUInt16BE(offset + 2);
    const isStartOfFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isStartOfFrame) return { height: jpeg.readUInt16BE(offset + 5), width: jpeg.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  return { width: 0, height: 0 };
}
