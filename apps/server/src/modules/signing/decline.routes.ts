import { declineDocument } from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route.js';
import type { DeclineService } from './decline.js';
import { origin, signAccessToken } from './signing.routes.js';

/** POST .../signers/{signerId}/decline: the signing link's signer refuses with a reason (decline.ts). */
export async function declineRoutes(app: FastifyInstance, { decline }: { decline: DeclineService }) {
  defineRoute(app, declineDocument, { tags: ['signing'], auth: 'signer' }, async (request) =>
    decline.decline({
      documentId: request.params.id,
      signerId: request.params.signerId,
      token: signAccessToken(request),
      reason: request.body.reason,
      origin: origin(request),
    }),
  );
}
