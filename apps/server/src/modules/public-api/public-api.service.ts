import {
  type ApiKeyMode,
  apiRecipientStatus,
  type Document,
  documentListItem,
  expiryInstant,
  isExpiryDateAllowed,
  MESSAGES,
  type publicDocumentsQuery,
  type SignRequestResponse,
  type signRequestBody,
} from '@esign/shared';
import type { z } from 'zod';
import type { ApiKeyRow } from '../../data/api-keys.js';
import { setExpiry } from '../../data/lifecycle.js';
import * as repo from '../../data/public-api.js';
import { findRejection } from '../../data/recipient-actions.js';
import type { UserRow } from '../../data/users.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { JobQueue, QueueInTransaction } from '../../platform/jobs.js';
import { authorize, userActor } from '../access/index.js';
import type { ApiPlanService } from '../billing/index.js';
import type { DocumentManagementService } from '../document-management/index.js';
import type { DocumentService } from '../documents/index.js';
import type { SendingService } from '../sending/index.js';
import type { TemplateService } from '../templates/index.js';
import { idempotent } from './idempotency.js';

const templateNotFound = () => new AppError('NOT_FOUND', MESSAGES.apiTemplateNotFound);

/** The month an API request is counted in (UTC), as api_usage keys it. */
export function usageMonth(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** Who asks through the public API: the key's owner (the services' user) and the key. */
export interface KeyCaller {
  user: UserRow;
  key: Pick<ApiKeyRow, 'id' | 'mode' | 'allowedOrigins'>;
}

/**
 * The public API (issue 22): each call is the key's owner asking the same services as the web app (templates,
 * sending, the document list, documents), so the one access policy decides. What is the API's own: the API plan's
 * monthly quota (live sign requests, counted exactly by a row lock; test ones free), the Idempotency-Key of a POST
 * (claimed in the work's own transaction), and a test key's documents (testMode).
 */
