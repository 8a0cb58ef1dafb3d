import { MESSAGES, REQUISITE_LIMITS } from '@esign/shared';
import { decode as decodeBmpData } from 'bmp-ts';
import { fileTypeFromBuffer } from 'file-type';
import type { ResizeOptions } from 'sharp';
import { AppError } from './errors.js';
import { loadSharp } from './sharp.js';

/** Decoding larger images would take too much memory. */
const MAX_IMAGE_PIXELS = 100_000_000;
/** A saved signature never needs more than this many pixels on its longer side. */
const MAX_STORED_SIDE = 4000;
const ALLOWED_TYPES = new Set(['png', 'jpg', 'bmp', 'gif']);

const unreadable = () => new AppError('VALIDATION_ERROR', MESSAGES.requisiteImageUnreadable);

/** The bytes of a base64 image, with or without a data-URL prefix; over 40 MB is refused. */
export function decodeImage(base64: string): Buffer {
  const comma = base64.startsWith('data:') ? base64.indexOf(',') : -1;
  const payload = comma >= 0 ? base64.slice(comma + 1) : base64;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload)) throw unreadable();
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length > REQUISITE_LIMITS.maxImageBytes) throw new AppError('VALIDATION_ERROR', MESSAGES.maxImageSize);
  if (bytes.length === 0) throw unreadable();
  return bytes;
}

async function bmpToPng(bytes: Buffer): Promise<Buffer> {
  const image = decodeBmpData(bytes, { toRGBA: true });
  if (image.width * image.height > MAX_IMAGE_PIXELS) throw unreadable();
  const sharp = await loadSharp();
  const raw = sharp(Buffer.from(image.data), { raw: { width: image.width, height: image.height, channels: 4 } });
  // Only 32-bit BMPs carry alpha; in the others that byte is padding.
  return (image.bitPP === 32 ? raw : raw.removeAlpha()).png().toBuffer();
}

/**
 * A PNG of an image of one of `types` decided by content (never by a name or a declared type), shown upright (EXIF
 * orientation), first frame only, resized as `resize` says; anything else, or a file that does not decode, is
 * refused with `refusal`. Saved signatures and avatars both come through here.
 */
export async function pngOfImage(
  bytes: Buffer,
  options: { types: ReadonlySet<string>; resize: ResizeOptions; refusal: () => AppError; maxPixels?: number },
): Promise<Buffer> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !options.types.has(detected.ext)) throw options.refusal();
  try {
    const source = detected.ext === 'bmp' ? await bmpToPng(bytes) : bytes;
    const sharp = await loadSharp();
    return await sharp(source, { limitInputPixels: options.maxPixels ?? MAX_IMAGE_PIXELS })
      .rotate()
      .resize(options.resize)
      .png()
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw options.refusal();
  }
}

/** A saved signature's PNG: PNG, JPEG, BMP or GIF, at most 4000 pixels on its longer side. */
export async function normaliseImage(bytes: Buffer): Promise<Buffer> {
  return pngOfImage(bytes, {
    types: ALLOWED_TYPES,
    resize: { width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true },
    refusal: unreadable,
  });
}
