/**
 * Saved signatures' kinds and limits; zod-free, so the browser can use them anywhere. A signature and its initials
 * are saved as a pair; a company stamp or seal (`stamp`, an uploaded image) is saved alone.
 */
export const REQUISITE_TYPES = ['sign', 'initial', 'stamp'] as const;
export const REQUISITE_VALUE_TYPES = ['text', 'draw', 'upload'] as const;
export type RequisiteType = (typeof REQUISITE_TYPES)[number];
export type RequisiteValueType = (typeof REQUISITE_VALUE_TYPES)[number];

/** Limits of saved signatures (spec sections 5 and 9). */
export const REQUISITE_LIMITS = {
  /** Typed signature text. */
  maxTextLength: 100,
  /** An uploaded (or drawn) image: 40 MB. */
  maxImageBytes: 41_943_040,
  /** The image formats an upload may have. */
  imageExtensions: ['png', 'jpg', 'jpeg', 'bmp', 'gif'],
  /** Font size range of a typed signature rendered onto its canvas. */
  minFontSize: 1,
  maxFontSize: 300,
} as const;
