import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt } from './columns.js';

/**
 * The event outbox (modules/events): one row per change that matters, written in the transaction of that change,
 * so an event exists exactly when its change committed. The dispatcher claims undispatched rows in `position`
 * order and hands them to the webhooks and the realtime push. No foreign key to the document: a document's
 * events outlive its row.
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    /** The account the event belongs to: the document's owner. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id'),
    documentId: uuid('document_id'),
    /** Per document, from 1, in the commit order of the document's changes (event_sequences). */
    sequence: integer('sequence').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
    /** Insertion order across all documents: the dispatcher's order. */
    position: bigserial('position', { mode: 'number' }).notNull(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('events_document_sequence_key').on(table.documentId, table.sequence),
    index('events_undispatched_idx').on(table.position).where(sql`${table.dispatchedAt} is null`),
    index('events_user_idx').on(table.userId, table.createdAt),
    // The prune's (modules/pruning).
    index('events_created_idx').on(table.createdAt),
  ],
);

/** The last event sequence of each document: its row lock orders the document's events. */
export const eventSequences = pgTable('event_sequences', {
  documentId: uuid('document_id').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * An account's webhook: where events of the chosen types are POSTed. The signing secret is kept encrypted
 * (AES-256-GCM under a key derived from the server secret), since signing needs it in clear; a rotated-out secret
 * signs too until `previousSecretExpiresAt`. `failingSince`: the first failed try since the last success.
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    previousSecretEncrypted: text('previous_secret_encrypted'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('webhook_subscriptions_user_idx').on(table.userId, table.createdAt)],
);

/**
 * One event for one subscription (its `webhook-id` is `msg_` and this id). Per subscription and document only the
 * earliest pending delivery has a job (`isQueued`); when it ends (delivered or given up) the next is queued, so a
 * receiver gets a document's events in order.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id'),
    sequence: integer('sequence').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    isQueued: boolean('is_queued').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('webhook_deliveries_subscription_event_key').on(table.subscriptionId, table.eventId),
    index('webhook_deliveries_subscription_idx').on(table.subscriptionId, table.createdAt),
    index('webhook_deliveries_pending_idx')
      .on(table.subscriptionId, table.documentId, table.sequence)
      .where(sql`${table.status} = 'pending'`),
    index('webhook_deliveries_created_idx').on(table.createdAt),
  ],
);

/** The delivery log: every try of a delivery, what the receiver answered (the first 2 KB of its body). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    isSuccess: boolean('is_success').notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    isManual: boolean('is_manual').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index('webhook_attempts_delivery_idx').on(table.deliveryId, table.createdAt)],
);
