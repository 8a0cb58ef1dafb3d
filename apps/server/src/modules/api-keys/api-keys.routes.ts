import {
  apiKeyRequestHistory,
  createApiKey,
  deleteApiKey,
  deleteApiKeys,
  getApiKey,
  listApiKeys,
  recoverApiKey,
  revokeApiKey,
  updateApiKey,
} from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/http/authenticate.js';
import { defineRoute } from '../../platform/http/define-route.js';
import type { ApiKeyService } from './api-keys.service.js';

/** API keys are the account owner's settings (an account alone, or a team's owner): teammates get 404. */
const asOwner = { tags: ['api-keys'], auth: 'accountOwner' } as const;

/** The API keys' calls (spec part 2, section 7): each acts on the caller's own keys only. */
export async function apiKeyRoutes(app: FastifyInstance, { apiKeys }: { apiKeys: ApiKeyService }) {
  defineRoute(app, listApiKeys, asOwner, async (request) =>
    apiKeys.list({ userId: currentUser(request).id, query: request.query }),
  );
  defineRoute(app, getApiKey, asOwner, async (request) =>
    apiKeys.get({ userId: currentUser(request).id, id: request.params.id }),
  );
  defineRoute(app, createApiKey, asOwner, async (request) =>
    apiKeys.create({ userId: currentUser(request).id, ...request.body }),
  );
  defineRoute(app, updateApiKey, asOwner, async (request) =>
    apiKeys.updateOrigins({ userId: currentUser(request).id, id: request.params.id, ...request.body }),
  );
  defineRoute(app, deleteApiKeys, asOwner, async (request) =>
    apiKeys.delete({ userId: currentUser(request).id, ids: request.body.ids }),
  );
  defineRoute(app, deleteApiKey, asOwner, async (request) =>
    apiKeys.delete({ userId: currentUser(request).id, ids: [request.params.id] }),
  );
  defineRoute(app, revokeApiKey, asOwner, async (request) =>
    apiKeys.revoke({ userId: currentUser(request).id, id: request.params.id }),
  );
  defineRoute(app, recoverApiKey, asOwner, async (request) =>
    apiKeys.recover({ userId: currentUser(request).id, id: request.params.id }),
  );
  defineRoute(app, apiKeyRequestHistory, asOwner, async (request) =>
    apiKeys.history({ userId: currentUser(request).id, id: request.params.id, query: request.query }),
  );
}
