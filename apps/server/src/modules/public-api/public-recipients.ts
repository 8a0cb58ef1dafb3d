import { publicSetReassignment, publicUpdateRecipient } from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/http/authenticate.js';
import { userAgentOf } from '../../platform/http/client-address.js';
import { defineRoute } from '../../platform/http/define-route.js';
import type { CorrectionService } from '../sending/index.js';
import { currentApiKey } from './api-key-gate.js';
import type { PublicApiService } from './public-api.service.js';

const asKey = { tags: ['public-api'], auth: 'apiKey' } as const;

/**
 * The public API's changes of a sent document's signers (issue 36): the web app's correction service, the key
 * acting as its owner, so the same policy and rules answer.
 */
export function publicRecipientRoutes(
  app: FastifyInstance,
  { corrections, service }: { corrections: CorrectionService; service: PublicApiService },
) {
  defineRoute(app, publicUpdateRecipient, asKey, async (request) => {
    const user = currentUser(request);
    await corrections.updateRecipient({
      userId: user.id,
      documentId: request.params.id,
      signerId: request.params.recipientId,
      changes: request.body,
      sourceIp: request.ip,
      userAgent: userAgentOf(request),
    });
    return service.documentSigners({ user, key: currentApiKey(request) }, request.params.id);
  });
  defineRoute(app, publicSetReassignment, asKey, async (request) => {
    const document = await corrections.setReassignment({
      userId: currentUser(request).id,
      documentId: request.params.id,
      allowReassign: request.body.allowReassign,
    });
    return { documentId: document.id, allowReassign: document.allowReassign ?? false };
  });
}
