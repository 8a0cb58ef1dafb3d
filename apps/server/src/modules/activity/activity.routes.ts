import { documentActivities, MESSAGES } from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { currentUser } from '../../platform/http/authenticate.js';
import { defineRoute } from '../../platform/http/define-route.js';
import { findOwnedDocument } from '../documents/documents.repository.js';
import { listActivities } from './activity.repository.js';

/** GET documents/{id}/activities: the audit trail, oldest first, for the document's owner only. */
export async function activityRoutes(app: FastifyInstance, { db }: { db: Db }) {
  defineRoute(app, documentActivities, { tags: ['documents'], auth: 'user' }, async (request) => {
    const document = await findOwnedDocument(db, { userId: currentUser(request).id, documentId: request.params.id });
    if (!document) throw new AppError('NOT_FOUND', MESSAGES.documentNotFound);
    return listActivities(db, document.id);
  });
}
