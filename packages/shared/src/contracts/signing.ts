import { z } from 'zod';
import { REQUISITE_VALUE_TYPES } from '../account/requisites.js';
import { ROUTES } from '../api/routes.js';
import { RECIPIENT_ROLES } from '../documents/recipient-steps.js';
import { VERIFICATION_CHANNELS } from '../documents/signer-verification.js';
import { LANGUAGES } from '../i18n/languages.js';
import { plainText } from '../validation/inputs.js';
import { MESSAGES } from '../validation/messages.js';
import { signerCompany } from './company.js';
import { document, documentFieldResponse, documentIdParams, pdfMetadata } from './documents.js';
import { linkEndReason } from './lifecycle.js';

// Signer calls (spec section 7, Signing); each carries SIGN_ACCESS_TOKEN_HEADER (constants.ts).

const uuid = z.string().uuid({ error: MESSAGES.documentNotFound });
export const signerDocumentParams = z.object({ documentId: uuid, signerId: uuid });
export const documentSignerParams = z.object({ id: uuid, signerId: uuid });

/** PATCH document_sign/documents/{id}/send_out: draft -> awaiting; 422 SENDING_CHECKS_FAILED lists every failing rule. */
export const sendOut = {
  ...ROUTES.sendOut,
  params: documentIdParams,
  response: document,
} as const;

/** A signer as another signer may see it: no e-mail of others. */
export const publicSigner = z.object({
  id: z.string().uuid(),
  name: z.string(),
  order: z.number().int(),
  /** What the recipient does (issue 36) and its step of the order. */
  recipientRole: z.enum(RECIPIENT_ROLES),
  step: z.number().int(),
  isPreparer: z.boolean(),
  isFinished: z.boolean(),
});

/** GET document_sign/documents/{id}/signers: the signers the token may act as (one match selects itself). */
export const availableSigners = {
  ...ROUTES.availableSigners,
  params: documentIdParams,
  response: z.array(publicSigner.extend({ email: z.string(), userId: z.string().uuid().nullable() })),
} as const;

/**
 * GET document_sign/signers/{signerId}/document/{documentId}: what the signer page shows. When the document has
 * an access code not yet confirmed for this token, it answers 403 ACCESS_CODE_REQUIRED instead.
 */
export const signerDocument = {
  ...ROUTES.signerDocument,
  params: signerDocumentParams,
  response: z.object({
    document: z.object({
      id: z.string().uuid(),
      title: z.string(),
      message: z.string().nullable(),
      status: document.shape.status,
      isOrdered: z.boolean(),
      testMode: z.boolean(),
      /** Origins that may frame this page (embedded signing): the page posts its events to them alone. */
      embedOrigins: z.array(z.string()),
      redirectionPage: z.string().nullable(),
      pdfMetadata: pdfMetadata.nullable(),
      /** Signed URL (at most one hour) of the PDF to show: the result once sealed, else the original. */
      pdfUrl: z.string().nullable(),
      senderName: z.string(),
      /** The language the sender chose for the signers (their page opens in it unless they chose another). */
      language: document.shape.language,
      /** The signer may hand their part on to someone else (issue 36). */
      allowReassign: z.boolean().optional(),
      /** An in-person signing on the sender's device: the sender hosting it; null otherwise. */
      inPersonHost: z.string().nullable().optional(),
      /** The last instant it can be signed (its expiry date's end, UTC); null: no expiry date (issue 36). */
      expiresAt: document.shape.expiresAt,
    }),
    signer: publicSigner.extend({ email: z.string(), userId: z.string().uuid().nullable() }),
    signers: z.array(publicSigner),
    /**
     * Every field: the signer's own, and the values already given (the sender's and finished signers'), shown
     * read-only with `imageUrl`, a signed URL of a given signature's or initials' picture; the values of signers
     * still signing are left out (only whether they are signed).
     */
    fields: z.array(documentFieldResponse.extend({ imageUrl: z.string().nullable() })),
    /** True when it is this signer's turn (unordered: always while awaiting and unfinished). */
    isMyTurn: z.boolean(),
    /** An approver who rejected the document: when and why (issue 36); null otherwise. */
    rejection: z.object({ at: z.string(), reason: z.string() }).nullable(),
    /** The document owner's company (its header on the signer page); null without branding. */
    company: signerCompany.nullable(),
    /** The saved signatures' kinds this document takes (the company's signature types; all three without one). */
    signatureTypes: z.array(z.enum(REQUISITE_VALUE_TYPES)),
  }),
} as const;

/**
 * GET document_sign/documents/{id}/link_status: what the page of a link that no longer opens may say. The sender's
 * name, only for a token once issued for this very document (a link replaced by Edit & Resend, say); null for
 * any other token or document, so a made-up link learns nothing.
 */
export const signingLinkStatus = {
  ...ROUTES.signingLinkStatus,
  params: documentIdParams,
  /** reason: why it no longer opens when the document ended (declined, voided, expired), for such a token only. */
  response: z.object({ senderName: z.string().nullable(), reason: linkEndReason.optional() }),
} as const;

