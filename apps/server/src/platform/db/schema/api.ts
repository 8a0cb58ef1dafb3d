import { API_KEY_MODES, API_REQUEST_TYPES } from '@esign/shared';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt } from './columns.js';

/**
 * A developer API key (modules/api-keys): its SHA-256 only (the value is answered once), a readable prefix for the
 * table, and whether it makes test documents. `deletedAt` is set while revoked; a deleted key's row is gone.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    mode: text('mode', { enum: API_KEY_MODES }).notNull(),
    /** Counted by the batched history writes (the table's 'requests'). */
    requests: integer('requests').notNull().default(0),
    /** Origins allowed to frame this key's embedded signing links. */
    allowedOrigins: jsonb('allowed_origins').$type<string[]>().notNull().default([]),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('api_keys_user_idx').on(table.userId, table.createdAt),
    index('api_keys_hash_idx').on(table.keyHash),
  ],
);

/** One call of a key (the request history): written in batches after the answer, never the key itself. */
export const apiRequests = pgTable(
  'api_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    type: text('type', { enum: API_REQUEST_TYPES }).notNull(),
    origin: text('origin').notNull(),
    statusCode: smallint('status_code').notNull(),
    durationMs: integer('duration_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('api_requests_key_idx').on(table.apiKeyId, table.createdAt),
    index('api_requests_created_idx').on(table.createdAt),
  ],
);

/** An account's API requests of one month (UTC 'YYYY-MM'): counted against the API plan exactly, by row lock. */
export const apiUsage = pgTable(
  'api_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    requests: integer('requests').notNull().default(0),
    testRequests: integer('test_requests').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.month] })],
);

/** A key's fixed rate-limit window (its second): shared by every API node through the database. */
export const apiRateWindows = pgTable('api_rate_windows', {
  apiKeyId: uuid('api_key_id')
    .primaryKey()
    .references(() => apiKeys.id, { onDelete: 'cascade' }),
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
  count: integer('count').notNull(),
});

/**
 * An Idempotency-Key of a public POST: its request's hash and first answer, kept 24 hours. Inserted in the same
 * transaction as the work, so a concurrent repeat waits on the row and then reads the answer.
 */
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: smallint('status_code').notNull(),
    /** The first answer; null while its transaction runs. */
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('api_idempotency_created_idx').on(table.createdAt),
  ],
);
