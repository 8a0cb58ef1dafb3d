import { type ApiPlanType, CURRENCY, MESSAGES, type Plan, type PlanDuration } from '@esign/shared';
import { and, count, desc, eq, inArray, like, ne, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { apiSubscriptions, invoices, paymentCards, subscriptions, users } from '../platform/db/schema.js';
import { AppError } from '../platform/errors.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type CardRow = typeof paymentCards.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type ApiSubscriptionRow = typeof apiSubscriptions.$inferSelect;

export interface InvoiceLine {
  description: string;
  quantity: number;
  unitCents: number;
  totalCents: number;
}

export async function findCard(db: Db, userId: string): Promise<CardRow | undefined> {
  const [row] = await db.select().from(paymentCards).where(eq(paymentCards.userId, userId)).limit(1);
  return row;
}

export async function upsertCard(db: Db, values: typeof paymentCards.$inferInsert): Promise<CardRow> {
  const [row] = await db
    .insert(paymentCards)
    .values(values)
    .onConflictDoUpdate({ target: paymentCards.userId, set: { ...values, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error('card not saved');
  return row;
}

export async function findSubscription(db: Db, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row;
}

/** The user's row locked for the rest of the transaction: one billing change of an account at a time. */
export async function lockUserForBilling(db: Db, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
  return row;
}

export async function setUserPlan(db: Db, userId: string, plan: Plan): Promise<void> {
  await db.update(users).set({ planType: plan.type, planDuration: plan.duration }).where(eq(users.id, userId));
}

export async function putSubscription(
  db: Db,
  values: Omit<typeof subscriptions.$inferInsert, 'id' | 'createdAt'>,
): Promise<SubscriptionRow> {
  const reset = { status: 'active' as const, failedAttempts: 0, retryAt: null };
  const [row] = await db
    .insert(subscriptions)
    .values({ ...values, ...reset })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { ...values, ...reset } })
    .returning();
  if (!row) throw new Error('subscription not saved');
  return row;
}

export async function updateSubscription(
  db: Db,
  id: string,
  values: Partial<typeof subscriptions.$inferInsert>,
): Promise<void> {
  await db.update(subscriptions).set(values).where(eq(subscriptions.id, id));
}

/** Seats bought: the new user count, and their charge added to what the period's paid (relative, not read first). */
export async function addPaidSeats(db: Db, id: string, values: { userQuantity: number; paidCents: number }) {
  await db
    .update(subscriptions)
    .set({ userQuantity: values.userQuantity, paidCents: sql`${subscriptions.paidCents} + ${values.paidCents}` })
    .where(eq(subscriptions.id, id));
}

/** Seats freed (members removed): the count lowered to the people left (at least 1); nothing is refunded. */
/** The user's subscription, its row locked for the rest of the transaction. */
export async function lockSubscription(db: Db, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update').limit(1);
  return row;
}

/** Fewer users: the count lowered, `creditCents` moved from what the period was paid for to the account's credit. */
export async function releaseSeats(db: Db, id: string, values: { userQuantity: number; creditCents: number }) {
  await db
    .update(subscriptions)
    .set({
      userQuantity: values.userQuantity,
      creditCents: sql`${subscriptions.creditCents} + ${values.creditCents}`,
      paidCents: sql`greatest(${subscriptions.paidCents} - ${values.creditCents}, 0)`,
    })
    .where(eq(subscriptions.id, id));
}

/** How many seat purchases of the subscription were paid: the next one's charge key counts on from it. */
export async function countPaidSeatPurchases(db: Db, subscription: { id: string; userId: string }): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(invoices)
    .where(
      and(
        eq(invoices.userId, subscription.userId),
        like(invoices.chargeKey, `${seatChargeKeyPrefix(subscription.id)}%`),
        eq(invoices.status, 'paid'),
      ),
    );
  return row?.count ?? 0;
}

/** The start of every seat purchase's charge key (`changeSeatCount`). */
export const seatChargeKeyPrefix = (subscriptionId: string) => `seats:${subscriptionId}:`;

export async function deleteSubscription(db: Db, userId: string): Promise<void> {
  await db.delete(subscriptions).where(eq(subscriptions.userId, userId));
}

/** A new invoice for a charge about to be made; undefined when its charge key exists already. */
export async function insertInvoice(
  db: Db,
  values: {
    userId: string;
    kind: 'plan' | 'api';
    chargeKey: string;
    amountCents: number;
    description: string;
    lines: InvoiceLine[];
  },
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .insert(invoices)
    .values({ ...values, status: 'pending', currency: CURRENCY })
    .onConflictDoNothing({ target: invoices.chargeKey })
    .returning();
  return row;
}

export async function findInvoiceByKey(db: Db, chargeKey: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.chargeKey, chargeKey)).limit(1);
  return row;
}

