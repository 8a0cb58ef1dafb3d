import { type ApiPlanType, CURRENCY, type PlanDuration } from '@esign/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import type { CardRow, InvoiceLine, SubscriptionRow } from './billing.js';

type Rows<T> = { rows: T[] };

/** Where a run's claims have got to: the last claimed row's due time and id (rows are claimed in that order). */
export interface ClaimCursor {
  dueAt: Date;
  id: string;
}
export interface ClaimParams {
  now: Date;
  limit: number;
  leaseUntil: Date;
  /** A run's earlier batches end here: the next starts after it (not over the rows it has moved on). */
  after: ClaimCursor | null;
}

/**
 * Takes up to `limit` due rows of `table` (period ended, or a declined renewal's retry time come) that no other run
 * holds (SKIP LOCKED), and leases them until `leaseUntil` (their retry time), so a second worker passes them by
 * and a run that dies mid-batch leaves them for a later run. One statement answers them with their saved cards.
 * Claimed in (due time, id) order after the run's cursor: an index range from where the last batch ended, not a
 * scan from the start over the index entries of the rows this run renewed already (dead until vacuumed).
 */
async function claimDue(
  db: Db,
  table: 'subscriptions' | 'api_subscriptions',
  params: ClaimParams,
): Promise<{ row: Record<string, unknown>; card: CardRow | null; cursor: ClaimCursor }[]> {
  const after = params.after
    ? sql`and (coalesce(retry_at, current_period_end), id) > (${params.after.dueAt.toISOString()}::timestamptz, ${params.after.id}::uuid)`
    : sql``;
  const result = (await db.execute(sql`
    with due as (
      select id, coalesce(retry_at, current_period_end) as due_at from ${sql.identifier(table)}
      where coalesce(retry_at, current_period_end) <= ${params.now.toISOString()}::timestamptz ${after}
      order by coalesce(retry_at, current_period_end), id
      limit ${params.limit}
      for update skip locked
    ), claimed as (
      update ${sql.identifier(table)} s set retry_at = ${params.leaseUntil.toISOString()}::timestamptz
      from due where s.id = due.id
      returning s.*, due.due_at
    )
    select claimed.*, c.gateway as card_gateway, c.customer_ref as card_customer_ref,
      c.payment_method_ref as card_payment_method_ref, c.brand as card_brand, c.last4 as card_last4,
      c.exp_month as card_exp_month, c.exp_year as card_exp_year, c.cardholder_name as card_cardholder_name,
      c.postal_code as card_postal_code, c.updated_at as card_updated_at
    from claimed left join payment_cards c on c.user_id = claimed.user_id
  `)) as unknown as Rows<Record<string, unknown>>;
  return result.rows.map((row) => ({
    row,
    card: row.card_customer_ref === null ? null : toCard(row),
    cursor: { dueAt: asDate(row.due_at), id: String(row.id) },
  }));
}

/** The last of a batch's claims in claim order: where the run's next batch starts. */
export function lastCursor(claimed: { cursor: ClaimCursor }[]): ClaimCursor | null {
  let last: ClaimCursor | null = null;
  for (const { cursor } of claimed) {
    const isLater =
      !last ||
      cursor.dueAt.getTime() > last.dueAt.getTime() ||
      (cursor.dueAt.getTime() === last.dueAt.getTime() && cursor.id > last.id);
    if (isLater) last = cursor;
  }
  return last;
}

/** The due subscriptions of the account plans, claimed (see claimDue). */
export async function claimDueSubscriptions(
  db: Db,
  params: ClaimParams,
): Promise<{ subscription: SubscriptionRow; card: CardRow | null; cursor: ClaimCursor }[]> {
  const claimed = await claimDue(db, 'subscriptions', params);
  return claimed.map(({ row, card, cursor }) => ({ subscription: toSubscription(row), card, cursor }));
}

export interface DueApiSubscription {
  id: string;
  userId: string;
  planType: ApiPlanType;
  planDuration: PlanDuration;
  amountCents: number;
  currentPeriodEnd: Date;
  failedAttempts: number;
}

