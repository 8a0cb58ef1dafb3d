import { and, asc, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { events, webhookAttempts, webhookDeliveries, webhookSubscriptions } from '../platform/db/schema.js';

export type SubscriptionRow = typeof webhookSubscriptions.$inferSelect;
export type EventRow = typeof events.$inferSelect;

export async function countSubscriptions(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.userId, userId));
  return row?.n ?? 0;
}

export async function insertSubscription(db: Db, values: typeof webhookSubscriptions.$inferInsert) {
  const [row] = await db.insert(webhookSubscriptions).values(values).returning();
  if (!row) throw new Error('subscription not stored');
  return row;
}

export async function listSubscriptions(db: Db, userId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.userId, userId))
    .orderBy(asc(webhookSubscriptions.createdAt));
}

export async function findSubscription(db: Db, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
  return row;
}

/**
 * Locks a subscription's row: the dispatcher (adding a delivery behind a pending one) and a delivery's end
 * (queueing the next of its document) take it, so one of them always sees the other's delivery.
 */
export async function lockSubscription(db: Db, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id)).for('update');
  return row;
}

export async function updateSubscription(
  db: Db,
  id: string,
  values: Partial<typeof webhookSubscriptions.$inferInsert>,
) {
  const [row] = await db.update(webhookSubscriptions).set(values).where(eq(webhookSubscriptions.id, id)).returning();
  return row;
}

export async function deleteOwnedSubscription(db: Db, params: { userId: string; id: string }): Promise<boolean> {
  const deleted = await db
    .delete(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.id, params.id), eq(webhookSubscriptions.userId, params.userId)))
    .returning({ id: webhookSubscriptions.id });
  return deleted.length > 0;
}

/** The enabled subscriptions of these accounts. */
export async function activeSubscriptionsOf(db: Db, userIds: string[]): Promise<SubscriptionRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(webhookSubscriptions)
    .where(and(inArray(webhookSubscriptions.userId, userIds), isNull(webhookSubscriptions.disabledAt)))
    .orderBy(asc(webhookSubscriptions.id));
}

export async function insertEvent(db: Db, values: typeof events.$inferInsert): Promise<EventRow> {
  const [row] = await db.insert(events).values(values).returning();
  if (!row) throw new Error('event not stored');
  return row;
}

/** A delivery of an event to a subscription; none when it exists already (a dispatch run again). */
export async function insertDelivery(db: Db, values: typeof webhookDeliveries.$inferInsert) {
  const [row] = await db.insert(webhookDeliveries).values(values).onConflictDoNothing().returning();
  return row;
}

/** The pending deliveries of one document to one subscription (its stream, delivered in sequence order). */
const pendingInStream = (params: { subscriptionId: string; documentId: string }) =>
  and(
    eq(webhookDeliveries.subscriptionId, params.subscriptionId),
    eq(webhookDeliveries.documentId, params.documentId),
    eq(webhookDeliveries.status, 'pending'),
  );

/** True when an earlier delivery of the same document to the same subscription is still pending. */
export async function hasEarlierPending(
  db: Db,
  params: { subscriptionId: string; documentId: string; sequence: number },
) {
  const [row] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(pendingInStream(params), lt(webhookDeliveries.sequence, params.sequence)))
    .limit(1);
  return row !== undefined;
}

export async function markQueued(db: Db, deliveryId: string): Promise<void> {
  await db.update(webhookDeliveries).set({ isQueued: true }).where(eq(webhookDeliveries.id, deliveryId));
}

/** The document's next pending delivery to the subscription, marked queued; undefined when none waits. */
export async function takeNextInStream(db: Db, params: { subscriptionId: string; documentId: string }) {
  const [next] = await db
    .select({ id: webhookDeliveries.id, isQueued: webhookDeliveries.isQueued })
    .from(webhookDeliveries)
    .where(pendingInStream(params))
    .orderBy(asc(webhookDeliveries.sequence))
    .limit(1);
  if (!next || next.isQueued) return undefined;
  await markQueued(db, next.id);
  return next.id;
}

/** A delivery with its event and subscription, for its job. */
export async function findDeliveryToSend(db: Db, deliveryId: string) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, event: events, subscription: webhookSubscriptions })
    .from(webhookDeliveries)
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
    .where(eq(webhookDeliveries.id, deliveryId));
  return row;
}

export async function findDeliveryOfSubscription(db: Db, params: { subscriptionId: string; deliveryId: string }) {
  const [row] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.id, params.deliveryId), eq(webhookDeliveries.subscriptionId, params.subscriptionId)),
    );
  return row;
}

export async function recordAttempt(db: Db, values: typeof webhookAttempts.$inferInsert): Promise<void> {
  await db.insert(webhookAttempts).values(values);
  await db
    .update(webhookDeliveries)
    .set({ attempts: sql`${webhookDeliveries.attempts} + 1` })
    .where(eq(webhookDeliveries.id, values.deliveryId));
}

export async function finishDelivery(
  db: Db,
  params: { deliveryId: string; status: 'delivered' | 'failed'; at: Date },
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: params.status, finishedAt: params.at })
    .where(eq(webhookDeliveries.id, params.deliveryId));
}

/** A page of the subscription's deliveries, newest first, with their tries in order. */
export async function listDeliveries(db: Db, params: { subscriptionId: string; page: number; limit: number }) {
  const rows = await db
    .select({ delivery: webhookDeliveries, eventType: events.type })
    .from(webhookDeliveries)
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.subscriptionId, params.subscriptionId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.sequence))
    .limit(params.limit)
    .offset((params.page - 1) * params.limit);
  const [total] = await db
    .select({ n: count() })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.subscriptionId, params.subscriptionId));
  const ids = rows.map((row) => row.delivery.id);
  const attempts =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(webhookAttempts)
          .where(inArray(webhookAttempts.deliveryId, ids))
          .orderBy(asc(webhookAttempts.createdAt));
  return { rows, attempts, total: total?.n ?? 0 };
}

/** Seconds the oldest pending delivery has waited (0 when none waits): the webhooks' lag, for the metrics. */
export async function oldestPendingDeliverySeconds(db: Db): Promise<number> {
  const result = (await db.execute(
    sql`select coalesce(extract(epoch from now() - min(${webhookDeliveries.createdAt})), 0)::float8 as seconds
        from ${webhookDeliveries} where ${webhookDeliveries.status} = 'pending'`,
  )) as unknown as { rows: { seconds: number }[] };
  return Number(result.rows[0]?.seconds ?? 0);
}
