/**
 * The postcode pattern of a country (the `postcode` validation preset, issue 37): a table of the common written
 * forms, matched against the whole value without regard to case, spaces as in the country's usual form (one space
 * where the country writes one, optional where it is often left out). Countries by ISO 3166 alpha-2.
 */
export const POSTCODE_PATTERNS = {
  AT: /^\d{4}$/,
  AU: /^\d{4}$/,
  BE: /^\d{4}$/,
  BR: /^\d{5}-?\d{3}$/,
  CA: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i,
  CH: /^\d{4}$/,
  CZ: /^\d{3} ?\d{2}$/,
  DE: /^\d{5}$/,
  DK: /^\d{4}$/,
  ES: /^(?:0[1-9]|[1-4]\d|5[0-2])\d{3}$/,
  FI: /^\d{5}$/,
  FR: /^\d{2} ?\d{3}$/,
  GB: /^(?:GIR ?0AA|[A-PR-UWYZ](?:\d[A-HJKPSTUW\d]?|[A-HK-Y]\d[ABEHMNPRVWXY\d]?) ?\d[ABD-HJLNP-UW-Z]{2})$/i,
  GR: /^\d{3} ?\d{2}$/,
  HU: /^\d{4}$/,
  IE: /^(?:[AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$/i,
  IN: /^[1-9]\d{2} ?\d{3}$/,
  IT: /^\d{5}$/,
  JP: /^\d{3}-?\d{4}$/,
  LU: /^(?:L-)?\d{4}$/i,
  MX: /^\d{5}$/,
  NL: /^[1-9]\d{3} ?(?!SA|SD|SS)[A-Z]{2}$/i,
  NO: /^\d{4}$/,
  NZ: /^\d{4}$/,
  PL: /^\d{2}-\d{3}$/,
  PT: /^\d{4}-\d{3}$/,
  SE: /^\d{3} ?\d{2}$/,
  US: /^\d{5}(?:-\d{4})?$/,
} as const satisfies Record<string, RegExp>;

export type PostcodeCountry = keyof typeof POSTCODE_PATTERNS;
export const POSTCODE_COUNTRIES = Object.keys(POSTCODE_PATTERNS) as PostcodeCountry[];

/** Whether the text is a postcode of the country (false for a country the table does not have). */
export function isPostcode(country: string, text: string): boolean {
  const pattern = (POSTCODE_PATTERNS as Record<string, RegExp>)[country];
  return pattern ? pattern.test(text.trim()) : false;
}
