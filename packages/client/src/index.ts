import {
  type ErrorCode,
  IDEMPOTENCY_KEY_HEADER,
  PUBLIC_API_PREFIX,
  type PublicErrorResponse,
  type publicAttachmentDownloadUrl,
  type publicDocumentAttachments,
  type publicDocumentSigners,
  type publicDocuments,
  type publicErasePerson,
  type publicGetRetention,
  type publicRecentDocument,
  type publicSetDocumentExpiry,
  type publicSetLegalHold,
  type publicSetReassignment,
  type publicSetRetention,
  type publicUpdateRecipient,
  type publicUser,
  type publicVoidDocument,
  type publicWebhookSubscribe,
  type publicWebhookUnsubscribe,
  type SignRequestBody,
  type SignRequestResponse,
} from '@esign/shared';
import type { z } from 'zod';

/**
 * A small typed client of the public API (/api/public/v1), written on the same zod contracts the server declares
 * its routes with (packages/shared contracts/public-api.ts): each method's argument and answer are those types.
 */
export interface ClientOptions {
  /** The server's origin, such as `https://sign.example.com`. */
  baseUrl: string;
  /** An API key (`esk_live_…` or `esk_test_…`) from Settings › API. */
  apiKey: string;
  /** Another fetch (tests, proxies); the global one by default. */
  fetch?: typeof fetch;
}

/** A refused call: the answer's status, stable code, message and request id, and Retry-After on a 429. */
export class EsignApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly requestId: string | undefined,
    readonly retryAfterSeconds: number | undefined,
  ) {
    super(message);
    this.name = 'EsignApiError';
  }
}

type Output<C extends { response: z.ZodType }> = z.output<C['response']>;
export type DocumentsQuery = z.input<(typeof publicDocuments)['querystring']>;

function queryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function createClient(options: ClientOptions) {
  const doFetch = options.fetch ?? fetch;
  const root = `${options.baseUrl.replace(/\/$/, '')}${PUBLIC_API_PREFIX}`;

  async function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await doFetch(`${root}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${options.apiKey}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    if (!response.ok) {
      const error = (parsed ?? {}) as Partial<PublicErrorResponse>;
      const retryAfter = response.headers.get('retry-after');
      throw new EsignApiError(
        response.status,
        error.code ?? 'INTERNAL',
        error.message ?? response.statusText,
        error.requestId ?? response.headers.get('x-request-id') ?? undefined,
        retryAfter ? Number(retryAfter) : undefined,
      );
    }
    return parsed as T;
  }

  return {
    /**
     * sign_request: an API template sent to signers; `idempotencyKey` makes a retry safe (24 hours). `expiresAt`
     * (YYYY-MM-DD) wins over the template's default expiry in days; without it the template's applies, if any.
     */
    signRequest: (body: SignRequestBody, request: { idempotencyKey?: string } = {}) =>
      call<SignRequestResponse>(
        'POST',
        '/sign_request',
        body,
        request.idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: request.idempotencyKey } : {},
      ),
    /** get_documents: paged and filtered like the web list. */
    documents: (query: DocumentsQuery = {}) =>
      call<Output<typeof publicDocuments>>('GET', `/documents${queryString(query)}`),
    /** get_recent_document. */
    recentDocument: () => call<Output<typeof publicRecentDocument>>('GET', '/documents/recent'),
    /**
     * get_document_signers: each recipient with its role (signer, approver, viewer, cc), its step of the order and
     * its status (awaiting, signed, approved, rejected, viewed; copy for a cc).
     */
    documentSigners: (documentId: string) =>
      call<Output<typeof publicDocumentSigners>>('GET', `/documents/${encodeURIComponent(documentId)}/signers`),
    /**
     * get_document_attachments: the files signers attached to attachment fields, each with its name, content type,
     * size, SHA-256 (as the certificate of completion prints it) and the path of its download URL.
     */
    documentAttachments: (documentId: string) =>
      call<Output<typeof publicDocumentAttachments>>('GET', `/documents/${encodeURIComponent(documentId)}/attachments`),
    /** get_attachment_download_url: a signed URL (15 minutes) that downloads one attached file under its name. */
    attachmentDownloadUrl: (documentId: string, fieldId: string) =>
      call<Output<typeof publicAttachmentDownloadUrl>>(
        'GET',
        `/documents/${encodeURIComponent(documentId)}/attachments/${encodeURIComponent(fieldId)}/download_url`,
      ),
    /** void_document: an awaiting document withdrawn with a reason; every link dies, invited signers are mailed. */
    voidDocument: (documentId: string, body: z.input<typeof publicVoidDocument.body>) =>
      call<Output<typeof publicVoidDocument>>('POST', `/documents/${encodeURIComponent(documentId)}/void`, body),
    /**
     * set_document_expiry: the last day a document may be signed (YYYY-MM-DD), or null for none; an expired document
     * given a date is awaiting again with the same links.
     */
    setDocumentExpiry: (documentId: string, body: z.input<typeof publicSetDocumentExpiry.body>) =>
      call<Output<typeof publicSetDocumentExpiry>>('POST', `/documents/${encodeURIComponent(documentId)}/expiry`, body),
    /** get_user: the key's owner, API plan and this month's usage. */
    user: () => call<Output<typeof publicUser>>('GET', '/user'),
    /** webhook_subscribe: events of the owner's documents POSTed to `url`, signed with the secret answered once. */
    webhookSubscribe: (body: z.input<typeof publicWebhookSubscribe.body>, request: { idempotencyKey?: string } = {}) =>
      call<Output<typeof publicWebhookSubscribe>>(
        'POST',
        '/webhooks',
        body,
        request.idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: request.idempotencyKey } : {},
      ),
    /** update_recipient: a signer who has not signed yet corrected; their old link dies, a new invitation goes out. */
    updateRecipient: (documentId: string, recipientId: string, body: z.input<typeof publicUpdateRecipient.body>) =>
      call<Output<typeof publicUpdateRecipient>>(
        'PATCH',
        `/documents/${encodeURIComponent(documentId)}/recipients/${encodeURIComponent(recipientId)}`,
        body,
      ),
    /** set_reassignment: whether the document's signers may hand their part on to someone else. */
    setReassignment: (documentId: string, allowReassign: boolean) =>
      call<Output<typeof publicSetReassignment>>('PATCH', `/documents/${encodeURIComponent(documentId)}/reassignment`, {
        allowReassign,
      }),
    /** webhook_unsubscribe. */
    webhookUnsubscribe: (id: string) =>
      call<Output<typeof publicWebhookUnsubscribe>>('DELETE', `/webhooks/${encodeURIComponent(id)}`),
    /** set_legal_hold: a document's legal hold set or released; nothing removes a held document. */
    setLegalHold: (documentId: string, isHeld: boolean) =>
      call<Output<typeof publicSetLegalHold>>('POST', `/documents/${encodeURIComponent(documentId)}/legal_hold`, {
        isHeld,
      }),
    /** get_retention: the account's retention rule (days, or null for forever) and legal hold. */
    retention: () => call<Output<typeof publicGetRetention>>('GET', '/retention'),
    /** set_retention: the account owner's key only. */
    setRetention: (body: z.input<typeof publicSetRetention.body>) =>
      call<Output<typeof publicSetRetention>>('PATCH', '/retention', body),
    /**
     * erase_person: a person erased from the account by e-mail; `dryRun` answers what would happen, and completed
     * (sealed) documents are kept and listed unless `includeCompleted`.
     */
    erasePerson: (body: z.input<typeof publicErasePerson.body>) =>
      call<Output<typeof publicErasePerson>>('POST', '/erasures', body),
  };
}
export type EsignClient = ReturnType<typeof createClient>;
/** One recipient of get_document_signers. */
export type { ApiSigner, RecipientRole, SignerVerification } from '@esign/shared';
