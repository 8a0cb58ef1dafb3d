import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONVERSION_MESSAGES } from './conversion-error.js';
import { imageToPdf } from './image-to-pdf.js';

const corpus = join(import.meta.dirname, '../../../../../../shared/fixtures/real-world');
const load = (path: string) => new Uint8Array(readFileSync(join(corpus, path)));

describe('imageToPdf on real-world images', () => {
  it('embeds a JPEG without re-encoding and turns the page by its EXIF orientation', async () => {
    const input = load('images/jpeg_exif_orientation_6.jpg');
    const result = await imageToPdf(input, 'jpg');
    // Stored 1200x1800, shown turned 90 degrees: 1800x1200 pixels, at 0.75 point per pixel.
    expect(result.metadata.pages).toEqual([{ width: 1350, height: 900 }]);
    expect(Buffer.from(result.bytes).includes(Buffer.from(input.subarray(0, 4096)))).toBe(true);
  });

  it.each([
    ['images/png_rgba_semitransparent_dice.png', 'png', { width: 150, height: 112.5 }],
    ['images/png_content_only_in_alpha_channel.png', 'png', null],
    ['images/gif_animated_42_frames.gif', 'gif', { width: 183.75, height: 183.75 }],
    ['images/bmp_v5_header_24bit.bmp', 'bmp', { width: 96, height: 96 }],
  ])('makes one page from %s', async (path, extension, size) => {
    const result = await imageToPdf(load(path), extension);
    expect(result.metadata.pages).toHaveLength(1);
    if (size) expect(result.metadata.pages[0]).toEqual(size);
  });

  it('keeps the picture of a PNG whose content is only in its alpha channel', async () => {
    const result = await imageToPdf(load('images/png_content_only_in_alpha_channel.png'), 'png');
    const dir = mkdtempSync(join(tmpdir(), 'esign-alpha-'));
    writeFileSync(join(dir, 'page.pdf'), result.bytes);
    execFileSync('pdftoppm', ['-r', '20', '-gray', '-png', join(dir, 'page.pdf'), join(dir, 'page')]);
    const { default: sharp } = await import('sharp');
    const stats = await sharp(join(dir, 'page-1.png')).stats();
    // Flattened onto black the page would be all black; rendered on white its content must show.
    expect(stats.channels[0]?.max).toBeGreaterThan(200);
    expect(stats.channels[0]?.min).toBeLessThan(100);
  });

  it('refuses a 280-megapixel image bomb quickly, without decoding it', async () => {
    await expect(imageToPdf(load('images/jpeg_giant_20000x14000.jpg'), 'jpg')).rejects.toThrow(
      CONVERSION_MESSAGES.imageTooLarge,
    );
  });

  it('refuses empty and unreadable images with a sentence for the user', async () => {
    await expect(imageToPdf(new Uint8Array(), 'png')).rejects.toThrow(CONVERSION_MESSAGES.empty);
    await expect(imageToPdf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), 'png')).rejects.toThrow(
      CONVERSION_MESSAGES.imageUnreadable,
    );
  });
});
