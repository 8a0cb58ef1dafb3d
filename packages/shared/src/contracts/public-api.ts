import { z } from 'zod';
import { API_PLAN_TYPES } from '../account/billing.js';
import { ERROR_CODES } from '../api/errors.js';
import { DOCUMENT_STATUSES } from '../documents/constants.js';
import { MAX_SIGNERS } from '../documents/field-appearance.js';
import { RECIPIENT_ROLES, type RecipientRole } from '../documents/recipient-steps.js';
import { SIGNER_VERIFICATIONS } from '../documents/signer-verification.js';
import { plainText } from '../validation/inputs.js';
import { MESSAGES } from '../validation/messages.js';
import { API_KEY_MODES, type ApiRequestType } from './api-keys.js';
import { fieldAttachment } from './attachments.js';
import { documentListItem, documentListQuery, documentListResponse } from './document-list.js';
import { signerInput } from './documents.js';
import { documentStatusAnswer, expiryDate, setDocumentExpiry, voidDocument } from './lifecycle.js';
import { setReassignmentRequest, updateRecipientRequest } from './recipients.js';
import { erasePerson, getRetention, setLegalHold, updateRetention } from './retention.js';
import { createWebhookRequest, webhookSubscription } from './webhooks.js';

/** The public API's prefix: authenticated by `Authorization: Bearer <API key>` alone. */
export const PUBLIC_API_PREFIX = '/api/public/v1';
/** Where the public API's own OpenAPI document is served. */
export const PUBLIC_API_DOCS_PATH = '/api/public/docs';
/** The header of a public POST's safe retries (kept 24 hours). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/** Every public answer that is not a success: a stable code, a message and the request's id. */
export const publicErrorResponse = z.object({
  statusCode: z.number().int(),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  requestId: z.string(),
});
export type PublicErrorResponse = z.infer<typeof publicErrorResponse>;

interface PublicRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  /** The request history's type of this route. */
  type: ApiRequestType;
  summary: string;
}

/** sign_request: an API template sent to its signers (one per role, in the roles' order). */
export const signRequestBody = z
  .object({
    templateId: z.string().uuid({ error: MESSAGES.apiTemplateNotFound }),
    title: plainText().max(100, MESSAGES.maxLength100).optional(),
    message: plainText().max(1000).nullable().optional(),
    /**
     * One per role, in the roles' order. `verification` (issue 38): how the signer proves who they are before the
     * document opens (none, email, sms, email_sms; the role's when left out), and `phone` the number (with its
     * country code) an SMS code goes to.
     */
    signers: z
      .array(signerInput.pick({ name: true, email: true, verification: true, phone: true }))
      .min(1, MESSAGES.documentNeedsSigner)
      .max(MAX_SIGNERS, MESSAGES.signersLimit),
    /** Fields' values by their label (the placeholder, any case), as a bulk send's columns: any text-value kind (issue 37). */
    fieldValues: z.record(z.string().max(100), plainText().max(1000)).optional(),
    /** Where the signer goes after signing (https). */
    redirectionPage: z.string().url().max(500).optional(),
    /** Answer a signing link per signer, to open (or embed) at once. */
    withSigningLinks: z.boolean().default(false),
    /**
     * The last day it may be signed (YYYY-MM-DD, through its end in UTC); it then expires (issue 36). Not given: the
     * template's default expiry in days (counted from the request), if it has one.
     */
    expiresAt: expiryDate
      .optional()
      .describe(
        "The last day it may be signed (YYYY-MM-DD, through its end in UTC). Not given: the template's default expiry in days, counted from today, if it has one.",
      ),
  })
  .meta({
    example: {
      templateId: '3f1c8a52-6d7e-4b0a-9a3e-2f9f5c1d7e10',
      title: 'Employment contract',
      signers: [{ name: 'Ada Lovelace', email: 'ada@example.com' }],
      fieldValues: { 'Start date': '2027-01-04' },
      withSigningLinks: true,
    },
  });
