import { sendOut } from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/http/authenticate.js';
import { userAgentOf } from '../../platform/http/client-address.js';
import { defineRoute } from '../../platform/http/define-route.js';
import type { SendingService } from './sending.service.js';

/** PATCH document_sign/documents/{id}/send_out (the document's owner). */
export async function sendingRoutes(app: FastifyInstance, { sending }: { sending: SendingService }) {
  defineRoute(app, sendOut, { tags: ['signing'], auth: 'user' }, async (request) =>
    sending.sendOut({
      userId: currentUser(request).id,
      documentId: request.params.id,
      sourceIp: request.ip,
      userAgent: userAgentOf(request),
    }),
  );
}
