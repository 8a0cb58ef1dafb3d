import { documentActivities } from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { listActivities } from '../../data/activity.js';
import type { Db } from '../../platform/db/client.js';
import { currentUser } from '../../platform/http/authenticate.js';
import { defineRoute } from '../../platform/http/define-route.js';
import { authorize, userActor } from '../access/index.js';

/** GET documents/{id}/activities: the audit trail, oldest first, for whoever may see the document. */
export async function activityRoutes(app: FastifyInstance, { db }: { db: Db }) {
  defineRoute(app, documentActivities, { tags: ['documents'], auth: 'user' }, async (request) => {
    const actor = userActor(currentUser(request).id);
    const document = await authorize(db, { actor, action: 'document.view', id: request.params.id });
    return listActivities(db, document.id);
  });
}
