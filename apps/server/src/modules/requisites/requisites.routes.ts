import { createRequisites, deleteRequisite, listRequisites, REQUISITE_LIMITS, updateRequisites } from '@esign/shared';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { defineRoute, type RouteOptions } from '../../platform/http/define-route.js';
import { currentRequisiteOwner } from './owner.js';
import type { RequisiteService } from './requisites.service.js';

/** Two images of at most 40 MB each, in base64, and the rest of the pair. */
const PAIR_BODY_LIMIT = 2 * Math.ceil((REQUISITE_LIMITS.maxImageBytes * 4) / 3) + 64 * 1024;

/** A user's bearer token, or a signer's link token in the x-sign-access-token header: `requireOwner` decides. */
export async function requisiteRoutes(
  app: FastifyInstance,
  { requisites, requireOwner }: { requisites: RequisiteService; requireOwner: preHandlerAsyncHookHandler },
) {
  const options: RouteOptions = { tags: ['requisites'], auth: 'userOrSigner', preHandler: requireOwner };
  const withPair: RouteOptions = { ...options, bodyLimit: PAIR_BODY_LIMIT };

  defineRoute(app, listRequisites, options, async (request) =>
    requisites.list({ owner: currentRequisiteOwner(request), withDeleted: request.query.withDeleted === 'true' }),
  );
  defineRoute(app, createRequisites, withPair, async (request) =>
    requisites.create({ owner: currentRequisiteOwner(request), body: request.body }),
  );
  defineRoute(app, updateRequisites, withPair, async (request) =>
    requisites.update({ owner: currentRequisiteOwner(request), body: request.body }),
  );
  defineRoute(app, deleteRequisite, options, async (request) =>
    requisites.remove({ owner: currentRequisiteOwner(request), id: request.params.id }),
  );
}
