import { PDF } from '@libpdf/core';
import { decode as decodeBmpData } from 'bmp-ts';
import type { Metadata } from 'sharp';
import { loadSharp } from '../sharp.js';
import { CONVERSION_MESSAGES, ConversionError } from './conversion-error.js';
import type { NormalizedPdf } from './normalize-pdf.js';
import { readPageSizes } from './page-sizes.js';

/** Images larger than this are refused: decoding them would take too much memory. */
export const MAX_IMAGE_PIXELS = 100_000_000;
/** Points per image pixel: an image shows at its CSS size (96 pixels per inch). */
const POINTS_PER_PIXEL = 0.75;
/** The largest page side a PDF allows. */
const MAX_PAGE_SIDE = 14_400;

/** EXIF orientations that only rotate, and the page rotation that shows them upright. */
const ROTATION_BY_ORIENTATION: Record<number, 0 | 90 | 180 | 270> = { 1: 0, 3: 180, 6: 90, 8: 270 };

function pageSize(width: number, height: number) {
  const scale = Math.min(POINTS_PER_PIXEL, MAX_PAGE_SIDE / Math.max(width, height));
  return { width: width * scale, height: height * scale };
}

async function decodeBmp(bytes: Uint8Array): Promise<Buffer> {
  try {
    const sharp = await loadSharp();
    const image = decodeBmpData(Buffer.from(bytes), { toRGBA: true });
    if (image.width * image.height > MAX_IMAGE_PIXELS) throw new ConversionError(CONVERSION_MESSAGES.imageTooLarge);
    const decoded = sharp(Buffer.from(image.data), {
      raw: { width: image.width, height: image.height, channels: 4 },
    });
    // Only 32-bit BMPs carry alpha; in the others that byte is padding.
    return await (image.bitPP === 32 ? decoded : decoded.removeAlpha()).png().toBuffer();
  } catch (error) {
    if (error instanceof ConversionError) throw error;
    throw new ConversionError(CONVERSION_MESSAGES.imageUnreadable);
  }
}

/**
 * One page per image, sized to the image and shown upright. A JPEG whose orientation is a plain rotation
 * is embedded as it is (the page is rotated instead); other images are decoded once and stored as PNG.
 */
export async function imageToPdf(input: Uint8Array, extension: string): Promise<NormalizedPdf> {
  if (input.byteLength === 0) throw new ConversionError(CONVERSION_MESSAGES.empty);
  const sharp = await loadSharp();
  // A view of the upload, not a copy: a 12-megapixel photo is several megabytes.
  const source =
    extension === 'bmp' ? await decodeBmp(input) : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  let metadata: Metadata;
  try {
    metadata = await sharp(source, { limitInputPixels: false }).metadata();
  } catch {
    throw new ConversionError(CONVERSION_MESSAGES.imageUnreadable);
  }
  const { width = 0, height = 0, orientation = 1, format } = metadata;
  if (!width || !height) throw new ConversionError(CONVERSION_MESSAGES.imageUnreadable);
  if (width * height > MAX_IMAGE_PIXELS) throw new ConversionError(CONVERSION_MESSAGES.imageTooLarge);

  const pdf = PDF.create();
  const rotation = ROTATION_BY_ORIENTATION[orientation];
  if (format === 'jpeg' && rotation !== undefined) {
    const image = pdf.embedJpeg(new Uint8Array(source.buffer, source.byteOffset, source.byteLength));
    const size = pageSize(width, height);
    const page = pdf.addPage(size);
    page.drawImage(image, { x: 0, y: 0, ...size });
    if (rotation) page.setRotation(rotation);
  } else {
    let png: Buffer;
    try {
      // rotate() with no angle applies the EXIF orientation; only the first frame of an animation is used.
      png = await sharp(source, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate().png().toBuffer();
    } catch {
      throw new ConversionError(CONVERSION_MESSAGES.imageUnreadable);
    }
    const upright = await sharp(png).metadata();
    const size = pageSize(upright.width ?? width, upright.height ?? height);
    const image = pdf.embedPng(new Uint8Array(png));
    pdf.addPage(size).drawImage(image, { x: 0, y: 0, ...size });
  }
  const bytes = await pdf.save();
  return { bytes, metadata: readPageSizes(pdf), warning: null, activeContent: null, isKeptSigned: false, found: null };
}
