import { SIGNATURE_FONTS, type SignatureFontId } from '@esign/shared';

/** Spec section 5: typed text is rendered centred on a 17500 x 750 canvas. */
export const TYPED_CANVAS = { width: 17_500, height: 750 } as const;
/** The canvas actually drawn: the spec's ratio at a fifth of its size (3500 x 150), plenty for a signature. */
export const TYPED_CANVAS_SCALE = 1 / 5;
/** The font size of typed text on the spec's canvas (the spec's drawing-preview size). */
export const TYPED_FONT_SIZE = 300;
/** Spec section 5: the preview starts at 36 px and shrinks until it fits the container minus 40 px. */
export const PREVIEW_FONT = { start: 36, min: 8, margin: 40 } as const;

/** Default initials: the first letters of the first two words of the name. */
export function defaultInitials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toUpperCase() ?? '')
    .join('');
}

/**
 * The largest whole font size, from `start` down to `min`, at which the text fits `containerWidth - margin`;
 * `measure` answers the text's width at a size.
 */
export function fitFontSize(
  measure: (fontSize: number) => number,
  containerWidth: number,
  { start, min, margin }: { start: number; min: number; margin: number } = PREVIEW_FONT,
): number {
  const available = containerWidth - margin;
  for (let size = start; size > min; size -= 1) {
    if (measure(size) <= available) return size;
  }
  return min;
}

/** The CSS font family of a signature font, with a fallback. */
export function signatureFontCss(fontId: SignatureFontId): string {
  return `"${SIGNATURE_FONTS[fontId]}", cursive`;
}

/**
 * Renders typed text as a PNG (data URL): centred on the spec's canvas at its scale, then cut to the text's width
 * with a small margin, so the image fills a signature field instead of being a thin strip.
 */
export async function renderTypedSignature(text: string, fontId: SignatureFontId): Promise<string> {
  const fontSize = TYPED_FONT_SIZE * TYPED_CANVAS_SCALE;
  const font = `${fontSize}px ${signatureFontCss(fontId)}`;
  await document.fonts.load(font, text);
  const width = TYPED_CANVAS.width * TYPED_CANVAS_SCALE;
  const height = TYPED_CANVAS.height * TYPED_CANVAS_SCALE;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (context === null) throw new Error('No 2D canvas');
  context.font = font;
  context.fillStyle = '#000';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(text, width / 2, height / 2, width);
  const textWidth = Math.min(width, Math.ceil(context.measureText(text).width) + fontSize);
  const cut = document.createElement('canvas');
  cut.width = textWidth;
  cut.height = height;
  cut.getContext('2d')?.drawImage(canvas, (width - textWidth) / 2, 0, textWidth, height, 0, 0, textWidth, height);
  return cut.toDataURL('image/png');
}
