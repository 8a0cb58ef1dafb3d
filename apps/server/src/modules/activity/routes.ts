import { documentActivities, MESSAGES } from '@esign/shared';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { currentUser } from '../../platform/http/authenticate.js';
import { findOwnedDocument } from '../documents/repository.js';
import { listActivities } from './repository.js';

/** GET documents/{id}/activities: the audit trail, oldest first, for the document's owner only. */
export const activityRoutes: FastifyPluginAsyncZod<{ db: Db; requireUser: preHandlerAsyncHookHandler }> = async (
  app,
  { db, requireUser },
) => {
  app.get(
    documentActivities.path,
    {
      preHandler: requireUser,
      schema: {
        tags: ['documents'],
        security: [{ bearer: [] }],
        params: documentActivities.params,
        response: { 200: documentActivities.response },
      },
    },
    async (request) => {
      const document = await findOwnedDocument(db, { userId: currentUser(request).id, documentId: request.params.id });
      if (!document) throw new AppError('NOT_FOUND', MESSAGES.documentNotFound);
      return listActivities(db, document.id);
    },
  );
};
