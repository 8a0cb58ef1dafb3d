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
import { readCookie, setCookie } from '../../platform/http/cookies.js';
import { defineRoute } from '../../platform/http/define-route.js';
import type { IntegrationService } from './integrations.service.js';

const asUser = { tags: ['integrations'], auth: 'user' } as const;

export async function integrationRoutes(app: FastifyInstance, { integrations }: { integrations: IntegrationService }) {
  defineRoute(app, listIntegrations, asUser, async (request) => ({
    integrations: await integrations.listIntegrations({ userId: currentUser(request).id }),
  }));

  // The state also goes to this browser in a cookie that only the service's callback receives.
  defineRoute(app, integrationAuthUrl, asUser, async (request, reply) => {
    const { type } = request.query;
    const { url, state } = await integrations.authUrl({ userId: currentUser(request).id, type });
    setCookie(reply, integrations.stateCookie(type), state);
    return { url };
  });

  // The service sends the popup here: the state (made for one user and service, spent once) says whose it is, and
  // the cookie that it came back to the browser that started it; the cookie is cleared whatever the outcome.
  defineRoute(
    app,
    integrationCallback,
    { tags: ['integrations'], auth: 'none', status: 302 },
    async (request, reply) => {
      const { type } = request.params;
      const cookie = integrations.stateCookie(type);
      const target = await integrations.completeAuthorization({
        type,
        query: request.query,
        browserState: readCookie(request, cookie.name),
      });
      setCookie(reply, cookie, null);
      return reply.redirect(target, 302);
    },
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