/** The due API plans (api_subscriptions), claimed with the same lease. */
export async function claimDueApiSubscriptions(
  db: Db,
  params: ClaimParams,
): Promise<{ subscription: DueApiSubscription; card: CardRow | null; cursor: ClaimCursor }[]> {
  const claimed = await claimDue(db, 'api_subscriptions', params);
  return claimed.map(({ row, card, cursor }) => ({
    cursor,
    subscription: {
      id: String(row.id),
      userId: String(row.user_id),
      planType: row.plan_type as ApiPlanType,
      planDuration: row.plan_duration as PlanDuration,
      amountCents: Number(row.amount_cents),
      currentPeriodEnd: asDate(row.current_period_end),
      failedAttempts: Number(row.failed_attempts),
    },
    card,
  }));
}

const asDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

function toSubscription(row: Record<string, unknown>): SubscriptionRow {
  return {
    id: String(row.id),
    userId: String(row.user_id),
    planType: row.plan_type as SubscriptionRow['planType'],
    planDuration: row.plan_duration as SubscriptionRow['planDuration'],
    status: row.status as SubscriptionRow['status'],
    userQuantity: Number(row.user_quantity),
    amountCents: Number(row.amount_cents),
    discountAmountCents: Number(row.discount_amount_cents),
    paidCents: Number(row.paid_cents),
    creditCents: Number(row.credit_cents),
    currentPeriodStart: asDate(row.current_period_start),
    currentPeriodEnd: asDate(row.current_period_end),
    failedAttempts: Number(row.failed_attempts),
    retryAt: row.retry_at === null ? null : asDate(row.retry_at),
    createdAt: asDate(row.created_at),
  };
}

function toCard(row: Record<string, unknown>): CardRow {
  return {
    userId: String(row.user_id),
    gateway: row.card_gateway as CardRow['gateway'],
    customerRef: String(row.card_customer_ref),
    paymentMethodRef: String(row.card_payment_method_ref),
    brand: String(row.card_brand),
    last4: String(row.card_last4),
    expMonth: Number(row.card_exp_month),
    expYear: Number(row.card_exp_year),
    cardholderName: String(row.card_cardholder_name),
    postalCode: String(row.card_postal_code),
    updatedAt: asDate(row.card_updated_at),
  };
}

export interface RenewalInvoice {
  userId: string;
  kind: 'plan' | 'api';
  chargeKey: string;
  status: 'paid' | 'failed';
  amountCents: number;
  description: string;
  /** null: a standard renewal's one line (invoiceLines). */
  lines: InvoiceLine[] | null;
  chargeRef: string | null;
  failureMessage: string | null;
}

/**
 * The invoices of a batch's periods with their outcome, one per subscription and period (the charge key is unique):
 * a retried period's failed invoice takes the new outcome; a paid one stays as it is. Answers the paid invoices' ids.
 */
export async function recordRenewalInvoices(db: Db, invoices: RenewalInvoice[]): Promise<string[]> {
  if (invoices.length === 0) return [];
  const column = <T>(pick: (invoice: RenewalInvoice) => T) => sql.param(invoices.map(pick));
  const result = (await db.execute(sql`
    insert into invoices (user_id, kind, charge_key, status, amount_cents, currency, description, lines, charge_ref,
      failure_message)
    select v.user_id, v.kind, v.charge_key, v.status, v.amount_cents, ${CURRENCY}, v.description, v.lines,
      v.charge_ref, v.failure_message
    from unnest(${column((invoice) => invoice.userId)}::uuid[], ${column((invoice) => invoice.kind)}::text[],
      ${column((invoice) => invoice.chargeKey)}::text[],
      ${column((invoice) => invoice.status)}::text[], ${column((invoice) => invoice.amountCents)}::integer[],
      ${column((invoice) => invoice.description)}::text[], ${column((invoice) => (invoice.lines === null ? null : JSON.stringify(invoice.lines)))}::jsonb[],
      ${column((invoice) => invoice.chargeRef)}::text[], ${column((invoice) => invoice.failureMessage)}::text[])
      as v(user_id, kind, charge_key, status, amount_cents, description, lines, charge_ref, failure_message)
    on conflict (charge_key) do update set status = excluded.status, charge_ref = excluded.charge_ref,
      failure_message = excluded.failure_message
      where invoices.status <> 'paid'
    returning id, status
  `)) as unknown as Rows<{ id: string; status: string }>;
  return result.rows.filter((row) => row.status === 'paid').map((row) => row.id);
}