export type SignRequestBody = z.input<typeof signRequestBody>;

/**
 * A recipient's status: `awaiting` its turn or its act; `signed`, `approved` or `viewed` (acknowledged) when it
 * has acted by its role; `rejected`, an approver who refused; `copy`, a cc (gets the completed document).
 */
export const API_RECIPIENT_STATUSES = ['signed', 'awaiting', 'approved', 'rejected', 'viewed', 'copy'] as const;

export const apiSigner = z.object({
  id: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  order: z.number().int(),
  /** What the recipient does (signer, approver, viewer, cc) and its step of the order (issue 36). */
  recipientRole: z.enum(RECIPIENT_ROLES),
  step: z.number().int(),
  status: z.enum(API_RECIPIENT_STATUSES),
  /** How the recipient proves who they are before the document opens, and the SMS code's number (issue 38). */
  verification: z.enum(SIGNER_VERIFICATIONS),
  phone: z.string().nullable(),
});
export type ApiSigner = z.infer<typeof apiSigner>;

/** The public status of a recipient from its role, whether it finished and whether it rejected. */
export function apiRecipientStatus(
  recipient: { recipientRole: RecipientRole; isFinished: boolean },
  isRejected: boolean,
): ApiSigner['status'] {
  if (recipient.recipientRole === 'cc') return 'copy';
  if (isRejected) return 'rejected';
  if (!recipient.isFinished) return 'awaiting';
  return recipient.recipientRole === 'approver'
    ? 'approved'
    : recipient.recipientRole === 'viewer'
      ? 'viewed'
      : 'signed';
}

export const signRequestResponse = z.object({
  documentId: z.string().uuid(),
  status: z.enum(DOCUMENT_STATUSES),
  testMode: z.boolean(),
  /**
   * The code the signers are asked for before the document opens (the company's signer access codes are on; test
   * documents too, so a test goes through what a live signer meets); null when there is none. Hand it to them.
   */
  accessCode: z.string().nullable(),
  /** With `withSigningLinks`: a fresh link per signer (each answer, a repeat too, makes new ones). */
  signingLinks: z.array(z.object({ signerId: z.string().uuid(), email: z.string(), url: z.string() })).optional(),
});
export type SignRequestResponse = z.infer<typeof signRequestResponse>;

export const publicSignRequest = {
  method: 'POST',
  path: '/sign_request',
  type: 'sign_request',
  summary: 'Send an API template to signers',
  body: signRequestBody,
  response: signRequestResponse,
} as const satisfies PublicRoute & Record<string, unknown>;

export const publicRecentDocument = {
  method: 'GET',
  path: '/documents/recent',
  type: 'get_recent_document',
  summary: 'The newest document',
  response: documentListItem,
} as const satisfies PublicRoute & Record<string, unknown>;

/** get_documents: the list of the web app, filtered and paged the same way (test documents only when asked). */
export const publicDocumentsQuery = documentListQuery.omit({ scope: true });
export type PublicDocumentsQuery = z.input<typeof publicDocumentsQuery>;
export const publicDocuments = {
  method: 'GET',
  path: '/documents',
  type: 'get_documents',
  summary: 'Documents, paged and filtered like the web list',
  querystring: publicDocumentsQuery,
  response: documentListResponse,
} as const satisfies PublicRoute & Record<string, unknown>;

export const publicDocumentSigners = {
  method: 'GET',
  path: '/documents/:id/signers',
  type: 'get_document_signers',
  summary: "A document's signers with each one's status",
  params: z.object({ id: z.string().uuid({ error: MESSAGES.documentNotFound }) }),
  response: z.object({ documentId: z.string().uuid(), status: z.enum(DOCUMENT_STATUSES), signers: z.array(apiSigner) }),
} as const satisfies PublicRoute & Record<string, unknown>;

