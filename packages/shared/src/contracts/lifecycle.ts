import { z } from 'zod';
import { ROUTES } from '../api/routes.js';
import { DOCUMENT_STATUSES } from '../documents/constants.js';
import { ENDED_STATUSES } from '../documents/lifecycle.js';
import { reasonText } from '../validation/inputs.js';
import { MESSAGES } from '../validation/messages.js';
import { documentIdParams } from './documents.js';

/**
 * The life of a sent document besides completion (issue 36, documents/lifecycle.ts): a signer declines with a
 * reason, the sender voids with a reason, an expiry date is set or moved (an expired document becomes awaiting
 * again), and an ended document is copied into a new draft ('Edit & Resend').
 */

/** An expiry date, YYYY-MM-DD: signable through the end of that day (UTC); null takes the date away. */
export const expiryDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGES.expiryDateInvalid);

const uuid = z.string().uuid({ error: MESSAGES.documentNotFound });

/** POST .../signers/{signerId}/decline: the signer refuses; the document is declined and every link dies. */
export const declineDocument = {
  ...ROUTES.declineDocument,
  params: z.object({ id: uuid, signerId: uuid }),
  body: z.object({ reason: reasonText }),
  response: z.object({ documentStatus: z.literal('declined') }),
} as const;

export const documentStatusAnswer = z.object({
  id: z.string().uuid(),
  status: z.enum(DOCUMENT_STATUSES),
  /** The instant the document stops being signable (the end of its expiry date, UTC); null: never. */
  expiresAt: z.string().nullable(),
});

/** POST documents/{id}/void: an awaiting document withdrawn by its sender; the invited signers are mailed. */
export const voidDocument = {
  ...ROUTES.voidDocument,
  params: documentIdParams,
  body: z.object({ reason: reasonText }),
  response: documentStatusAnswer,
} as const;

/**
 * PATCH documents/{id}/expiry: a draft's or an awaiting document's expiry date set, moved or taken away (null); an
 * expired document given a new date is awaiting again, its signers' links working again.
 */
export const setDocumentExpiry = {
  ...ROUTES.setDocumentExpiry,
  params: documentIdParams,
  body: z.object({ expiresAt: expiryDate.nullable() }),
  response: documentStatusAnswer,
} as const;

/** POST documents/{id}/resend_copy: a declined, voided or expired document copied into a new draft to edit and send. */
export const resendEndedDocument = {
  ...ROUTES.resendEndedDocument,
  params: documentIdParams,
  response: z.object({ id: z.string().uuid(), status: z.literal('draft') }),
} as const;

/** Why a link no longer opens, as the signer's page says it (GET .../link_status). */
export const linkEndReason = z.enum(ENDED_STATUSES);

/**
 * POST operator/documents/expiry-sweep (OPERATOR_TOKEN): the expiry sweep run at once, as of `asOf` when given (an
 * operator checking what the schedule will do by a date; the end-to-end journeys), else now.
 */
export const operatorExpirySweep = {
  ...ROUTES.operatorExpirySweep,
  body: z.object({ asOf: z.string().datetime().optional() }),
  response: z.object({ reminded: z.number().int(), expired: z.number().int() }),
} as const;
