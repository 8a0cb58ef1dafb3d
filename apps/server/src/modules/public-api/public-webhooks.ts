import type { CreateWebhookRequest } from '@esign/shared';
import type { Db } from '../../platform/db/client.js';
import { userActor } from '../access/index.js';
import type { WebhookService } from '../webhooks/index.js';
import { idempotent } from './idempotency.js';
import type { KeyCaller } from './public-api.service.js';

/**
 * webhook_subscribe / webhook_unsubscribe: the key's owner's webhooks through the webhooks' own service (the same
 * rules as Settings › Webhooks). A subscribe runs under the call's Idempotency-Key like every public POST; what is
 * kept for a repeat is the subscription's id, and the repeat answers it with its secret read from the subscription
 * (kept encrypted there for signing), so no secret is stored in the idempotency table.
 */
export function publicWebhooks(deps: { db: Db; webhooks: WebhookService; now: () => Date }) {
  return {
    async subscribe(caller: KeyCaller, body: CreateWebhookRequest, options: { idempotencyKey: string | undefined }) {
      const actor = userActor(caller.user.id);
      const created = await deps.db.transaction((tx) =>
        idempotent(
          tx,
          {
            userId: caller.user.id,
            idempotencyKey: options.idempotencyKey,
            route: 'webhook_subscribe',
            body,
            now: deps.now(),
          },
          async () => ({ id: (await deps.webhooks.createSubscription(actor, body, { tx })).webhook.id }),
        ),
      );
      return deps.webhooks.subscriptionWithSecret(actor, created.id);
    },

    unsubscribe: (caller: KeyCaller, id: string) => deps.webhooks.deleteSubscription(userActor(caller.user.id), id),
  };
}
export type PublicWebhooks = ReturnType<typeof publicWebhooks>;
