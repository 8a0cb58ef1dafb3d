import { and, asc, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
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
 * (queueing the next of its document) take it, so one of them always sees the other's delivery. `share`: a
 * delivery's end that changes nothing of the subscription (a success, a subscription disabled): such ends run side by
 * side, and only the dispatcher (which takes it for update) waits for them.
 */
export async function lockSubscription(
  db: Db,
  id: string,
  mode: 'update' | 'share' = 'update',
): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id)).for(mode);
  return row;
}

/** Clears a subscription's failing streak after a success (on its own: a later failure may have started another). */
export async function clearFailingSince(db: Db, params: { id: string; succeededAt: Date }): Promise<void> {
  await db
    .update(webhookSubscriptions)
    .set({ failingSince: null })
    .where(and(eq(webhookSubscriptions.id, params.id), lte(webhookSubscriptions.failingSince, params.succeededAt)));
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

/**
 * The dispatcher's part, in its transaction, as a few statements whatever the batch: locks the enabled subscriptions
 * that want any of these events (id order, as lockSubscription's callers take them one at a time), adds a delivery of
 * each event to each of them (none twice: a dispatch run again adds nothing), and marks queued the new deliveries
 * that head their stream (no earlier pending delivery of their document to their subscription, this batch's
 * included). Answers the ids to queue, in the events' order.
 */
export async function insertDeliveriesOfEvents(db: Db, eventIds: string[]): Promise<string[]> {
  if (eventIds.length === 0) return [];
  const ids = sql`(select jsonb_array_elements_text(${JSON.stringify(eventIds)}::jsonb)::uuid)`;
  const wanted = sql`webhook_subscriptions s join events e
    on e.id in ${ids} and e.user_id = s.user_id and jsonb_exists(s.events, e.type)
    where s.disabled_at is null`;
  await db.execute(sql`select s.id from webhook_subscriptions s where s.id in (select s.id from ${wanted})
    order by s.id for update`);
  const inserted = (await db.execute(sql`
    insert into webhook_deliveries (subscription_id, event_id, document_id, sequence)
    select s.id, e.id, e.document_id, e.sequence from ${wanted} order by e.position, s.id
    on conflict do nothing
    returning id`)) as unknown as { rows: { id: string }[] };
  if (inserted.rows.length === 0) return [];
  const heads = (await db.execute(sql`
    update webhook_deliveries d set is_queued = true
    from events e
    where d.id in (select jsonb_array_elements_text(${JSON.stringify(inserted.rows.map((row) => row.id))}::jsonb)::uuid)
      and e.id = d.event_id
      and (d.document_id is null or not exists (
        select 1 from webhook_deliveries p
        where p.subscription_id = d.subscription_id and p.document_id = d.document_id and p.status = 'pending'
          and p.sequence < d.sequence))
    returning d.id, e.position`)) as unknown as { rows: { id: string; position: string | number }[] };
  return heads.rows.sort((a, b) => Number(a.position) - Number(b.position)).map((row) => row.id);
}

/**
 * The next pending delivery of each stream (a document's deliveries to a subscription), marked queued; a stream
 * whose next is queued already, or that has none, gives nothing. One statement for any number of streams.
 */
export async function takeNextInStreams(
  db: Db,
  streams: { subscriptionId: string; documentId: string }[],
): Promise<string[]> {
  if (streams.length === 0) return [];
  const list = JSON.stringify(streams.map((one) => ({ s: one.subscriptionId, d: one.documentId })));
  const result = (await db.execute(sql`
    update webhook_deliveries d set is_queued = true
    from (
      select distinct on (w.subscription_id, w.document_id) w.id, w.is_queued
      from webhook_deliveries w
      join jsonb_to_recordset(${list}::jsonb) as stream(s uuid, d uuid)
        on w.subscription_id = stream.s and w.document_id = stream.d
      where w.status = 'pending'
      order by w.subscription_id, w.document_id, w.sequence) n
    where d.id = n.id and not n.is_queued
    returning d.id`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((row) => row.id);
}

/** A delivery with its event and subscription, for its job. */
export async function findDeliveryToSend(db: Db, deliveryId: string) {
  const [row] = await findDeliveriesToSend(db, [deliveryId]);
  return row;
}
export type DeliveryToSend = NonNullable<Awaited<ReturnType<typeof findDeliveryToSend>>>;

/**
 * Deliveries with their events and subscriptions, for a batch's job (in the events' order). `isTried`: a try of
 * its own (not a replay) is recorded, so the delivery has gone on as a job of its own or has ended.
 */
export async function findDeliveriesToSend(db: Db, deliveryIds: string[]) {
  if (deliveryIds.length === 0) return [];
  return db
    .select({
      delivery: webhookDeliveries,
      event: events,
      subscription: webhookSubscriptions,
      isTried: sql<boolean>`exists (select 1 from webhook_attempts a
        where a.delivery_id = ${webhookDeliveries.id} and not a.is_manual)`,
    })
    .from(webhookDeliveries)
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
    .where(inArray(webhookDeliveries.id, deliveryIds))
    .orderBy(asc(events.position));
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

/** Tries of deliveries (each delivery once): their rows in the log, and each delivery's count of tries. */
export async function recordAttempts(db: Db, values: (typeof webhookAttempts.$inferInsert)[]): Promise<void> {
  if (values.length === 0) return;
  const inserted = await db
    .insert(webhookAttempts)
    .values(values)
    .returning({ deliveryId: webhookAttempts.deliveryId });
  await db
    .update(webhookDeliveries)
    .set({ attempts: sql`${webhookDeliveries.attempts} + 1` })
    .where(
      inArray(
        webhookDeliveries.id,
        inserted.map((row) => row.deliveryId),
      ),
    );
}

export async function finishDeliveries(
  db: Db,
  params: { deliveryIds: string[]; status: 'delivered' | 'failed'; at: Date },
): Promise<void> {
  if (params.deliveryIds.length === 0) return;
  await db
    .update(webhookDeliveries)
    .set({ status: params.status, finishedAt: params.at })
    .where(inArray(webhookDeliveries.id, params.deliveryIds));
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