export function publicApiService(deps: {
  db: Db;
  jobs: JobQueue;
  templates: Pick<TemplateService, 'createDocumentsIn'>;
  sending: Pick<SendingService, 'sendDrafts'>;
  documents: Pick<DocumentService, 'getDocument'>;
  documentList: Pick<DocumentManagementService, 'listJson' | 'signingUrl'>;
  apiPlans: Pick<ApiPlanService, 'getApiSubscription'>;
  now: () => Date;
}) {
  const { db } = deps;

  async function signingLinks(userId: string, document: { id: string; signers: Document['signers'] }) {
    const documentId = document.id;
    const links = [];
    for (const signer of document.signers.filter((row) => !row.isPreparer && !row.isFinished)) {
      const { signingUrl } = await deps.documentList.signingUrl({ userId, documentId, signerId: signer.id });
      links.push({ signerId: signer.id, email: signer.email, url: signingUrl });
    }
    return links;
  }

  /**
   * The sign request's work in one transaction: the key claimed (a repeat answers the first result; another body
   * 422), the API template (another account's, or one not in the API, 404), the month's quota, the document made
   * by the templates' service and sent by the sending one. Any refusal leaves nothing behind.
   */
  async function sendTemplate(
    caller: KeyCaller,
    body: z.output<typeof signRequestBody>,
    options: { idempotencyKey: string | undefined; sourceIp: string },
  ): Promise<Omit<SignRequestResponse, 'signingLinks' | 'accessCode'>> {
    const { user, key } = caller;
    const isTest = key.mode === 'test';
    const now = deps.now();
    if (body.expiresAt !== undefined && !isExpiryDateAllowed(body.expiresAt, now)) {
      throw new AppError('VALIDATION_ERROR', MESSAGES.expiryDateInvalid);
    }
    const limit = isTest ? 0 : (await deps.apiPlans.getApiSubscription({ userId: user.id })).requestsMonthlyLimit;
    return deps.jobs.transaction(db, (tx, queue) =>
      idempotent(
        tx,
        { userId: user.id, idempotencyKey: options.idempotencyKey, route: 'sign_request', body, now },
        () => sendIn(tx, queue),
      ),
    );

    async function sendIn(tx: Db, queue: QueueInTransaction) {
      const template = await authorize(tx, {
        actor: userActor(user.id),
        action: 'template.use',
        id: body.templateId,
        kind: 'template',
      }).catch(() => undefined);
      if (template?.status !== 'api') throw templateNotFound();
      const counted = await repo.countRequest(tx, { userId: user.id, month: usageMonth(now), isTest, limit });
      // The Free API plan allows no live requests at all: say so, rather than that a limit was reached.
      if (!counted)
        throw new AppError('QUOTA_EXCEEDED', limit === 0 ? MESSAGES.apiFreePlanTestOnly : MESSAGES.apiQuotaExceeded);
      const [documentId] = await deps.templates.createDocumentsIn(tx, {
        userId: user.id,
        templateId: template.id,
        request: { type: 'others', ...(body.title ? { title: body.title } : {}), message: body.message },
        rows: [{ signers: body.signers, ...(body.fieldValues ? { prefill: body.fieldValues } : {}) }],
        sourceIp: options.sourceIp,
        now,
      });
      if (!documentId) throw templateNotFound();
      await repo.setApiDocumentSettings(tx, {
        documentId,
        testMode: isTest,
        redirectionPage: body.redirectionPage,
        // Its signing links may be framed by the key's allowed origins (embedded signing).
        embedOrigins: key.allowedOrigins,
      });
      // The request's own date wins over the template's default expiry.
      if (body.expiresAt !== undefined) {
        await setExpiry(tx, { documentId, expiresAt: expiryInstant(body.expiresAt), reopen: false, at: now });
      }
      const outcome = await deps.sending.sendDrafts(tx, queue, {
        user,
        documentIds: [documentId],
        sourceIp: options.sourceIp,
        isApiDocument: true,
      });
      const refused = outcome.get(documentId);
      if (refused) throw refused;
      return { documentId, status: 'awaiting' as const, testMode: isTest };
    }
  }

  return {
    async signRequest(
      caller: KeyCaller,
      body: z.output<typeof signRequestBody>,
      options: { idempotencyKey: string | undefined; sourceIp: string },
    ): Promise<SignRequestResponse> {
      const answer = await sendTemplate(caller, body, options);
      // The access code and the links are read for each answer (a repeat too): no secret is kept with the first one.
      const document = await deps.documents.getDocument({ userId: caller.user.id, documentId: answer.documentId });
      const sent = { ...answer, accessCode: document.codeAccess };
      if (!body.withSigningLinks) return sent;
      return { ...sent, signingLinks: await signingLinks(caller.user.id, document) };
    },

    /**
     * get_documents: the web list's answer (its cache included), the caller's own documents; a test key's list is
     * its test documents unless it asks otherwise.
     */
    documentsJson(caller: KeyCaller, query: z.output<typeof publicDocumentsQuery>) {
      const testMode = query.testMode ?? (caller.key.mode === 'test' ? true : undefined);
      return deps.documentList.listJson(caller.user, { ...query, scope: 'mine', ...(testMode ? { testMode } : {}) });
    },

    async recentDocument(caller: KeyCaller) {
      const json = await deps.documentList.listJson(caller.user, {
        page: 1,
        limit: 1,
        searchType: 'documents',
        orderingKey: 'createdAt',
        orderingDirection: 'desc',
        scope: 'mine',
        ...(caller.key.mode === 'test' ? { testMode: true } : {}),
      });
      const [first] = (JSON.parse(json) as { items: unknown[] }).items;
      if (!first) throw new AppError('NOT_FOUND', MESSAGES.documentNotFound);
      return documentListItem.parse(first);
    },

    async documentSigners(caller: KeyCaller, documentId: string) {
      const document = await deps.documents.getDocument({ userId: caller.user.id, documentId });
      const recipients = document.signers.filter((signer) => !signer.isPreparer);
      const rejected = new Set<string>();
      for (const signer of recipients) {
        if (signer.recipientRole !== 'approver' || signer.isFinished) continue;
        if (await findRejection(db, { documentId: document.id, signerId: signer.id })) rejected.add(signer.id);
      }
      return {
        documentId: document.id,
        status: document.status,
        signers: recipients.map((signer) => ({
          id: signer.id,
          name: signer.name,
          email: signer.email,
          order: signer.order,
          recipientRole: signer.recipientRole,
          step: signer.step,
          status: apiRecipientStatus(signer, rejected.has(signer.id)),
          verification: signer.verification ?? 'none',
          phone: signer.phone ?? null,
        })),
      };
    },

    async user(caller: KeyCaller & { key: { mode: ApiKeyMode } }) {
      const { user } = caller;
      const plan = await deps.apiPlans.getApiSubscription({ userId: user.id });
      const usage = await repo.findUsage(db, { userId: user.id, month: usageMonth(deps.now()) });
      return {
        id: user.id,
        name: user.name,
        email: user.email,
        apiPlan: plan.plan.type,
        keyMode: caller.key.mode,
        requestsMonthlyLimit: plan.requestsMonthlyLimit,
        requestsMonthlyUsed: usage.requests,
        testRequestsMonthlyUsed: usage.testRequests,
      };
    },
  };
}
export type PublicApiService = ReturnType<typeof publicApiService>;
