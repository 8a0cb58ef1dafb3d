import { TWO_FACTOR_TYPES } from '@esign/shared';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

/**
 * A user's passkey (WebAuthn credential): its id and COSE public key (not secrets), the signature counter last seen
 * (an answer whose counter does not grow is refused once it is not zero), its transports for the browser's hints.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url: one account's only. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('passkeys_credential_key').on(table.credentialId),
    index('passkeys_user_idx').on(table.userId, table.createdAt),
  ],
);

/**
 * A WebAuthn challenge handed to a browser: only hashes kept, of the challenge and of the token the browser holds
 * (`challengeToken`), which binds the challenge to it. Short-lived and spent by its first answer, right or wrong.
 * `register`: a logged-in user adding a passkey; `sign_in`: any passkey signing in; `second_factor`: the user's
 * own, at the second step of a sign-in.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    challengeHash: text('challenge_hash').notNull(),
    purpose: text('purpose', { enum: ['register', 'sign_in', 'second_factor'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The asking address's key (`platform/http/address-key.ts`): a logged-out address may ask for few. */
    ip: text('ip'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('passkey_challenges_token_key').on(table.tokenHash),
    index('passkey_challenges_expires_idx').on(table.expiresAt),
    index('passkey_challenges_ip_idx').on(table.ip, table.createdAt),
  ],
);
