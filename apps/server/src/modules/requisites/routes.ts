import { createRequisites, deleteRequisite, listRequisites, REQUISITE_LIMITS, updateRequisites } from '@esign/shared';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentRequisiteOwner } from './owner.js';
import type { RequisiteService } from './service.js';

const tags = ['requisites'];
/** A user's bearer token; a signer instead sends the link's token in the x-sign-access-token header. */
const security = [{ bearer: [] }];
/** Two images of at most 40 MB each, in base64, and the rest of the pair. */
const PAIR_BODY_LIMIT = 2 * Math.ceil((REQUISITE_LIMITS.maxImageBytes * 4) / 3) + 64 * 1024;

export const requisiteRoutes: FastifyPluginAsyncZod<{
  requisites: RequisiteService;
  requireOwner: preHandlerAsyncHookHandler;
}> = async (app, { requisites, requireOwner }) => {
  app.addHook('preHandler', requireOwner);

  app.get(
    listRequisites.path,
    {
      schema: { tags, security, querystring: listRequisites.querystring, response: { 200: listRequisites.response } },
    },
    async (request) =>
      requisites.list({ owner: currentRequisiteOwner(request), withDeleted: request.query.withDeleted === 'true' }),
  );

  app.post(
    createRequisites.path,
    {
      bodyLimit: PAIR_BODY_LIMIT,
      schema: { tags, security, body: createRequisites.body, response: { 200: createRequisites.response } },
    },
    async (request) => requisites.create({ owner: currentRequisiteOwner(request), body: request.body }),
  );

  app.patch(
    updateRequisites.path,
    {
      bodyLimit: PAIR_BODY_LIMIT,
      schema: { tags, security, body: updateRequisites.body, response: { 200: updateRequisites.response } },
    },
    async (request) => requisites.update({ owner: currentRequisiteOwner(request), body: request.body }),
  );

  app.delete(
    deleteRequisite.path,
    {
      schema: { tags, security, params: deleteRequisite.params, response: { 200: deleteRequisite.response } },
    },
    async (request) => requisites.remove({ owner: currentRequisiteOwner(request), id: request.params.id }),
  );
};
