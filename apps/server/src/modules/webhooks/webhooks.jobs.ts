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

/** What one try gave: the receiver's status (none: time-out, network), the start of its body, or the error. */
interface TryOutcome {
  found: repo.DeliveryToSend;
  isManual: boolean;
  /** The subscription was disabled: nothing was sent, the delivery ends as failed. */
  isSkipped: boolean;
  status: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
  at: Date;
}

const isSuccessOf = (outcome: TryOutcome) => outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
const willRetryOf = (outcome: TryOutcome) =>
  !outcome.isSkipped && !isSuccessOf(outcome) && !outcome.isManual && isRetryable(outcome.status);

/** Deliveries one batch job takes at most, and how many of its POSTs are on their way at once. */
const BATCH = 64;
const BATCH_WIDTH = 16;

/**
 * Deliveries of events to webhooks. The dispatcher queues the deliveries it can send now as batch jobs
 * (`webhooks.deliver-batch`): their POSTs go out side by side, and each group's outcomes are recorded in one
 * transaction. A delivery that fails in a way worth trying again (time-out, network, 5xx, 429) goes on as a job of
 * its own (`webhooks.deliver`: pg-boss retries it with exponential back-off, at least 8 tries over about a day), as do
 * replays and test events. Every try is a row of the delivery log. A delivery's end (delivered, refused with a 4xx,
 * or given up) queues the next pending delivery of the same document to the same subscription, so a receiver gets
 * one document's events in order. Mail is only ever queued: a delivery never waits on it.
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

  /** Queues deliveries that may go now, as batch jobs. */
  async function queueBatches(queue: QueueInTransaction, deliveryIds: string[]) {
    const payloads: { deliveryIds: string[] }[] = [];
    for (let start = 0; start < deliveryIds.length; start += BATCH) {
      payloads.push({ deliveryIds: deliveryIds.slice(start, start + BATCH) });
    }
    if (queue.many) await queue.many(deliverBatch, payloads);
    else for (const payload of payloads) await queue(deliverBatch, payload);
  }

  /**
   * Ends deliveries and answers the next of each one's document to queue (under the subscriptions' locks: see
   * lockSubscription), in three statements whatever their number.
   */
  async function finish(
    tx: Db,
    ends: { found: repo.DeliveryToSend; status: 'delivered' | 'failed' }[],
  ): Promise<string[]> {
    const at = deps.now();
    for (const status of ['delivered', 'failed'] as const) {
      const deliveryIds = ends.filter((end) => end.status === status).map((end) => end.found.delivery.id);
      await repo.finishDeliveries(tx, { deliveryIds, status, at });
    }
    const streams = ends.flatMap(({ found }) =>
      found.delivery.documentId
        ? [{ subscriptionId: found.subscription.id, documentId: found.delivery.documentId }]
        : [],
    );
    return repo.takeNextInStreams(tx, streams);
  }

  /** One POST of a delivery, signed; never throws (the outcome says what happened). */
  async function tryOnce(found: repo.DeliveryToSend, isManual: boolean): Promise<TryOutcome> {
    const now = deps.now();
    const base = { found, isManual, at: now, status: null, responseBody: null, error: null, durationMs: 0 };
    if (!isManual && found.subscription.disabledAt) return { ...base, isSkipped: true };
    const body = deliveryBody(found.event);
    const timestamp = Math.floor(now.getTime() / 1000);
    const started = performance.now();
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
      return {
        ...base,
        isSkipped: false,
        status: answer.status,
        responseBody: answer.body.subarray(0, WEBHOOK_LIMITS.loggedBodyBytes).toString('utf8'),
        durationMs: Math.round(performance.now() - started),
      };
    } catch (caught) {
      const error = caught instanceof Error ? caught.message : String(caught);
      return { ...base, isSkipped: false, error, durationMs: Math.round(performance.now() - started) };
    }
  }

  /**
   * Records tries in one transaction: each in the log, the subscription's failing streak (and its disabling), the
   * ends, and the jobs that follow (the next of each document, and `retryOnItsOwn`'s retries as jobs of their own).
   * The subscriptions are locked in id order: shared when all their tries succeeded (see lockSubscription).
   * Answers the subscriptions whose failing streak a success ended (cleared after the commit).
   */
  async function record(outcomes: TryOutcome[], retryOnItsOwn: boolean): Promise<string[]> {
    return deps.jobs.transaction(db, async (tx, queue) => {
      const bySubscription = new Map<string, TryOutcome[]>();
      for (const outcome of outcomes) {
        const id = outcome.found.subscription.id;
        bySubscription.set(id, [...(bySubscription.get(id) ?? []), outcome]);
      }
      const ends: { found: repo.DeliveryToSend; status: 'delivered' | 'failed' }[] = [];
      const recovered: string[] = [];
      for (const id of [...bySubscription.keys()].sort()) {
        const ofSubscription = bySubscription.get(id) ?? [];
        const isAllFine = ofSubscription.every((outcome) => outcome.isSkipped || isSuccessOf(outcome));
        let subscription = await repo.lockSubscription(tx, id, isAllFine ? 'share' : 'update');
        await repo.recordAttempts(
          tx,
          ofSubscription
            .filter((outcome) => !outcome.isSkipped)
            .map((outcome) => ({
              deliveryId: outcome.found.delivery.id,
              isSuccess: isSuccessOf(outcome),
              responseStatus: outcome.status,
              responseBody: outcome.responseBody,
              error: outcome.error,
              durationMs: outcome.durationMs,
              isManual: outcome.isManual,
            })),
        );
        for (const outcome of ofSubscription) {
          const { found, isManual } = outcome;
          const isPending = found.delivery.status === 'pending';
          if (outcome.isSkipped) {
            if (isPending) ends.push({ found, status: 'failed' });
            continue;
          }
          if (!subscription) continue;
          if (isSuccessOf(outcome)) {
            if (subscription.failingSince && !recovered.includes(id)) recovered.push(id);
            if (isPending) ends.push({ found, status: 'delivered' });
            continue;
          }
          const failingSince = subscription.failingSince ?? outcome.at;
          const isFailingTooLong =
            outcome.at.getTime() - failingSince.getTime() >= WEBHOOK_LIMITS.disableAfterDays * 24 * 60 * 60 * 1000;
          if (!subscription.failingSince) {
            subscription = (await repo.updateSubscription(tx, id, { failingSince })) ?? subscription;
          }
          if (isFailingTooLong && !subscription.disabledAt) {
            subscription = (await repo.updateSubscription(tx, id, { disabledAt: outcome.at })) ?? subscription;
            await queue(disabledMail, { subscriptionId: id });
          }
          if (willRetryOf(outcome)) {
            if (retryOnItsOwn) {
              await queue(deliver, { deliveryId: found.delivery.id }, { startAfter: deps.retryDelaySeconds });
            }
            continue;
          }
          // A 4xx is the receiver's final word; a manual try leaves the delivery as it was.
          if (!isManual && isPending) ends.push({ found, status: 'failed' });
        }
      }
      await queueBatches(queue, await finish(tx, ends));
      return recovered;
    });
  }

  /** After a success: the failing streaks it ended (on their own: a later failure may have started another). */
  async function clearStreaks(subscriptionIds: string[], succeededAt: Date) {
    for (const id of subscriptionIds) await repo.clearFailingSince(db, { id, succeededAt });
  }

  const deliver = defineJob({
    name: 'webhooks.deliver',
    payload: z.object({ deliveryId: z.string().uuid(), isManual: z.boolean().optional() }),
    retryLimit: WEBHOOK_LIMITS.retries,
    retryDelay: deps.retryDelaySeconds,
    // One try takes 10 s at most.
    expireInSeconds: 60,
    // Retries, replays and test events: the order per document is kept by queueing only a document's first.
    concurrency: 8,
    async handler({ deliveryId, isManual = false }) {
      const found = await repo.findDeliveryToSend(db, deliveryId);
      if (!found) return;
      // Finished by an earlier run (a retry after the outcome was recorded).
      if (!isManual && found.delivery.status !== 'pending') return;
      const outcome = await tryOnce(found, isManual);
      await clearStreaks(await record([outcome], false), outcome.at);
      if (willRetryOf(outcome)) {
        throw new DeliveryFailedError(outcome.error ?? `the receiver answered ${outcome.status}`);
      }
    },
    async onFinalFailure({ deliveryId, isManual }) {
      if (isManual) return;
      const found = await repo.findDeliveryToSend(db, deliveryId);
      if (found?.delivery.status !== 'pending') return;
      await deps.jobs.transaction(db, async (tx, queue) => {
        await repo.lockSubscription(tx, found.subscription.id, 'share');
        await queueBatches(queue, await finish(tx, [{ found, status: 'failed' }]));
      });
    },
  });

  /**
   * The deliveries that may go now (each the first pending of its document to its subscription), BATCH_WIDTH POSTs
   * at a time, each group's outcomes recorded in one transaction; a retryable failure goes on as a `deliver` job.
   * Run again (its process ended), it skips what was recorded (ended, or gone on as a job of its own).
   */
  const deliverBatch = defineJob({
    name: 'webhooks.deliver-batch',
    payload: z.object({ deliveryIds: z.array(z.string().uuid()).max(BATCH) }),
    // Each failure worth retrying has become a job of its own: the batch itself is run again only when cut off.
    retryLimit: 3,
    retryDelay: 5,
    // A group takes 10 s at most.
    expireInSeconds: 10 * Math.ceil(BATCH / BATCH_WIDTH) + 60,
    concurrency: 4,
    async handler({ deliveryIds }) {
      // Run again after its process ended: what it recorded has ended or gone on as a job of its own.
      const found = (await repo.findDeliveriesToSend(db, deliveryIds)).filter(
        (one) => one.delivery.status === 'pending' && !one.isTried,
      );
      for (let start = 0; start < found.length; start += BATCH_WIDTH) {
        const outcomes = await Promise.all(found.slice(start, start + BATCH_WIDTH).map((one) => tryOnce(one, false)));
        await clearStreaks(await record(outcomes, true), deps.now());
      }
    },
  });

  return { deliver, deliverBatch, disabledMail, queueBatches };
}
export type WebhookJobs = ReturnType<typeof webhookJobs>;
