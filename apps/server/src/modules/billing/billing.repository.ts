import { type ApiPlanType, CURRENCY, type Plan, type PlanDuration } from '@esign/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { apiSubscriptions, invoices, paymentCards, subscriptions, users } from '../../platform/db/schema.js';

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
