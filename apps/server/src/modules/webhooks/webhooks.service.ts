import {
  type CreateWebhookRequest,
  type EventType,
  MESSAGES,
  TEST_EVENT_TYPE,
  WEBHOOK_LIMITS,
  type WebhookDelivery,
  type WebhookSubscription,
} from '@esign/shared';
import * as repo from '../../data/webhooks.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { JobQueue, QueueInTransaction } from '../../platform/jobs.js';
import {
  checkTargetUrl,
  type Resolver,
  UnresolvedHostError,
  UnsafeTargetError,
} from '../../platform/net/safe-request.js';
import { type Actor, can, ownedBy } from '../access/index.js';
import { newWebhookSecret } from './signature.js';
import type { WebhookJobs } from './webhooks.jobs.js';

export interface WebhookServiceDeps {
  db: Db;
  jobs: JobQueue;
  webhookJobs: WebhookJobs;
  box: SecretBox;
  allowPrivate: boolean;
  now: () => Date;
  resolve?: Resolver;
}

const webhookNotFound = () => notFound(MESSAGES.webhookNotFound);

function urlError(message: string) {
  return new AppError('VALIDATION_ERROR', message, [{ property: 'url', constraints: { url: message }, children: [] }]);
}

function toDto(row: repo.SubscriptionRow): WebhookSubscription {
  return {
    id: row.id,
    url: row.url,
    events: row.events as EventType[],
    isEnabled: row.disabledAt === null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * An account's webhooks: the subscriptions (made in the web app, and through the public API's
 * webhook_subscribe / webhook_unsubscribe, which call createSubscription / deleteSubscription with the API key's
 * owner as the actor), the delivery log, replays and test events. A subscription belongs to one user and is
 * compared to its user: anyone else's answers 404.
 */
export function webhookService(deps: WebhookServiceDeps) {
  const { db } = deps;

  /** Only a user (or an API key acting for its owner) has webhooks; the caller's id. */
  function ownerOf(actor: Actor): string {
    if (actor.kind !== 'user') throw webhookNotFound();
    return actor.userId;
  }

  async function owned(actor: Actor, id: string) {
    const row = await repo.findSubscription(db, id);
    if (!row || !can(actor, 'webhook.manage', ownedBy('webhook', row))) throw webhookNotFound();
    return row;
  }

  async function checkUrl(url: string) {
    try {
      await checkTargetUrl(url, {
        allowPrivate: deps.allowPrivate,
        ...(deps.resolve ? { resolve: deps.resolve } : {}),
      });
    } catch (error) {
      if (error instanceof UnresolvedHostError) throw urlError(MESSAGES.webhookUrlUnresolved);
      if (!(error instanceof UnsafeTargetError)) throw error;
      throw urlError(/private/.test(error.message) ? MESSAGES.webhookUrlPrivate : MESSAGES.webhookUrlInvalid);
    }
  }

  return {
    async listSubscriptions(actor: Actor) {
      return (await repo.listSubscriptions(db, ownerOf(actor))).map(toDto);
    },

    /**
     * A new subscription and its secret, shown this once (kept encrypted: signing needs it in clear). `tx`: the
     * caller's transaction (the public API's, which holds its Idempotency-Key claim), else one of its own.
     */
    async createSubscription(actor: Actor, input: CreateWebhookRequest, options: { tx?: Db } = {}) {
      const userId = ownerOf(actor);
      await checkUrl(input.url);
      const secret = newWebhookSecret();
      const inTransaction = <T>(work: (tx: Db) => Promise<T>) => (options.tx ? work(options.tx) : db.transaction(work));
      const row = await inTransaction(async (tx) => {
        if ((await repo.countSubscriptions(tx, userId)) >= WEBHOOK_LIMITS.perAccount) {
          throw new AppError('CONFLICT', MESSAGES.webhookLimit);
        }
        return repo.insertSubscription(tx, {
          userId,
          url: input.url,
          events: [...new Set(input.events)],
          secretEncrypted: deps.box.encrypt(secret),
        });
      });
      return { webhook: toDto(row), secret };
    },

    async updateSubscription(
      actor: Actor,
      input: {
        id: string;
        url?: string | undefined;
        events?: EventType[] | undefined;
        isEnabled?: boolean | undefined;
      },
    ) {
      const row = await owned(actor, input.id);
      if (input.url !== undefined) await checkUrl(input.url);
      const updated = await repo.updateSubscription(db, row.id, {
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.events !== undefined ? { events: [...new Set(input.events)] } : {}),
        ...(input.isEnabled === true ? { disabledAt: null, failingSince: null } : {}),
        ...(input.isEnabled === false && !row.disabledAt ? { disabledAt: deps.now() } : {}),
      });
      return toDto(updated ?? row);
    },

    /**
     * A subscription with its current secret, for the public API's repeat of a webhook_subscribe under the same
     * Idempotency-Key: the first answer is given again without its secret having been kept anywhere else.
     */
    async subscriptionWithSecret(actor: Actor, id: string) {
      const row = await owned(actor, id);
      return { webhook: toDto(row), secret: deps.box.decrypt(row.secretEncrypted) };
    },

    async deleteSubscription(actor: Actor, id: string) {
      await owned(actor, id);
      if (!(await repo.deleteOwnedSubscription(db, { userId: ownerOf(actor), id }))) throw webhookNotFound();
      return { success: true as const };
    },

    /** A new secret; the previous one signs beside it for 24 hours, so receivers can switch without a gap. */
    async rotateSecret(actor: Actor, id: string) {
      const row = await owned(actor, id);
      const secret = newWebhookSecret();
      const expiresAt = new Date(deps.now().getTime() + WEBHOOK_LIMITS.previousSecretHours * 60 * 60 * 1000);
      await repo.updateSubscription(db, row.id, {
        secretEncrypted: deps.box.encrypt(secret),
        previousSecretEncrypted: row.secretEncrypted,
        previousSecretExpiresAt: expiresAt,
      });
      return { secret, previousSecretExpiresAt: expiresAt.toISOString() };
    },

    /** A `webhook.test` event to this subscription alone (not dispatched anywhere else), delivered as any other. */
    async sendTest(actor: Actor, id: string) {
      const row = await owned(actor, id);
      const deliveryId = await deps.jobs.transaction(db, async (tx, queue) => {
        const event = await repo.insertEvent(tx, {
          type: TEST_EVENT_TYPE,
          userId: row.userId,
          documentId: null,
          sequence: 0,
          payload: { message: 'This is a test event.' },
          dispatchedAt: deps.now(),
        });
        const delivery = await repo.insertDelivery(tx, {
          subscriptionId: row.id,
          eventId: event.id,
          documentId: null,
          sequence: 0,
          isQueued: true,
        });
        if (!delivery) throw new Error('test delivery not stored');
        await queue(deps.webhookJobs.deliver, { deliveryId: delivery.id });
        return delivery.id;
      });
      return { deliveryId };
    },

    async listDeliveries(actor: Actor, input: { id: string; page: number; limit: number }) {
      const row = await owned(actor, input.id);
      const { rows, attempts, total } = await repo.listDeliveries(db, { subscriptionId: row.id, ...input });
      const deliveries: WebhookDelivery[] = rows.map(({ delivery, eventType }) => ({
        id: delivery.id,
        eventType,
        documentId: delivery.documentId,
        status: delivery.status,
        createdAt: delivery.createdAt.toISOString(),
        attempts: attempts
          .filter((attempt) => attempt.deliveryId === delivery.id)
          .map((attempt) => ({
            id: attempt.id,
            isSuccess: attempt.isSuccess,
            responseStatus: attempt.responseStatus,
            responseBody: attempt.responseBody,
            error: attempt.error,
            durationMs: attempt.durationMs,
            isManual: attempt.isManual,
            createdAt: attempt.createdAt.toISOString(),
          })),
      }));
      return { deliveries, total };
    },

    /** Sends a delivery again by hand: one try, logged as manual; the delivery's own status is kept. */
    async replay(actor: Actor, input: { id: string; deliveryId: string }) {
      const row = await owned(actor, input.id);
      const isUuid = /^[0-9a-f-]{36}$/i.test(input.deliveryId);
      const delivery = isUuid
        ? await repo.findDeliveryOfSubscription(db, { subscriptionId: row.id, deliveryId: input.deliveryId })
        : undefined;
      if (!delivery) throw notFound();
      await deps.jobs.send(deps.webhookJobs.deliver, { deliveryId: delivery.id, isManual: true });
      return { success: true as const };
    },

    /**
     * The dispatcher's part (modules/events): the claimed events' deliveries, in the dispatch's transaction, in a
     * few statements whatever their number. A delivery is queued at once unless an earlier event of its document is
     * still pending for the subscription (that one's end queues it).
     */
    async deliverEvents(tx: Db, queue: QueueInTransaction, claimed: repo.EventRow[]) {
      const heads = await repo.insertDeliveriesOfEvents(
        tx,
        claimed.map((event) => event.id),
      );
      await deps.webhookJobs.queueBatches(queue, heads);
    },
  };
}
export type WebhookService = ReturnType<typeof webhookService>;
