import { AVATAR_EXTENSIONS, AVATAR_MAX_BYTES, AVATAR_SIZE_PX } from '@esign/shared';

/** The first bytes of each allowed picture type: JPEG, PNG, BMP. */
const SIGNATURES: readonly number[][] = [
  [0xff, 0xd8, 0xff],
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  [0x42, 0x4d],
];

/**
 * Why a picked file cannot be an avatar, or null: its name's type and its content must both be .jpg, .jpeg, .png or
 * .bmp ('File format is not correct'); its size at most AVATAR_MAX_BYTES. The server checks the content again.
 */
export function avatarProblem(file: { name: string; size: number }, head: Uint8Array): 'format' | 'size' | null {
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

/** The chosen square of the picture, drawn at 128x128 as a PNG. */
export async function croppedAvatar(imageUrl: string, area: PixelArea): Promise<Blob> {
  const image = new Image();
  image.src = imageUrl;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_SIZE_PX;
  canvas.height = AVATAR_SIZE_PX;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, AVATAR_SIZE_PX, AVATAR_SIZE_PX);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas gave no PNG'))), 'image/png'),
  );
}
