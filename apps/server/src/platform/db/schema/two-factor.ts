import { TWO_FACTOR_TYPES } from '@esign/shared';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt } from './columns.js';

/** Text messages kept in the database while no SMS provider is configured (the embedded default), like mail. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('sms_outbox_created_idx').on(sql`${table.createdAt} desc`)],
);

/**
 * A code texted to verify a number (turning SMS sign-in on) or to turn SMS sign-in off. Only its keyed hash is
 * stored; it lives minutes, is spent by its first right guess, and every guess is counted.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope', { enum: ['verify', 'disable'] }).notNull(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('sms_codes_user_idx').on(table.userId, table.createdAt)],
);

/**
 * The step between a right password (or Google token) and the second factor: the two-factor token's hash, bound to
 * its user, short-lived, spent by the right code. For SMS, the texted code's keyed hash.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    type: text('type', { enum: TWO_FACTOR_TYPES }).notNull(),
    smsCodeHash: text('sms_code_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('two_factor_challenges_token_key').on(table.tokenHash),
    index('two_factor_challenges_user_idx').on(table.userId, table.createdAt),
  ],
);

/** One-time codes for signing in without the authenticator, made when it is turned on; only their hash is kept. */
export const backupCodes = pgTable(
  'backup_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('backup_codes_user_idx').on(table.userId)],
);

/**
 * One wrong second-factor code of a user (at sign-in, or turning the authenticator on or off) and the address it
 * came from (`platform/http/address-key.ts`): the user's recent ones, and those of the address, are counted under a
 * lock of the user's row before each guess.
 */
export const twoFactorFailures = pgTable(
  'two_factor_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address's key; null for failures recorded before addresses were. */
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (table) => [index('two_factor_failures_user_idx').on(table.userId, table.createdAt)],
);