/** POST .../confirm_code: at most 5 wrong codes per signer in 15 minutes (429 after). */
export const confirmCode = {
  ...ROUTES.confirmCode,
  params: signerDocumentParams,
  body: z.object({ codeAccess: plainText().min(1, MESSAGES.required).max(100, MESSAGES.maxLength100) }),
  response: z.object({ success: z.literal(true) }),
} as const;

/**
 * GET .../identity (issue 38): the codes the recipient must type before the document opens, each with where it goes
 * (masked) and whether this link already passed it. Answers before the identity check (not before the access code).
 */
export const signerIdentity = {
  ...ROUTES.signerIdentity,
  params: signerDocumentParams,
  response: z.object({
    checks: z.array(z.object({ channel: z.enum(VERIFICATION_CHANNELS), to: z.string(), verified: z.boolean() })),
    /** The page's language before the document opens (the recipient's, else the document's; null: the browser's). */
    language: z.enum(LANGUAGES).nullable(),
  }),
} as const;

const identityChannel = z.object({ channel: z.enum(VERIFICATION_CHANNELS) });

/**
 * POST .../identity/send: a new code by the channel (mailed or texted), replacing none; at most
 * VERIFICATION_CODES_PER_WINDOW per channel in VERIFICATION_CODE_WINDOW_SECONDS (429 after).
 */
export const sendIdentityCode = {
  ...ROUTES.sendIdentityCode,
  params: signerDocumentParams,
  body: identityChannel,
  response: z.object({ success: z.literal(true), to: z.string() }),
} as const;

/**
 * POST .../identity/check: the typed code of the channel. Every failure (wrong, expired, spent, too many tries, no
 * code) answers the same 403 with the same message.
 */
export const checkIdentityCode = {
  ...ROUTES.checkIdentityCode,
  params: signerDocumentParams,
  body: identityChannel.extend({ code: z.string().trim().max(20) }),
  response: z.object({ success: z.literal(true) }),
} as const;

/** POST .../signatory_opened: the 'opened' notification and the `view` activity. */
export const signatoryOpened = {
  ...ROUTES.signatoryOpened,
  params: documentSignerParams,
  response: z.object({ success: z.literal(true) }),
} as const;

/** The values a signer fills in: only fields assigned to that signer. */
export const signerFieldValue = z.object({
  id: z.string().uuid(),
  text: plainText().max(1000).nullable().optional(),
  checked: z.boolean().optional(),
  requisiteId: z.string().uuid().nullable().optional(),
});
export type SignerFieldValue = z.infer<typeof signerFieldValue>;

export const updateSignerFields = {
  ...ROUTES.updateSignerFields,
  params: documentSignerParams,
  body: z.object({ fields: z.array(signerFieldValue).max(2000) }),
  response: z.array(documentFieldResponse),
} as const;

/** PATCH .../sign: finishes the signer ('I Agree' recorded as consent). A second call answers as the first did. */
export const signDocument = {
  ...ROUTES.signDocument,
  params: documentSignerParams,
  body: z.object({
    fields: z.array(signerFieldValue).max(2000).optional(),
    /** The consent text the signer agreed to ('I Agree'), recorded in the audit trail. */
    consent: plainText().min(1, MESSAGES.required).max(2000),
  }),
  response: z.object({
    isFinished: z.literal(true),
    documentStatus: document.shape.status,
    redirectionPage: z.string().nullable(),
  }),
} as const;

/** GET .../signed_download_url/hash (query hash) and /jwt (query signerId, user or signer token). */
export const signedDownloadUrlByHash = {
  ...ROUTES.signedDownloadUrlByHash,
  params: documentIdParams,
  querystring: z.object({ hash: z.string().min(1).max(200), signerId: z.string().uuid().optional() }),
  response: z.object({ url: z.string() }),
} as const;

export const signedDownloadUrlByToken = {
  ...ROUTES.signedDownloadUrlByToken,
  params: documentIdParams,
  querystring: z.object({ signerId: z.string().uuid().optional() }),
  response: z.object({ url: z.string() }),
} as const;

/**
 * GET document_sign/documents/{id}/preview_pages: the pages as pictures (JPEG), for the preview and for mail
 * clients that cannot run pdf.js; the sealed result once there is one, else the document as sent. Rendered once
 * per file and kept in storage. For the signing link's signer, the owner (or a teammate who may view) and a
 * signer's own account.
 */
export const previewPages = {
  ...ROUTES.previewPages,
  params: z.object({ id: uuid }),
  querystring: z.object({ signerId: uuid.optional() }),
  response: z.object({
    pages: z.array(
      z.object({
        pageNumber: z.number().int(),
        /** Signed URL of the page's picture, valid at most an hour. */
        url: z.string(),
        width: z.number().int(),
        height: z.number().int(),
      }),
    ),
  }),
} as const;

/**
 * GET document_sign/signers/{signerId}/convertion_status: the post-sign modal's 'being processed' watch: whether
 * the signer's document is completed and its sealed PDF ready. For that signer's link, or the document's owner.
 */
export const signerConversionStatus = {
  ...ROUTES.signerConversionStatus,
  params: z.object({ signerId: uuid }),
  response: z.object({
    documentId: z.string().uuid(),
    status: document.shape.status,
    isCompleted: z.boolean(),
    /** The sealed PDF exists: the download answers now. */
    isSealed: z.boolean(),
  }),
} as const;
