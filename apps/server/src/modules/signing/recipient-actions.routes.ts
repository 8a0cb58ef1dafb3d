import { acknowledgeDocument, approveDocument, rejectDocument } from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { userAgentOf } from '../../platform/http/client-address.js';
import { defineRoute } from '../../platform/http/define-route.js';
import type { RecipientActionService } from './recipient-actions.service.js';
import { signAccessToken } from './signing.routes.js';

const asSigner = { tags: ['signing'], auth: 'signer' } as const;

/** Issue 36: an approver's and a viewer's calls, authorised by the signing link's token as every signer call is. */
export async function recipientActionRoutes(
  app: FastifyInstance,
  { recipientActions }: { recipientActions: RecipientActionService },
) {
  defineRoute(app, approveDocument, asSigner, async (request) =>
    recipientActions.approve({
      documentId: request.params.id,
      signerId: request.params.signerId,
      token: signAccessToken(request),
      origin: { ip: request.ip, userAgent: userAgentOf(request) },
    }),
  );

  defineRoute(app, rejectDocument, asSigner, async (request) =>
    recipientActions.reject({
      documentId: request.params.id,
      signerId: request.params.signerId,
      token: signAccessToken(request),
      origin: { ip: request.ip, userAgent: userAgentOf(request) },
      reason: request.body.reason,
    }),
  );

  defineRoute(app, acknowledgeDocument, asSigner, async (request) =>
    recipientActions.acknowledge({
      documentId: request.params.id,
      signerId: request.params.signerId,
      token: signAccessToken(request),
      origin: { ip: request.ip, userAgent: userAgentOf(request) },
    }),
  );
}
