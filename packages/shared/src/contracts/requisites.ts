import { z } from 'zod';
import { FONT_IDS } from '../document-fields.js';

export const REQUISITE_TYPES = ['sign', 'initial'] as const;
export const REQUISITE_VALUE_TYPES = ['text', 'draw', 'upload'] as const;

/** A saved signature or initials (spec: Requisite). Signature and initials are linked by siblingId. */
export const requisite = z.object({
  id: z.string().uuid(),
  type: z.enum(REQUISITE_TYPES),
  valueType: z.enum(REQUISITE_VALUE_TYPES),
  /** The typed text, for valueType text. */
  text: z.string().nullable(),
  /** The PNG image in storage (drawn, uploaded, or the typed text rendered); read it through a signed URL. */
  fileKey: z.string().nullable(),
  siblingId: z.string().uuid().nullable(),
  fontFamily: z.enum(FONT_IDS).nullable(),
  fontSize: z.number().int().nullable(),
  createdAt: z.string(),
  deletedAt: z.string().nullable(),
});
export type Requisite = z.infer<typeof requisite>;
