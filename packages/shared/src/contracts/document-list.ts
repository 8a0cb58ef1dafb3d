import { z } from 'zod';
import { ROUTES } from '../api/routes.js';
import {
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  LIST_DEFAULTS,
  LIST_ORDERING_DIRECTIONS,
  LIST_ORDERING_KEYS,
  LIST_SCOPES,
  LIST_SEARCH_TYPES,
} from '../documents/constants.js';
import { RECIPIENT_ROLES } from '../documents/recipient-steps.js';
import { plainText } from '../validation/inputs.js';
import { MESSAGES } from '../validation/messages.js';
import { documentIdParams } from './documents.js';

/** Query values may come once or repeated (`status=draft&status=awaiting`) or comma-separated. */
function listOf<T extends readonly [string, ...string[]]>(values: T) {
  return z
    .preprocess(
      (value) =>
        value === undefined
          ? undefined
          : (Array.isArray(value) ? value : [value]).flatMap((item) => String(item).split(',')).filter(Boolean),
      z.array(z.enum(values)).max(values.length),
    )
    .optional();
}

const isoDate = z
  .string()
  .max(40)
  .refine((value) => !Number.isNaN(Date.parse(value)), 'Invalid date');

/** GET documents: the page number is the zero-based page plus one (section 9). */
export const documentListQuery = z.object({
  type: listOf(DOCUMENT_TYPES),
  status: listOf(DOCUMENT_STATUSES),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(LIST_DEFAULTS.maxLimit).default(LIST_DEFAULTS.limit),
  searchTerm: plainText().trim().max(200).optional(),
  searchType: z.enum(LIST_SEARCH_TYPES).default('documents'),
  /** Inclusive bounds of createdAt; a bare date (YYYY-MM-DD) in dateTo covers that whole day (UTC). */
  dateFrom: isoDate.optional(),
  dateTo: isoDate.optional(),
  orderingKey: z.enum(LIST_ORDERING_KEYS).default(LIST_DEFAULTS.orderingKey),
  orderingDirection: z.enum(LIST_ORDERING_DIRECTIONS).default(LIST_DEFAULTS.orderingDirection),
  /** 'team': the team's documents (its owner and admins only; the filter 'Mine / Team'); 'mine': the caller's. */
  scope: z.enum(LIST_SCOPES).default('mine'),
  /**
   * Test documents (made by an esk_test_ API key) are left out of the lists; `true` lists only them (their totals
   * are counted, not kept).
   */
  testMode: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type DocumentListQuery = z.input<typeof documentListQuery>;

export const documentListSigner = z.object({
  id: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  /** A template's or a form's role ('Client'); null for a document's signer. */
  role: z.string().nullable(),
  order: z.number().int(),
  /** What the recipient does and its step of the order (issue 36): the list's reminders follow whose turn it is. */
  recipientRole: z.enum(RECIPIENT_ROLES),
  step: z.number().int(),
  isPreparer: z.boolean(),
  isFinished: z.boolean(),
  /**
   * When one of the signer's links was locked by wrong access codes (ACCESS_CODE_LINK_FAILURE_LIMIT); it stays
   * locked for ACCESS_CODE_FAILURE_WINDOW_SECONDS, and a new link (reminder or copied link) lets the signer in.
   */
  accessLockedAt: z.string().nullable(),
});
export type DocumentListSigner = z.infer<typeof documentListSigner>;

export const documentListItem = z.object({
  id: z.string().uuid(),
  title: z.string(),
  type: z.enum(DOCUMENT_TYPES),
  status: z.enum(DOCUMENT_STATUSES),
  createdAt: z.string(),
  isOrdered: z.boolean(),
  remindersDisabled: z.boolean(),
  hasAccessCode: z.boolean(),
  /** The instant the document stops being signable (its expiry date's end, UTC); null: never. */
  expiresAt: z.string().nullable(),
  /** Whose document it is (a team's list shows its members'). */
  owner: z.object({ id: z.string().uuid(), name: z.string() }),
  signers: z.array(documentListSigner),
});
export type DocumentListItem = z.infer<typeof documentListItem>;

export const documentListResponse = z.object({
  items: z.array(documentListItem),
  totalItems: z.number().int(),
  pageCount: z.number().int(),
  /** Items on this page. */
  itemCount: z.number().int(),
  pageNumber: z.number().int(),
  itemsLimit: z.number().int(),
});
export type DocumentListResponse = z.infer<typeof documentListResponse>;

export const listDocuments = {
  ...ROUTES.listDocuments,
  querystring: documentListQuery,
  response: documentListResponse,
} as const;

/**
 * GET documents/all (spec part 1, section 7): every document the list would show for these filters (type, status,
 * the 'Mine / Team' scope, test mode), newest first, in one answer without pages; the list's items and its total.
 */
export const allDocumentsQuery = documentListQuery.pick({ type: true, status: true, scope: true, testMode: true });
export const listAllDocuments = {
  ...ROUTES.listAllDocuments,
  querystring: allDocumentsQuery,
  response: z.object({ items: z.array(documentListItem), totalItems: z.number().int() }),
} as const;

const documentIds = z
  .array(z.string().uuid({ error: MESSAGES.documentNotFound }))
  .min(1, MESSAGES.required)
  .max(LIST_DEFAULTS.maxLimit);

/** DELETE documents {ids}: soft delete (deletedAt) of the caller's own documents; any other id answers 404. */
export const deleteDocuments = {
  ...ROUTES.deleteDocuments,
  body: z.object({ ids: documentIds }),
  response: z.object({ success: z.literal(true) }),
} as const;

/** POST documents/download_zip {ids}: a zip of each document's result PDF (completed) or original PDF. */
export const downloadDocumentsZip = {
  ...ROUTES.downloadDocumentsZip,
  body: z.object({ ids: documentIds }),
} as const;

/** PATCH documents/{id}/revert: awaiting -> draft (Edit & Resend); every signing link stops working. */
export const revertDocument = {
  ...ROUTES.revertDocument,
  params: documentIdParams,
  response: z.object({ id: z.string().uuid(), status: z.enum(DOCUMENT_STATUSES) }),
} as const;

/** POST document_sign/documents/{id}/send_reminders {signersIds}: when ordered, only the first unfinished signer. */
export const sendReminders = {
  ...ROUTES.sendReminders,
  params: documentIdParams,
  body: z.object({ signersIds: z.array(z.string().uuid()).min(1, MESSAGES.required).max(25) }),
  response: z.object({ success: z.literal(true), signersIds: z.array(z.string().uuid()) }),
} as const;

export const disableReminders = {
  ...ROUTES.disableReminders,
  params: documentIdParams,
  response: z.object({ success: z.literal(true) }),
} as const;

/** PATCH document_sign/{id}/enable-reminders: turns a document's reminders back on (not in the spec's list). */
export const enableReminders = { ...disableReminders, ...ROUTES.enableReminders } as const;

/** GET document_sign/documents/{id}/share_url: a link that downloads the completed document's result. */
export const shareUrl = {
  ...ROUTES.shareUrl,
  params: documentIdParams,
  response: z.object({ result: z.string() }),
} as const;

export const shareDocumentRequest = z.object({
  recipients: z
    .array(z.object({ email: z.string().trim().toLowerCase().email(MESSAGES.invalidEmail).max(254) }))
    .min(1, MESSAGES.shareNeedsRecipient)
    .max(25),
});
export const shareDocument = {
  ...ROUTES.shareDocument,
  params: documentIdParams,
  body: shareDocumentRequest,
  response: z.object({ success: z.literal(true) }),
} as const;

/** GET document_sign/documents/{id}/signing_url?userId: a fresh link for one signer (the signer's id). */
export const signingUrlQuery = z.object({ userId: z.string().uuid({ error: MESSAGES.notFound }) });
export const signingUrlContract = {
  ...ROUTES.signingUrlContract,
  params: documentIdParams,
  querystring: signingUrlQuery,
  response: z.object({ signingUrl: z.string() }),
} as const;

/** The public download behind a share link (no account): redirects to a short-lived signed URL. */
export const sharedDownloadParams = z.object({ id: z.string().uuid(), signature: z.string().regex(/^[\w-]{20,100}$/) });
/** The link of a share mail (it answers a redirect, so it declares no response). */
export const sharedDownload = { ...ROUTES.sharedDownload, params: sharedDownloadParams } as const;
