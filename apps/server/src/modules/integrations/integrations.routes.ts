import {
  deactivateIntegration,
  fileImport,
  integrationAuthToken,
  integrationAuthUrl,
  integrationCallback,
  integrationFiles,
  listIntegrations,
} from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/http/authenticate.js';
import { defineRoute } from '../../platform/http/define-route.js';
import type { IntegrationService } from './integrations.service.js';

const asUser = { tags: ['integrations'], auth: 'user' } as const;

export async function integrationRoutes(app: FastifyInstance, { integrations }: { integrations: IntegrationService }) {
  defineRoute(app, listIntegrations, asUser, async (request) => ({
    integrations: await integrations.listIntegrations({ userId: currentUser(request).id }),
  }));

  defineRoute(app, integrationAuthUrl, asUser, async (request) =>
    integrations.authUrl({ userId: currentUser(request).id, type: request.query.type }),
  );

  // The service sends the popup here: the state (made for one user and service, spent once) says whose it is.
  defineRoute(app, integrationCallback, { tags: ['integrations'], auth: 'none', status: 302 }, async (request, reply) =>
    reply.redirect(await integrations.completeAuthorization({ type: request.params.type, query: request.query }), 302),
  );

  defineRoute(app, integrationAuthToken, asUser, async (request) =>
    integrations.authToken({ userId: currentUser(request).id, type: request.query.type }),
  );

  defineRoute(app, deactivateIntegration, asUser, async (request) =>
    integrations.deactivate({ userId: currentUser(request).id, type: request.body.type }),
  );

  defineRoute(app, integrationFiles, asUser, async (request) =>
    integrations.listFiles({ userId: currentUser(request).id, type: request.params.type, ...request.query }),
  );

  defineRoute(app, fileImport, { ...asUser, tags: ['documents'] }, async (request) =>
    integrations.importFile({ userId: currentUser(request).id, documentId: request.params.id, ...request.body }),
  );
}
