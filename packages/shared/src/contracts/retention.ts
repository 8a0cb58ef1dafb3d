import { z } from 'zod';
import { ROUTES } from '../api/routes.js';
import { RETENTION_MAX_DAYS } from '../documents/retention.js';
import { email } from '../validation/inputs.js';
import { MESSAGES } from '../validation/messages.js';
import { documentIdParams } from './documents.js';

/**
 * Retention rules, legal hold and erasure on request (issue 39, `modules/retention`): the account owner's settings,
 * a document's hold (its owner, the team's owner and admins), and a person erased from the account by e-mail.
 */
export const retentionSettings = z.object({
  /** Days a completed, declined, voided or expired document is kept after it ended; null: forever (the default). */
  retentionDays: z.number().int().nullable(),
  /** The whole account is on legal hold since then (nothing is removed); null: not held. */
  legalHoldAt: z.string().nullable(),
});
export type RetentionSettings = z.infer<typeof retentionSettings>;

export const updateRetentionRequest = z.object({
  retentionDays: z
    .number({ error: MESSAGES.retentionDaysInvalid })
    .int(MESSAGES.retentionDaysInvalid)
    .min(1, MESSAGES.retentionDaysInvalid)
    .max(RETENTION_MAX_DAYS, MESSAGES.retentionDaysInvalid)
    .nullable(),
  legalHold: z.boolean(),
});

/** GET user/retention: the account's rule and hold (the account owner's). */
export const getRetention = { ...ROUTES.getRetention, response: retentionSettings } as const;
/** PUT user/retention. */
export const updateRetention = {
  ...ROUTES.updateRetention,
  body: updateRetentionRequest,
  response: retentionSettings,
} as const;

export const legalHoldRequest = z.object({ isHeld: z.boolean() });
export const legalHoldAnswer = z.object({ id: z.string().uuid(), legalHoldAt: z.string().nullable() });
/** PUT documents/{id}/legal_hold: one document's hold set or released (recorded in its activity). */
export const setLegalHold = {
  ...ROUTES.setLegalHold,
  params: documentIdParams,
  body: legalHoldRequest,
  response: legalHoldAnswer,
} as const;

export const erasureRequest = z.object({
  email,
  /** Remove the completed documents the person is in as well (files and personal data; the stub stays). */
  includeCompleted: z.boolean().default(false),
  /** Answer what would happen and change nothing (the confirm step). */
  dryRun: z.boolean().default(false),
});

const erasedDocument = z.object({ id: z.string().uuid(), title: z.string(), status: z.string() });

export const erasureAnswer = z.object({
  dryRun: z.boolean(),
  /** The same address was erased from this account before (recognised by its keyed hash). */
  isRepeated: z.boolean(),
  /** What was (or would be) replaced: recipients of drafts, awaiting and ended documents, templates' prefills... */
  replaced: z.object({
    recipients: z.number().int(),
    templateRecipients: z.number().int(),
    signingLinks: z.number().int(),
    sharedWith: z.number().int(),
    bulkSendRows: z.number().int(),
    mails: z.number().int(),
    activities: z.number().int(),
    events: z.number().int(),
    apiAnswers: z.number().int(),
  }),
  /**
   * Documents the person is in that are kept as they are: completed ones, sealed evidence of what was signed (with
   * `includeCompleted` these are removed instead), and any under a legal hold.
   */
  kept: z.array(erasedDocument.extend({ reason: z.enum(['sealedEvidence', 'legalHold']) })),
  /** Completed documents removed with `includeCompleted` (their stubs stay). */
  removed: z.array(erasedDocument),
});
export type ErasureAnswer = z.infer<typeof erasureAnswer>;

/** POST user/erasures: a person erased from the account by e-mail (or, with dryRun, what that would do). */
export const erasePerson = {
  ...ROUTES.erasePerson,
  body: erasureRequest,
  response: erasureAnswer,
} as const;

/** POST operator/documents/retention-sweep (OPERATOR_TOKEN): the retention run at once, as of `asOf` when given. */
export const operatorRetentionSweep = {
  ...ROUTES.operatorRetentionSweep,
  body: z.object({ asOf: z.string().datetime().optional() }),
  response: z.object({ removed: z.number().int() }),
} as const;