/** Paid periods: each subscription moved to its next period (credit used, failures cleared). */
export async function recordRenewals(
  db: Db,
  renewals: { subscriptionId: string; nextEnd: Date; paidCents: number; creditUsedCents: number }[],
): Promise<void> {
  if (renewals.length === 0) return;
  await db.execute(sql`
    update subscriptions s set current_period_start = s.current_period_end, current_period_end = v.next_end,
      paid_cents = v.paid_cents, credit_cents = greatest(s.credit_cents - v.credit_used, 0), failed_attempts = 0,
      retry_at = null, status = 'active'
    from unnest(${sql.param(renewals.map((row) => row.subscriptionId))}::uuid[],
      ${sql.param(renewals.map((row) => row.nextEnd.toISOString()))}::timestamptz[],
      ${sql.param(renewals.map((row) => row.paidCents))}::integer[], ${sql.param(renewals.map((row) => row.creditUsedCents))}::integer[])
      as v(id, next_end, paid_cents, credit_used)
    where s.id = v.id
  `);
}

/** Declined renewals: the subscriptions past due with their next try. */
export async function recordDeclines(db: Db, declines: { subscriptionId: string; retryAt: Date }[]): Promise<void> {
  if (declines.length === 0) return;
  await db.execute(sql`
    update subscriptions s set failed_attempts = s.failed_attempts + 1, status = 'past_due', retry_at = v.retry_at
    from unnest(${sql.param(declines.map((row) => row.subscriptionId))}::uuid[],
      ${sql.param(declines.map((row) => row.retryAt.toISOString()))}::timestamptz[]) as v(id, retry_at)
    where s.id = v.id
  `);
}

/** Dunning's end: the subscriptions removed and their accounts on Free monthly. */
export async function downgradeToFree(db: Db, rows: { subscriptionId: string; userId: string }[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(
    sql`delete from subscriptions where id = any(${sql.param(rows.map((row) => row.subscriptionId))}::uuid[])`,
  );
  await db.execute(sql`
    update users set plan_type = 'free', plan_duration = 'monthly'
    where id = any(${sql.param(rows.map((row) => row.userId))}::uuid[])
  `);
}

/** Paid API periods moved on; declined ones past due with their next try; dunning's end removes the API plan. */
export async function recordApiRenewals(
  db: Db,
  outcome: {
    renewals: { subscriptionId: string; nextEnd: Date }[];
    declines: { subscriptionId: string; retryAt: Date }[];
    ended: string[];
  },
): Promise<void> {
  const { renewals, declines, ended } = outcome;
  if (renewals.length > 0) {
    await db.execute(sql`
      update api_subscriptions s set current_period_start = s.current_period_end, current_period_end = v.next_end,
        failed_attempts = 0, retry_at = null, status = 'active'
      from unnest(${sql.param(renewals.map((row) => row.subscriptionId))}::uuid[],
        ${sql.param(renewals.map((row) => row.nextEnd.toISOString()))}::timestamptz[]) as v(id, next_end)
      where s.id = v.id
    `);
  }
  if (declines.length > 0) {
    await db.execute(sql`
      update api_subscriptions s set failed_attempts = s.failed_attempts + 1, status = 'past_due', retry_at = v.retry_at
      from unnest(${sql.param(declines.map((row) => row.subscriptionId))}::uuid[],
        ${sql.param(declines.map((row) => row.retryAt.toISOString()))}::timestamptz[]) as v(id, retry_at)
      where s.id = v.id
    `);
  }
  if (ended.length > 0) {
    await db.execute(sql`delete from api_subscriptions where id = any(${sql.param(ended)}::uuid[])`);
  }
}
