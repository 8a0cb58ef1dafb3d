import { z } from 'zod';

/**
 * Every event the outbox records (modules/events): what webhooks can subscribe to and what realtime pushes.
 * `webhook.test` is only ever sent to the one subscription whose owner asked for it.
 */
export const EVENT_TYPES = [
  'document.created',
  'document.sent',
  'document.viewed',
  'document.signed',
  'document.completed',
  'document.sealed',
  'document.reverted',
  'document.deleted',
  'document.part_converted',
  'document.conversion_finished',
  'document.conversion_failed',
  // The life of a sent document (documents/lifecycle.ts): message carries the reason of a decline or a void.
  'document.declined',
  'document.voided',
  'document.expired',
  'document.expiry_extended',
  // An archive timestamp added to a sealed file (issue 35); message: 'pending' (after an outage) or 'renewal'.
  'document.timestamped',
  // Issue 39: its files and personal data removed (the retention rule or an erasure); a stub is kept.
  'document.removed',
  'form.submitted',
  // Issue 36: what an approver or a viewer did (their `signers` names them; a rejection's reason is `message`).
  'recipient.approved',
  'recipient.rejected',
  'recipient.viewed',
  // A pending signer corrected by the sender, or handed on by the signer to someone else (issue 36).
  'recipient.updated',
  'recipient.reassigned',
  // Issue 38: a recipient proved who they are by a mailed or texted code (`message`: email or sms).
  'recipient.identity_checked',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const TEST_EVENT_TYPE = 'webhook.test';

/** The people an event names (the signer who viewed or signed, the signers a send went to). */
const eventSigner = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** One payload shape for every document event: the document as it is after the change, and the signers named. */
export const documentEventPayload = z.object({
  document: z.object({
    id: z.string(),
    title: z.string(),
    status: z.string(),
    type: z.string(),
  }),
  signers: z.array(eventSigner),
  /** conversion_failed: the sentence the owner sees; form.submitted: the form the document was made from. */
  message: z.string().optional(),
  formId: z.string().optional(),
});
export type DocumentEventPayload = z.infer<typeof documentEventPayload>;

/** What a webhook's body and a realtime push carry. */
export const eventMessage = z.object({
  id: z.string(),
  type: z.string(),
  /** Per document, from 1, in commit order of the document's changes. */
  sequence: z.number().int(),
  documentId: z.string().nullable(),
  createdAt: z.string(),
  data: documentEventPayload.or(z.object({ message: z.string() })),
});
export type EventMessage = z.infer<typeof eventMessage>;

/** Webhooks: delivery retries (Standard Webhooks: at least 8 tries over about a day) and the secret's prefix. */
export const WEBHOOK_LIMITS = {
  secretPrefix: 'whsec_',
  /** Retries after the first try; with the back-off doubling from 60 s, the last is about 17 hours later. */
  retries: 10,
  retryDelaySeconds: 60,
  timeoutMs: 10_000,
  maxResponseBytes: 1024 * 1024,
  /** Bytes of an answer's body kept in the delivery log. */
  loggedBodyBytes: 2048,
  /** A rotated-out secret still signs alongside the new one this long. */
  previousSecretHours: 24,
  /** A subscription failing without a success this long is disabled and its owner mailed. */
  disableAfterDays: 3,
  perAccount: 20,
} as const;