/** get_document_attachments: the files signers attached (issue 37), each with its name, size, SHA-256 and download path. */
export const publicDocumentAttachments = {
  method: 'GET',
  path: '/documents/:id/attachments',
  type: 'get_document_attachments',
  summary: "The files a document's signers attached, with their SHA-256",
  params: z.object({ id: z.string().uuid({ error: MESSAGES.documentNotFound }) }),
  response: z.array(fieldAttachment),
} as const satisfies PublicRoute & Record<string, unknown>;

/** get_attachment_download_url: a short-lived signed URL that downloads one attached file. */
export const publicAttachmentDownloadUrl = {
  method: 'GET',
  path: '/documents/:id/attachments/:fieldId/download_url',
  type: 'get_attachment_download_url',
  summary: 'A signed URL that downloads a file a signer attached',
  params: z.object({
    id: z.string().uuid({ error: MESSAGES.documentNotFound }),
    fieldId: z.string().uuid({ error: MESSAGES.notFound }),
  }),
  response: z.object({ url: z.string() }),
} as const satisfies PublicRoute & Record<string, unknown>;

export const publicUser = {
  method: 'GET',
  path: '/user',
  type: 'get_user',
  summary: "The key's owner, API plan and this month's usage",
  response: z.object({
    id: z.string().uuid(),
    name: z.string(),
    email: z.string(),
    apiPlan: z.enum(API_PLAN_TYPES),
    keyMode: z.enum(API_KEY_MODES),
    requestsMonthlyLimit: z.number().int(),
    requestsMonthlyUsed: z.number().int(),
    testRequestsMonthlyUsed: z.number().int(),
  }),
} as const satisfies PublicRoute & Record<string, unknown>;

/**
 * webhook_subscribe: a webhook of the key's owner (the web app's Settings › Webhooks lists it too), signed by the
 * Standard Webhooks scheme with the secret answered here (the only time it is given, but to a repeat under the same
 * Idempotency-Key).
 */
export const publicWebhookSubscribe = {
  method: 'POST',
  path: '/webhooks',
  type: 'webhook_subscribe',
  summary: 'Subscribe a URL to document events',
  body: createWebhookRequest,
  response: z.object({ webhook: webhookSubscription, secret: z.string() }),
} as const satisfies PublicRoute & Record<string, unknown>;

/** webhook_unsubscribe: the subscription removed, whether made here or in the web app. */
export const publicWebhookUnsubscribe = {
  method: 'DELETE',
  path: '/webhooks/:id',
  type: 'webhook_unsubscribe',
  summary: 'Remove a webhook subscription',
  params: z.object({ id: z.string().uuid({ error: MESSAGES.webhookNotFound }) }),
  response: z.object({ success: z.literal(true) }),
} as const satisfies PublicRoute & Record<string, unknown>;

const recipientParams = z.object({
  id: z.string().uuid({ error: MESSAGES.documentNotFound }),
  recipientId: z.string().uuid({ error: MESSAGES.documentNotFound }),
});

/**
 * update_recipient (issue 36): a signer of an awaiting document who has not signed gets another name, e-mail,
 * access code or language; their old link dies and a new invitation goes out when it is their turn.
 */
export const publicUpdateRecipient = {
  method: 'PATCH',
  path: '/documents/:id/recipients/:recipientId',
  type: 'update_recipient',
  summary: 'Correct a signer who has not signed yet',
  params: recipientParams,
  body: updateRecipientRequest,
  response: publicDocumentSigners.response,
} as const satisfies PublicRoute & Record<string, unknown>;

/** set_reassignment (issue 36): whether the document's signers may hand their part on to someone else. */
export const publicSetReassignment = {
  method: 'PATCH',
  path: '/documents/:id/reassignment',
  type: 'set_reassignment',
  summary: 'Allow or forbid signers to reassign',
  params: publicDocumentSigners.params,
  body: setReassignmentRequest,
  response: z.object({ documentId: z.string().uuid(), allowReassign: z.boolean() }),
} as const satisfies PublicRoute & Record<string, unknown>;

