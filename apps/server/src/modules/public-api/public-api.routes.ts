import {
  type ApiRequestType,
  type DocumentListResponse,
  PUBLIC_API_PREFIX,
  PUBLIC_ROUTES,
  publicAttachmentDownloadUrl,
  publicDocumentAttachments,
  publicDocumentSigners,
  publicDocuments,
  publicErasePerson,
  publicGetRetention,
  publicRecentDocument,
  publicSetDocumentExpiry,
  publicSetLegalHold,
  publicSetRetention,
  publicSignRequest,
  publicUser,
  publicVoidDocument,
  publicWebhookSubscribe,
  publicWebhookUnsubscribe,
} from '@esign/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../../platform/http/authenticate.js';
import { defineRoute } from '../../platform/http/define-route.js';
import type { AttachmentService, LifecycleService } from '../document-management/index.js';
import type { RetentionService } from '../retention/index.js';
import type { CorrectionService } from '../sending/index.js';
import { currentApiKey } from './api-key-gate.js';
import { idempotencyKeyOf } from './idempotency.js';
import type { KeyCaller, PublicApiService } from './public-api.service.js';
import { publicRecipientRoutes } from './public-recipients.js';
import type { PublicWebhooks } from './public-webhooks.js';
import type { RequestHistoryWriter } from './request-history.js';

const asKey = { tags: ['public-api'], auth: 'apiKey' } as const;

/** Each public route's history type, by its method and full path as Fastify names it. */
const TYPE_OF_ROUTE = new Map<string, ApiRequestType>(
  PUBLIC_ROUTES.map((route) => [`${route.method} ${PUBLIC_API_PREFIX}${route.path}`, route.type]),
);

function caller(request: FastifyRequest): KeyCaller {
  return { user: currentUser(request), key: currentApiKey(request) };
}

/**
 * The public API under /api/public/v1 (issue 22): a key's bearer alone, each route the key's owner asking the
 * web app's services. Each answered call of a key becomes a row of its request history, written in batches after
 * the answer (its type, the caller's address, status and duration; never the key).
 */
export async function publicApiRoutes(
  app: FastifyInstance,
  {
    service,
    webhooks,
    history,
    corrections,
    lifecycle,
    retention,
    attachments,
  }: {
    service: PublicApiService;
    webhooks: PublicWebhooks;
    history: RequestHistoryWriter;
    corrections: CorrectionService;
    /** Void and expiry (issue 36): the web app's service, the key's owner asking. */
    lifecycle: LifecycleService;
    /** Retention, legal hold and erasure (issue 39): the account's settings need the key's owner to run them. */
    retention: RetentionService;
    /** The files signers attached (issue 37), as the web app lists and downloads them. */
    attachments: AttachmentService;
  },
) {
  app.addHook('onResponse', async (request, reply) => {
    const key = request.apiKey;
    const type = TYPE_OF_ROUTE.get(`${request.method} ${request.routeOptions.url}`);
    if (!key || !type) return;
    const durationMs = Math.round(reply.elapsedTime);
    history.add({
      apiKeyId: key.id,
      type,
      origin: request.ip,
      statusCode: reply.statusCode,
      durationMs,
      createdAt: new Date(Date.now() - durationMs),
    });
  });

  defineRoute(app, publicSignRequest, asKey, async (request) =>
    service.signRequest(caller(request), request.body, {
      idempotencyKey: idempotencyKeyOf(request),
      sourceIp: request.ip,
    }),
  );
  defineRoute(app, publicRecentDocument, asKey, async (request) => service.recentDocument(caller(request)));
  defineRoute(app, publicDocuments, asKey, async (request, reply) => {
    // The web list's answer, serialized (it may come from its cache), as the list route sends it.
    const body = await service.documentsJson(caller(request), request.query);
    return reply.type('application/json; charset=utf-8').send(body as unknown as DocumentListResponse);
  });
  defineRoute(app, publicDocumentSigners, asKey, async (request) =>
    service.documentSigners(caller(request), request.params.id),
  );
  defineRoute(app, publicDocumentAttachments, asKey, async (request) =>
    attachments.list({ userId: currentUser(request).id, documentId: request.params.id }),
  );
  defineRoute(app, publicAttachmentDownloadUrl, asKey, async (request) =>
    attachments.downloadUrl({
      userId: currentUser(request).id,
      documentId: request.params.id,
      fieldId: request.params.fieldId,
    }),
  );
  defineRoute(app, publicUser, asKey, async (request) => service.user(caller(request)));
  defineRoute(app, publicVoidDocument, asKey, async (request) =>
    lifecycle.voidDocument({
      userId: currentUser(request).id,
      documentId: request.params.id,
      reason: request.body.reason,
      sourceIp: request.ip,
    }),
  );
  defineRoute(app, publicSetLegalHold, asKey, async (request) =>
    retention.setLegalHold({
      userId: currentUser(request).id,
      documentId: request.params.id,
      isHeld: request.body.isHeld,
      sourceIp: request.ip,
    }),
  );
  defineRoute(app, publicGetRetention, asKey, async (request) => retention.getSettings({ user: currentUser(request) }));
  defineRoute(app, publicSetRetention, asKey, async (request) =>
    retention.updateSettings({ user: currentUser(request), body: request.body }),
  );
  defineRoute(app, publicErasePerson, asKey, async (request) =>
    retention.erase({ user: currentUser(request), body: request.body }),
  );
  defineRoute(app, publicSetDocumentExpiry, asKey, async (request) =>
    lifecycle.setExpiry({
      userId: currentUser(request).id,
      documentId: request.params.id,
      expiresAt: request.body.expiresAt,
      sourceIp: request.ip,
    }),
  );
  defineRoute(app, publicWebhookSubscribe, asKey, async (request) =>
    webhooks.subscribe(caller(request), request.body, { idempotencyKey: idempotencyKeyOf(request) }),
  );
  defineRoute(app, publicWebhookUnsubscribe, asKey, async (request) =>
    webhooks.unsubscribe(caller(request), request.params.id),
  );
  publicRecipientRoutes(app, { corrections, service });
}
