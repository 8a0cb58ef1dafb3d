/**
 * What document fields draw with, as the specification defines it (sections 3, 5 and 9): fonts, date formats,
 * signer colours, the editor's zoom and limits. The field types themselves, their sizes and the field's keys are
 * in field-kinds.ts.
 */

export const FONT_SIZE = { min: 7, max: 48, default: 14 } as const;

/** The 8 script fonts of typed signatures (spec section 3), by id. */
export const SIGNATURE_FONTS = {
  dancingScript: 'Dancing Script',
  sacramento: 'Sacramento',
  laBelleAurore: 'La Belle Aurore',
  bilboSwashCaps: 'Bilbo Swash Caps',
  yellowtail: 'Yellowtail',
  greatVibes: 'Great Vibes',
  qwigley: 'Qwigley',
  marckScript: 'Marck Script',
} as const;
export type SignatureFontId = keyof typeof SIGNATURE_FONTS;
export const DEFAULT_SIGNATURE_FONT: SignatureFontId = 'dancingScript';

/**
 * The 20 text fonts; with the script fonts, the 28 fonts of the spec. Every one is an open font, so the browser
 * and the sealed PDF draw the same glyphs (Arial, Times New Roman and Courier New are served by their
 * metric-compatible open twins Arimo, Tinos and Cousine).
 */
export const TEXT_FONTS = {
  arial: 'Arial',
  timesNewRoman: 'Times New Roman',
  courierNew: 'Courier New',
  roboto: 'Roboto',
  openSans: 'Open Sans',
  lato: 'Lato',
  montserrat: 'Montserrat',
  oswald: 'Oswald',
  raleway: 'Raleway',
  merriweather: 'Merriweather',
  playfairDisplay: 'Playfair Display',
  sourceSans3: 'Source Sans 3',
  notoSans: 'Noto Sans',
  ptSans: 'PT Sans',
  ptSerif: 'PT Serif',
  ubuntu: 'Ubuntu',
  nunito: 'Nunito',
  poppins: 'Poppins',
  robotoMono: 'Roboto Mono',
  libreBaskerville: 'Libre Baskerville',
} as const;
export type TextFontId = keyof typeof TEXT_FONTS;
export const DEFAULT_TEXT_FONT: TextFontId = 'arial';

export const FONTS = { ...TEXT_FONTS, ...SIGNATURE_FONTS } as const;
export type FontId = keyof typeof FONTS;
export const FONT_IDS = Object.keys(FONTS) as [FontId, ...FontId[]];

/** Field date formats; the spec also writes them MM_DD_YYYY and so on. */
export const FIELD_DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'MM/DD/YY', 'DD/MM/YY'] as const;
export type FieldDateFormat = (typeof FIELD_DATE_FORMATS)[number];
export const DEFAULT_FIELD_DATE_FORMAT: FieldDateFormat = 'MM/DD/YYYY';

/** Formats a calendar date (year, month 1-12, day) in a field date format. */
export function formatFieldDate(date: { year: number; month: number; day: number }, format: FieldDateFormat): string {
  const dd = String(date.day).padStart(2, '0');
  const mm = String(date.month).padStart(2, '0');
  const yyyy = String(date.year).padStart(4, '0');
  const yy = yyyy.slice(-2);
  switch (format) {
    case 'MM/DD/YYYY':
      return `${mm}/${dd}/${yyyy}`;
    case 'DD/MM/YYYY':
      return `${dd}/${mm}/${yyyy}`;
    case 'MM/DD/YY':
      return `${mm}/${dd}/${yy}`;
    case 'DD/MM/YY':
      return `${dd}/${mm}/${yy}`;
  }
}

/** Signer colours, cycled by signer order; the preparer and signing mode use 'user', unassigned fields 'empty'. */
export const SIGNER_COLORS = [
  'orange',
  'green',
  'turquoise',
  'blue',
  'red',
  'lightGreen',
  'violet',
  'yellow',
  'darkBlue',
  'darkViolet',
] as const;
export type SignerColor = (typeof SIGNER_COLORS)[number] | 'user' | 'empty';

export function signerColor(signer: { order: number; isPreparer: boolean } | null | undefined): SignerColor {
  if (!signer) return 'empty';
  if (signer.isPreparer) return 'user';
  const index = (((signer.order - 1) % SIGNER_COLORS.length) + SIGNER_COLORS.length) % SIGNER_COLORS.length;
  return SIGNER_COLORS[index] ?? 'empty';
}

/** Section 9: zoom from 25% to 300% in 25% steps; page width constant. */
export const ZOOM = { min: 0.25, max: 3, step: 0.25, default: 1 } as const;
export const PAGE_WIDTH_PX = 752;
export const MAX_SIGNERS = 25;
export const AUTO_SAVE_INTERVAL_MS = 3000;
export const CONVERSION_POLL_INTERVAL_MS = 3000;
