import { z } from 'zod';
import { REQUISITE_LIMITS, REQUISITE_TYPES, REQUISITE_VALUE_TYPES } from '../account/requisites.js';
import { ROUTES } from '../api/routes.js';
import { FONT_IDS, SIGNATURE_FONTS, type SignatureFontId } from '../documents/field-appearance.js';
import { plainText } from '../validation/inputs.js';
import { MESSAGES } from '../validation/messages.js';

/** The most characters a base64 image of maxImageBytes takes (plus a data-URL prefix). */
const MAX_IMAGE_BASE64_LENGTH = Math.ceil(REQUISITE_LIMITS.maxImageBytes / 3) * 4 + 64;

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
  /** A signed URL (at most one hour) of the image; answered by the requisites calls. */
  imageUrl: z.string().nullable().optional(),
});
export type Requisite = z.infer<typeof requisite>;

const SIGNATURE_FONT_IDS = Object.keys(SIGNATURE_FONTS) as [SignatureFontId, ...SignatureFontId[]];

/**
 * One half of the pair as the client sends it. `image` is the PNG, JPEG, BMP or GIF in base64 (a data URL is
 * accepted too): drawn, uploaded, or, for typed text, the text rendered centred on the spec's canvas. On
 * update an item without `image` keeps its stored image.
 */
export const requisiteInput = z
  .object({
    id: z.string().uuid().optional(),
    type: z.enum(REQUISITE_TYPES),
    valueType: z.enum(REQUISITE_VALUE_TYPES),
    text: plainText()
      .max(REQUISITE_LIMITS.maxTextLength, MESSAGES.maxLength100)
      .refine((value) => value.trim().length > 0, MESSAGES.onlySpaces)
      .nullable()
      .optional(),
    image: z.string().min(1, MESSAGES.required).max(MAX_IMAGE_BASE64_LENGTH, MESSAGES.maxImageSize).optional(),
    fontFamily: z.enum(SIGNATURE_FONT_IDS).nullable().optional(),
    fontSize: z
      .number()
      .int()
      .min(REQUISITE_LIMITS.minFontSize)
      .max(REQUISITE_LIMITS.maxFontSize)
      .nullable()
      .optional(),
  })
  .refine((item) => item.valueType !== 'text' || Boolean(item.text), { message: MESSAGES.required, path: ['text'] });
export type RequisiteInput = z.infer<typeof requisiteInput>;

/**
 * The body of POST and PATCH requisites: the signature and its initials, always together; or (POST only) one company
 * stamp or seal, an uploaded image saved alone.
 */
export const requisitesBody = z.object({
  requisites: z
    .array(requisiteInput)
    .min(1, MESSAGES.requisitePairRequired)
    .max(2, MESSAGES.requisitePairRequired)
    .refine(
      (items) =>
        items.length === 1
          ? items[0]?.type === 'stamp'
          : items.some((item) => item.type === 'sign') && items.some((item) => item.type === 'initial'),
      { message: MESSAGES.requisitePairRequired },
    )
    .refine((items) => items.every((item) => item.type !== 'stamp' || item.valueType === 'upload'), {
      message: MESSAGES.stampUploadOnly,
    }),
  /**
   * The Electronic Signature Disclosure and Consent text the owner ticked when making the pair, as shown to them;
   * kept with the pair (a sender's certificate of completion quotes it). Left out, the pair records no consent.
   */
  consent: plainText().min(1, MESSAGES.required).max(2000).optional(),
});
export type RequisitesBody = z.infer<typeof requisitesBody>;

/** GET requisites: the caller's saved signatures and initials (a user's, or the signer's of the link token). */
export const listRequisites = {
  ...ROUTES.listRequisites,
  querystring: z.object({ withDeleted: z.enum(['true', 'false']).optional() }),
  response: z.array(requisite),
} as const;

/** POST requisites: a new pair (signature and initials, linked by siblingId), or a stamp alone. */
export const createRequisites = {
  ...ROUTES.createRequisites,
  body: requisitesBody,
  response: z.array(requisite),
} as const;

/** PATCH requisites: changes an existing pair; both items carry their ids (a stamp is deleted and added again). */
export const updateRequisites = {
  ...ROUTES.updateRequisites,
  body: requisitesBody,
  response: z.array(requisite),
} as const;

/** DELETE requisites/{id}: soft-deletes the item and its sibling. */
export const deleteRequisite = {
  ...ROUTES.deleteRequisite,
  params: z.object({ id: z.string().uuid({ error: MESSAGES.notFound }) }),
  response: z.object({ success: z.literal(true) }),
} as const;
