import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  replayWebhookDelivery,
  rotateWebhookSecret,
  sendWebhookTest,
  updateWebhook,
} from '@esign/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../../platform/http/authenticate.js';
import { defineRoute } from '../../platform/http/define-route.js';
import { userActor } from '../access/index.js';
import type { WebhookService } from './webhooks.service.js';

const asUser = { tags: ['webhooks'], auth: 'user' } as const;
const actorOf = (request: FastifyRequest) => userActor(currentUser(request).id);

export async function webhookRoutes(app: FastifyInstance, { webhooks }: { webhooks: WebhookService }) {
  defineRoute(app, listWebhooks, asUser, async (request) => ({
    webhooks: await webhooks.listSubscriptions(actorOf(request)),
  }));

  defineRoute(app, createWebhook, asUser, async (request) =>
    webhooks.createSubscription(actorOf(request), request.body),
  );

  defineRoute(app, updateWebhook, asUser, async (request) =>
    webhooks.updateSubscription(actorOf(request), { id: request.params.id, ...request.body }),
  );

  defineRoute(app, deleteWebhook, asUser, async (request) =>
    webhooks.deleteSubscription(actorOf(request), request.params.id),
  );

  defineRoute(app, rotateWebhookSecret, asUser, async (request) =>
    webhooks.rotateSecret(actorOf(request), request.params.id),
  );

  defineRoute(app, sendWebhookTest, asUser, async (request) => webhooks.sendTest(actorOf(request), request.params.id));

  defineRoute(app, listWebhookDeliveries, asUser, async (request) =>
    webhooks.listDeliveries(actorOf(request), { id: request.params.id, ...request.query }),
  );

  defineRoute(app, replayWebhookDelivery, asUser, async (request) => webhooks.replay(actorOf(request), request.params));
}
