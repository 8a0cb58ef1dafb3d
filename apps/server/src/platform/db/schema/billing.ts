import { API_PLAN_TYPES, PLAN_DURATIONS, PLAN_TYPES } from '@esign/shared';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt } from './columns.js';

/**
 * A user's paid plan (one row per user while on a paid plan; Free has none). Money in cents. `amountCents` and
 * `discountAmountCents` are one user's for one period; the period is [currentPeriodStart, currentPeriodEnd).
 * The renewal job charges each row once per period (its invoice's unique `charge_key`), then moves the period on.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planType: text('plan_type', { enum: PLAN_TYPES }).notNull(),
    planDuration: text('plan_duration', { enum: PLAN_DURATIONS }).notNull(),
    status: text('status', { enum: ['active', 'past_due'] })
      .notNull()
      .default('active'),
    userQuantity: integer('user_quantity').notNull().default(1),
    amountCents: integer('amount_cents').notNull(),
    discountAmountCents: integer('discount_amount_cents').notNull().default(0),
    /** What was charged for the current period (its unused part is credited on a change). */
    paidCents: integer('paid_cents').notNull().default(0),
    /** Credit left by a downgrade, used by the next charges. */
    creditCents: integer('credit_cents').notNull().default(0),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    /** Declined renewals of the current period; at the retry limit the account falls back to Free. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** When a declined renewal is tried again (null: at the period's end). */
    retryAt: timestamp('retry_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('subscriptions_user_key').on(table.userId),
    index('subscriptions_due_idx').on(sql`coalesce(${table.retryAt}, ${table.currentPeriodEnd})`, table.id),
  ],
);

/** The saved card: only what the gateway answers (brand, last four, expiry) and its references; never the number. */
export const paymentCards = pgTable('payment_cards', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  gateway: text('gateway', { enum: ['sandbox', 'stripe'] }).notNull(),
  customerRef: text('customer_ref').notNull(),
  paymentMethodRef: text('payment_method_ref').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  cardholderName: text('cardholder_name').notNull(),
  postalCode: text('postal_code').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One charge and its invoice. `chargeKey` is the idempotency key (also sent to the gateway): a renewal's is
 * `renew:{subscriptionId}:{periodStart}`, so a period is charged once however many workers run. The PDF is made
 * after the charge and stored under `pdfKey`.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['plan', 'api'] }).notNull(),
    chargeKey: text('charge_key').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    /**
     * The invoice's lines: [{description, quantity, unitCents, totalCents}]; null for a standard renewal (one user, no
     * discount, no credit), whose one line is the description and the amount (`invoiceLines`).
     */
    lines: jsonb('lines'),
    chargeRef: text('charge_ref'),
    failureMessage: text('failure_message'),
    pdfKey: text('pdf_key'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('invoices_charge_key').on(table.chargeKey),
    index('invoices_user_idx').on(table.userId, table.createdAt),
  ],
);

/**
 * The built-in sandbox gateway's own ledger (the embedded default): its payment methods and its charges, keyed
 * by idempotency key as a real provider keys them. Nothing here is a card number.
 */
export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  id: text('id').primaryKey(),
  /** What the test card does when charged: succeed or decline. */
  behaviour: text('behaviour', { enum: ['succeed', 'decline'] }).notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  createdAt: createdAt(),
});

export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    paymentMethodId: text('payment_method_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['succeeded', 'declined'] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('sandbox_charges_idempotency_key').on(table.idempotencyKey)],
);

/** Lifetime-deal (AppSumo) codes: only their SHA-256; redeemed once (a conditional update). */
export const appSumoCodes = pgTable(
  'appsumo_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeHash: text('code_hash').notNull(),
    redeemedBy: uuid('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('appsumo_codes_hash_key').on(table.codeHash)],
);

/** A user's API plan (gold, platinum, titanium); none: the free API plan. The developer-API issue enforces it. */
export const apiSubscriptions = pgTable(
  'api_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planType: text('plan_type', { enum: API_PLAN_TYPES }).notNull(),
    planDuration: text('plan_duration', { enum: PLAN_DURATIONS }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    /** Renewal as the plans' (billing.renew-due): declined renewals of the period, and the next try. */
    status: text('status', { enum: ['active', 'past_due'] })
      .notNull()
      .default('active'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    retryAt: timestamp('retry_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('api_subscriptions_user_key').on(table.userId),
    index('api_subscriptions_due_idx').on(sql`coalesce(${table.retryAt}, ${table.currentPeriodEnd})`, table.id),
  ],
);

/**
 * A direct purchase's sign-up before its code is confirmed: no user row exists until then, so an abandoned or
 * failed purchase leaves nothing that blocks a retry with the same address. The code's SHA-256 only.
 */
export const pendingSignUps = pgTable(
  'pending_sign_ups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('pending_sign_ups_email_idx').on(table.email)],
);
