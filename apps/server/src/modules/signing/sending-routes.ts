import { sendOut } from '@esign/shared';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/http/authenticate.js';
import type { SendingService } from './sending.js';

const tags = ['signing'];
const security = [{ bearer: [] }];

/** PATCH document_sign/documents/{id}/send_out (the document's owner). */
export const sendingRoutes: FastifyPluginAsyncZod<{
  sending: SendingService;
  requireUser: preHandlerAsyncHookHandler;
}> = async (app, { sending, requireUser }) => {
  app.patch(
    sendOut.path,
    {
      preHandler: requireUser,
      schema: { tags, security, params: sendOut.params, response: { 200: sendOut.response } },
    },
    async (request) =>
      sending.sendOut({ userId: currentUser(request).id, documentId: request.params.id, sourceIp: request.ip }),
  );
};
