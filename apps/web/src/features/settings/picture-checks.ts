import { AVATAR_EXTENSIONS, AVATAR_MAX_BYTES } from '@esign/shared';

/** The first bytes of each allowed picture type: JPEG, PNG, BMP. */
const SIGNATURES: readonly number[][] = [
  [0xff, 0xd8, 0xff],
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  [0x42, 0x4d],
];

/**
 * Why a picked file cannot be an avatar or a company logo, or null: its name's type and its content must both be
 * .jpg, .jpeg, .png or .bmp ('File format is not correct'); its size at most 5 MB (both pictures have the same
 * rules). The server checks the content again.
 */
export function pictureProblem(file: { name: string; size: number }, head: Uint8Array): 'format' | 'size' | null {
  const extension = file.name.includes('.') ? (file.name.split('.').pop()?.toLowerCase() ?? '') : '';
  if (!(AVATAR_EXTENSIONS as readonly string[]).includes(extension)) return 'format';
  if (!SIGNATURES.some((signature) => signature.every((byte, index) => head[index] === byte))) return 'format';
  if (file.size > AVATAR_MAX_BYTES) return 'size';
  return null;
}

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The chosen area of the picture, drawn at `size` (the avatar's 128x128, the logo's 280x50) as a PNG. */
export async function croppedPicture(
  imageUrl: string,
  area: PixelArea,
  size: { width: number; height: number },
): Promise<Blob> {
  const image = new Image();
  image.src = imageUrl;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size.width, size.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas gave no PNG'))), 'image/png'),
  );
}
