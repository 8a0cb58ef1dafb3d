import { type Signer, type SignerColor, signerColor } from '@esign/shared';

/** The CSS colour of each signer colour name of the spec. */
export const SIGNER_CSS_COLORS: Record<SignerColor, string> = {
  orange: '#f08c00',
  green: '#2f9e44',
  turquoise: '#0ca678',
  blue: '#1c7ed6',
  red: '#e03131',
  lightGreen: '#74b816',
  violet: '#7048e8',
  yellow: '#f5b800',
  darkBlue: '#1a3d8f',
  darkViolet: '#5f3dc4',
  user: '#3b5bdb',
  empty: '#868e96',
};

export function signerCssColor(signer: Signer | null | undefined): string {
  return SIGNER_CSS_COLORS[signerColor(signer)];
}

/** How much of a signer's colour its field boxes are filled with, over the white page. */
export const SIGNER_TINT = 0.14;

/** A field box's fill: the signer's colour at SIGNER_TINT over white, as one opaque colour. */
export function tintOverWhite(color: string): string {
  return toHex(fromHex(color).map((channel) => 255 + (channel - 255) * SIGNER_TINT));
}

/**
 * The signer's colour darkened just enough for a small label to read on its own tint (WCAG AA, 4.5:1): the colour
 * still says whose field it is, and the text reads for everyone.
 */
export function signerTextColor(color: string): string {
  const background = tintOverWhite(color);
  const rgb = fromHex(color);
  for (let shade = 1; shade > 0; shade -= 0.05) {
    const candidate = toHex(rgb.map((channel) => channel * shade));
    if (contrastRatio(candidate, background) >= 4.5) return candidate;
  }
  return '#000000';
}

/** WCAG 2 contrast ratio of two #rrggbb colours. */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

function luminance(color: string): number {
  const [r, g, b] = fromHex(color).map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function fromHex(color: string): number[] {
  return [1, 3, 5].map((start) => Number.parseInt(color.slice(start, start + 2), 16));
}

function toHex(rgb: number[]): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}
