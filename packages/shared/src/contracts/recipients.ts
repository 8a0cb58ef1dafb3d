import { z } from 'zod';
import { ROUTES } from '../api/routes.js';
import { SIGNER_ACCESS_CODE_MAX_LENGTH } from '../documents/recipient-changes.js';
import { LANGUAGES } from '../i18n/languages.js';
import { email, hasNoControlCharacters, personName, reasonText } from '../validation/inputs.js';
import { MESSAGES } from '../validation/messages.js';
import { document, documentIdParams } from './documents.js';
import { documentSignerParams } from './signing.js';

/**
 * A sent document's signers after sending (issue 36). The sender corrects a signer who has not signed (their old
 * link dies, a new invitation goes out) and allows or forbids reassignment; a signer hands their part on; the
 * sender hosts a signing in person on their own device.
 */

/**
 * The correction: any of name, e-mail, the signer's own access code (null: the document's, if any) and the
 * language of their mails and page (null: the document's).
 */
export const updateRecipientRequest = z.object({
  name: personName.optional(),
  email: email.optional(),
  accessCode: z
    .string()
    .trim()
    .min(1, MESSAGES.required)
    .max(SIGNER_ACCESS_CODE_MAX_LENGTH, MESSAGES.maxLength100)
    .refine(hasNoControlCharacters, MESSAGES.controlCharacters)
    .nullable()
    .optional(),
  language: z.enum(LANGUAGES).nullable().optional(),
});
export type UpdateRecipientRequest = z.input<typeof updateRecipientRequest>;

/** PATCH documents/{id}/signers/{signerId}: the document as it is after the correction. */
export const updateRecipient = {
  ...ROUTES.updateRecipient,
  params: documentSignerParams,
  body: updateRecipientRequest,
  response: document,
} as const;

export const setReassignmentRequest = z.object({ allowReassign: z.boolean() });
/** PATCH documents/{id}/reassignment: whether its signers may hand their part on (a draft or an awaiting one). */
export const setReassignment = {
  ...ROUTES.setReassignment,
  params: documentIdParams,
  body: setReassignmentRequest,
  response: document,
} as const;

/** POST document_sign/documents/{id}/signers/{signerId}/reassign: the signer's part to someone else. */
export const reassignSignerRequest = z.object({
  name: personName,
  email,
  reason: reasonText,
});
export type ReassignSignerRequest = z.input<typeof reassignSignerRequest>;
export const reassignSigner = {
  ...ROUTES.reassignSigner,
  params: documentSignerParams,
  body: reassignSignerRequest,
  response: z.object({ success: z.literal(true) }),
} as const;

/**
 * POST documents/{id}/signers/{signerId}/in_person: a signing link for the sender's own browser, for that signer
 * alone, living `IN_PERSON_TOKEN_TTL_SECONDS` and only until the signer signs. Never mailed, never stored raw.
 */
export const startInPersonSigning = {
  ...ROUTES.startInPersonSigning,
  params: documentSignerParams,
  response: z.object({ token: z.string(), expiresAt: z.string() }),
} as const;