/** void_document: an awaiting document withdrawn with a reason (every link dies, invited signers are mailed). */
export const publicVoidDocument = {
  method: 'POST',
  path: '/documents/:id/void',
  type: 'void_document',
  summary: 'Void an awaiting document',
  params: z.object({ id: z.string().uuid({ error: MESSAGES.documentNotFound }) }),
  body: voidDocument.body,
  response: documentStatusAnswer,
} as const satisfies PublicRoute & Record<string, unknown>;

/** set_document_expiry: an awaiting or expired document's expiry date moved (expired -> awaiting, same links). */
export const publicSetDocumentExpiry = {
  method: 'POST',
  path: '/documents/:id/expiry',
  type: 'set_document_expiry',
  summary: "Set or extend a document's expiry date",
  params: z.object({ id: z.string().uuid({ error: MESSAGES.documentNotFound }) }),
  body: setDocumentExpiry.body,
  response: documentStatusAnswer,
} as const satisfies PublicRoute & Record<string, unknown>;

/** set_legal_hold (issue 39): one document's legal hold set or released; nothing removes a held document. */
export const publicSetLegalHold = {
  method: 'POST',
  path: '/documents/:id/legal_hold',
  type: 'set_legal_hold',
  summary: "Set or release a document's legal hold",
  params: z.object({ id: z.string().uuid({ error: MESSAGES.documentNotFound }) }),
  body: setLegalHold.body,
  response: setLegalHold.response,
} as const satisfies PublicRoute & Record<string, unknown>;

/** get_retention (issue 39): the account's retention rule and legal hold (the account owner's key). */
export const publicGetRetention = {
  method: 'GET',
  path: '/retention',
  type: 'get_retention',
  summary: "The account's retention rule and legal hold",
  response: getRetention.response,
} as const satisfies PublicRoute & Record<string, unknown>;

/** set_retention (issue 39). */
export const publicSetRetention = {
  method: 'PATCH',
  path: '/retention',
  type: 'set_retention',
  summary: "Set the account's retention rule and legal hold",
  body: updateRetention.body,
  response: updateRetention.response,
} as const satisfies PublicRoute & Record<string, unknown>;

/** erase_person (issue 39): a person erased from the account by e-mail (`dryRun` tells what would happen). */
export const publicErasePerson = {
  method: 'POST',
  path: '/erasures',
  type: 'erase_person',
  summary: 'Erase a person from the account',
  body: erasePerson.body,
  response: erasePerson.response,
} as const satisfies PublicRoute & Record<string, unknown>;

/** Every public route, one per request type of the history. */
export const PUBLIC_ROUTES = [
  publicSetLegalHold,
  publicGetRetention,
  publicSetRetention,
  publicErasePerson,
  publicVoidDocument,
  publicSetDocumentExpiry,
  publicSignRequest,
  publicRecentDocument,
  publicDocuments,
  publicDocumentSigners,
  publicDocumentAttachments,
  publicAttachmentDownloadUrl,
  publicUser,
  publicWebhookSubscribe,
  publicWebhookUnsubscribe,
  publicUpdateRecipient,
  publicSetReassignment,
];

/**
 * What an embedded signer page posts to its parent (only to the API key's allowed origins): `ready` once the
 * document is shown, `completed` once the server has recorded the signature, `error` when signing failed.
 */
export const EMBED_EVENT_TYPES = ['ready', 'completed', 'error'] as const;
export interface EmbedEvent {
  source: 'esign';
  type: (typeof EMBED_EVENT_TYPES)[number];
  documentId: string;
  /** `completed`: the document's status after this signature ('completed' once everyone signed). */
  documentStatus?: string;
  /** `error`: the message shown to the signer. */
  message?: string;
}
