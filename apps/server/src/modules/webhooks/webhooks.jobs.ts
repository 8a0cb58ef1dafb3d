import { WEBHOOK_LIMITS } from '@esign/shared';
import { z } from 'zod';
import { findUserById } from '../../data/users.js';
import * as repo from '../../data/webhooks.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { Db } from '../../platform/db/client.js';
import { defineJob, type JobQueue, type QueueInTransaction } from '../../platform/jobs.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { renderMail } from '../../platform/mail/template.js';
import { mailText } from '../../platform/mail/texts.js';
import { type SafePostOptions, type SafeResponse, safePost } from '../../platform/net/safe-request.js';
import { signatureHeader } from './signature.js';

export interface DeliveryDeps {
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  box: SecretBox;
  appUrl: string;
  now: () => Date;
  /** WEBHOOKS_ALLOW_PRIVATE: private and loopback targets allowed (self-hosters, tests). */
  allowPrivate: boolean;
  /** Seconds before the first retry; each later one waits twice as long (pg-boss's back-off). */
  retryDelaySeconds: number;
  /** The request itself (tests and benchmarks keep the real one). */
  post?: (url: string, options: SafePostOptions) => Promise<SafeResponse>;
}

/** A receiver's answer worth trying again: none at all (time-out, network), a 5xx, or 429. */
const isRetryable = (status: number | null) => status === null || status >= 500 || status === 429;

class DeliveryFailedError extends Error {}

/** The JSON body of a delivery: the event as the receiver reads it. */
export function deliveryBody(event: repo.EventRow): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    timestamp: event.createdAt.toISOString(),
    sequence: event.sequence,
    documentId: event.documentId,
    data: event.payload,
  });
}

/** The secrets that sign now: the current one, and the rotated-out one for its last 24 hours. */
function signingSecrets(box: SecretBox, subscription: repo.SubscriptionRow, now: Date): string[] {
  const secrets = [box.decrypt(subscription.secretEncrypted)];
  if (
    subscription.previousSecretEncrypted &&
    subscription.previousSecretExpiresAt &&
    subscription.previousSecretExpiresAt > now
  ) {
    secrets.push(box.decrypt(subscription.previousSecretEncrypted));
  }
  return secrets;
}

/**
 * Deliveries of events to webhooks. Each delivery is a job (pg-boss: retried with exponential back-off, at least
 * 8 tries over about a day); every try is a row of the delivery log. A delivery's end (delivered, refused with a
 * 4xx, or given up) queues the next pending delivery of the same document to the same subscription, so a receiver
 * gets one document's events in order. Mail is only ever queued: a delivery never waits on it.
 */
