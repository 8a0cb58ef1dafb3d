import { resendEndedDocument, setDocumentExpiry, voidDocument } from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/http/authenticate.js';
import { defineRoute } from '../../platform/http/define-route.js';
import type { LifecycleService } from './lifecycle.service.js';

const asUser = { tags: ['documents'], auth: 'user' } as const;

/** The sender's calls of a sent document's life (lifecycle.service.ts): void, the expiry date, Edit & Resend a copy. */
export async function lifecycleRoutes(app: FastifyInstance, { lifecycle }: { lifecycle: LifecycleService }) {
  defineRoute(app, voidDocument, asUser, async (request) =>
    lifecycle.voidDocument({
      userId: currentUser(request).id,
      documentId: request.params.id,
      reason: request.body.reason,
      sourceIp: request.ip,
    }),
  );

  defineRoute(app, setDocumentExpiry, asUser, async (request) =>
    lifecycle.setExpiry({
      userId: currentUser(request).id,
      documentId: request.params.id,
      expiresAt: request.body.expiresAt,
      sourceIp: request.ip,
    }),
  );

  defineRoute(app, resendEndedDocument, asUser, async (request) =>
    lifecycle.resendCopy({ userId: currentUser(request).id, documentId: request.params.id, sourceIp: request.ip }),
  );
}