/** How long a plan change may hold the account's billing (a process that died releases it after this). */
const BILLING_LOCK_SECONDS = 120;

/**
 * One billing change of an account at a time, across its gateway call (no transaction is held open meanwhile):
 * taken by a conditional update, so of two at once one gets it; `work` runs, then it is released. The other is
 * refused with 409 at once.
 */
export async function withBillingLock<T>(db: Db, userId: string, work: () => Promise<T>): Promise<T> {
  const [taken] = await db
    .update(users)
    .set({ billingLockedUntil: sql`now() + make_interval(secs => ${BILLING_LOCK_SECONDS})` })
    .where(and(eq(users.id, userId), sql`coalesce(${users.billingLockedUntil}, '-infinity') < now()`))
    .returning({ id: users.id });
  if (!taken) throw new AppError('CONFLICT', MESSAGES.billingBusy);
  try {
    return await work();
  } finally {
    await db.update(users).set({ billingLockedUntil: null }).where(eq(users.id, userId));
  }
}

/** Marks a pending (or failed) invoice paid; false when it was paid already (by a call at the same moment). */
export async function settleInvoiceOnce(db: Db, id: string, chargeRef: string | null): Promise<boolean> {
  const rows = await db
    .update(invoices)
    .set({ status: 'paid', chargeRef })
    .where(and(eq(invoices.id, id), ne(invoices.status, 'paid')))
    .returning({ id: invoices.id });
  return rows.length > 0;
}

export async function settleInvoice(
  db: Db,
  id: string,
  values: { status: 'paid' | 'failed'; chargeRef?: string | null; failureMessage?: string | null },
): Promise<void> {
  await db.update(invoices).set(values).where(eq(invoices.id, id));
}

export async function listInvoices(db: Db, params: { userId: string; kind: 'plan' | 'api' | undefined }) {
  return db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.userId, params.userId),
        eq(invoices.status, 'paid'),
        params.kind ? eq(invoices.kind, params.kind) : undefined,
      ),
    )
    .orderBy(desc(invoices.createdAt), desc(invoices.number))
    .limit(500);
}

export async function findInvoicesByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ invoice: invoices, name: users.name, email: users.email, billingDetails: users.billingDetails })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(inArray(invoices.id, ids));
}

export async function setInvoicePdf(db: Db, id: string, pdfKey: string): Promise<boolean> {
  const rows = await db
    .update(invoices)
    .set({ pdfKey })
    .where(and(eq(invoices.id, id), sql`${invoices.pdfKey} is null`))
    .returning({ id: invoices.id });
  return rows.length > 0;
}

export async function findApiSubscription(db: Db, userId: string): Promise<ApiSubscriptionRow | undefined> {
  const [row] = await db.select().from(apiSubscriptions).where(eq(apiSubscriptions.userId, userId)).limit(1);
  return row;
}

export async function putApiSubscription(
  db: Db,
  values: {
    userId: string;
    planType: ApiPlanType;
    planDuration: PlanDuration;
    amountCents: number;
    currentPeriodStart: Date;
    currentPeriodEnd: Date;
  },
): Promise<void> {
  // A new period: a past-due one's dunning starts over.
  const row = { ...values, status: 'active' as const, failedAttempts: 0, retryAt: null };
  await db.insert(apiSubscriptions).values(row).onConflictDoUpdate({ target: apiSubscriptions.userId, set: row });
}

export async function deleteApiSubscription(db: Db, userId: string): Promise<void> {
  await db.delete(apiSubscriptions).where(eq(apiSubscriptions.userId, userId));
}