export function webhookJobs(deps: DeliveryDeps) {
  const { db } = deps;
  const post = deps.post ?? safePost;

  const disabledMail = defineJob({
    name: 'webhooks.disabled-mail',
    payload: z.object({ subscriptionId: z.string().uuid() }),
    async handler({ subscriptionId }) {
      const subscription = await repo.findSubscription(db, subscriptionId);
      if (!subscription?.disabledAt) return;
      const owner = await findUserById(db, subscription.userId);
      if (!owner) return;
      await deps.mailer.send(
        renderMail({
          to: owner.email,
          subject: mailText('webhookDisabled.subject'),
          greeting: mailText('common.greeting', { name: owner.name }),
          paragraphs: [
            mailText('webhookDisabled.body', { url: subscription.url, days: String(WEBHOOK_LIMITS.disableAfterDays) }),
          ],
          action: { label: mailText('webhookDisabled.action'), url: `${deps.appUrl}/settings/webhooks` },
        }),
      );
    },
  });

  /** Ends a delivery and queues the next of its document (under the subscription's lock: see lockSubscription). */
  async function finish(
    tx: Db,
    queue: QueueInTransaction,
    found: NonNullable<Awaited<ReturnType<typeof repo.findDeliveryToSend>>>,
    status: 'delivered' | 'failed',
  ) {
    await repo.finishDelivery(tx, { deliveryId: found.delivery.id, status, at: deps.now() });
    if (!found.delivery.documentId) return;
    const next = await repo.takeNextInStream(tx, {
      subscriptionId: found.subscription.id,
      documentId: found.delivery.documentId,
    });
    if (next) await queue(deliver, { deliveryId: next });
  }

  const deliver = defineJob({
    name: 'webhooks.deliver',
    payload: z.object({ deliveryId: z.string().uuid(), isManual: z.boolean().optional() }),
    retryLimit: WEBHOOK_LIMITS.retries,
    retryDelay: deps.retryDelaySeconds,
    // One try takes 10 s at most.
    expireInSeconds: 60,
    // Many receivers, each slow at worst: the order per document is kept by queueing only a document's first.
    concurrency: 16,
    async handler({ deliveryId, isManual = false }) {
      const found = await repo.findDeliveryToSend(db, deliveryId);
      if (!found) return;
      // Finished by an earlier run (a retry after the outcome was recorded).
      if (!isManual && found.delivery.status !== 'pending') return;
      if (!isManual && found.subscription.disabledAt) {
        await deps.jobs.transaction(db, async (tx, queue) => {
          await repo.lockSubscription(tx, found.subscription.id, 'share');
          await finish(tx, queue, found, 'failed');
        });
        return;
      }
      const now = deps.now();
      const body = deliveryBody(found.event);
      const timestamp = Math.floor(now.getTime() / 1000);
      const started = performance.now();
      let status: number | null = null;
      let responseBody: string | null = null;
      let error: string | null = null;
      try {
        const answer = await post(found.subscription.url, {
          allowPrivate: deps.allowPrivate,
          timeoutMs: WEBHOOK_LIMITS.timeoutMs,
          maxBytes: WEBHOOK_LIMITS.maxResponseBytes,
          body,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'eSign-Webhooks/1.0',
            'webhook-id': found.delivery.id,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': signatureHeader(signingSecrets(deps.box, found.subscription, now), {
              id: found.delivery.id,
              timestamp,
              body,
            }),
          },
        });
        status = answer.status;
        responseBody = answer.body.subarray(0, WEBHOOK_LIMITS.loggedBodyBytes).toString('utf8');
      } catch (caught) {
        error = caught instanceof Error ? caught.message : String(caught);
      }
      const isSuccess = status !== null && status >= 200 && status < 300;
      const willRetry = !isSuccess && !isManual && isRetryable(status);
      // A success changes nothing of the subscription but a failing streak, cleared after: the ends of many
      // deliveries run side by side (see lockSubscription).
      const wasFailing = await deps.jobs.transaction(db, async (tx, queue) => {
        const subscription = await repo.lockSubscription(tx, found.subscription.id, isSuccess ? 'share' : 'update');
        await repo.recordAttempt(tx, {
          deliveryId,
          isSuccess,
          responseStatus: status,
          responseBody,
          error,
          durationMs: Math.round(performance.now() - started),
          isManual,
        });
        if (!subscription) return false;
        if (isSuccess) {
          if (found.delivery.status === 'pending') await finish(tx, queue, found, 'delivered');
          return subscription.failingSince !== null;
        }
        const failingSince = subscription.failingSince ?? now;
        const isFailingTooLong =
          now.getTime() - failingSince.getTime() >= WEBHOOK_LIMITS.disableAfterDays * 24 * 60 * 60 * 1000;
        if (!subscription.failingSince) await repo.updateSubscription(tx, subscription.id, { failingSince });
        if (isFailingTooLong && !subscription.disabledAt) {
          await repo.updateSubscription(tx, subscription.id, { disabledAt: now });
          await queue(disabledMail, { subscriptionId: subscription.id });
        }
        // A 4xx is the receiver's final word; a manual try leaves the delivery as it was.
        if (!willRetry && !isManual && found.delivery.status === 'pending') await finish(tx, queue, found, 'failed');
        return false;
      });
      if (wasFailing) await repo.clearFailingSince(db, { id: found.subscription.id, succeededAt: now });
      if (willRetry) throw new DeliveryFailedError(error ?? `the receiver answered ${status}`);
    },
    async onFinalFailure({ deliveryId, isManual }) {
      if (isManual) return;
      const found = await repo.findDeliveryToSend(db, deliveryId);
      if (found?.delivery.status !== 'pending') return;
      await deps.jobs.transaction(db, async (tx, queue) => {
        await repo.lockSubscription(tx, found.subscription.id, 'share');
        await finish(tx, queue, found, 'failed');
      });
    },
  });

  return { deliver, disabledMail };
}
export type WebhookJobs = ReturnType<typeof webhookJobs>;
