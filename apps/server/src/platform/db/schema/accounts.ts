import { DATE_FORMATS, PLAN_DURATIONS, PLAN_TYPES, TEAM_ROLES } from '@esign/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
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
import { createdAt } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** Access tokens issued before this instant are refused (set by a password change). */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The stored 128x128 picture (users/{id}/avatar/{uuid}.png); answered as a signed URL. */
    avatarKey: text('avatar_key'),
    /** An IANA time zone name ('America/New_York'; isTimeZone); null: the browser's own. */
    timezone: text('timezone'),
    dateFormat: text('date_format', { enum: DATE_FORMATS }).notNull().default('MM/DD/YYYY'),
    planType: text('plan_type', { enum: PLAN_TYPES }).notNull().default('free'),
    planDuration: text('plan_duration', { enum: PLAN_DURATIONS }).notNull().default('monthly'),
    freeDocumentsUsed: integer('free_documents_used').notNull().default(0),
    freeDocumentsUsedLimit: integer('free_documents_used_limit').notNull().default(3),
    /**
     * When `freeDocumentsUsed` began counting: a count from before the current quota month (packages/shared
     * `quotaMonthStart`) is a past month's, read as 0 and restarted by the next send (`documentsUsedThisMonth`).
     */
    freeDocumentsCountedSince: timestamp('free_documents_counted_since', { withTimezone: true }).notNull().defaultNow(),
    /** Billing details (section 5: empty values are null); null until first saved. */
    billingDetails: jsonb('billing_details'),
    /** The payment survey's answer ({option, other?}), asked once before the first paid plan. */
    paymentSurveyAnswer: jsonb('payment_survey_answer'),
    /** Lifetime (AppSumo) codes redeemed: 1 Business with 3 users, 2 unlimited users (packages/shared billing.ts). */
    appSumoCodes: integer('appsumo_codes').notNull().default(0),
    /** Held while a plan change of the account talks to the payment gateway (one at a time; see lockBilling). */
    billingLockedUntil: timestamp('billing_locked_until', { withTimezone: true }),
    templateLimit: integer('template_limit').notNull().default(0),
    /** The API flag (spec part 2, section 6): set once an API plan is chosen, the free one included. */
    isApiEnabled: boolean('is_api_enabled').notNull().default(false),
    // The notification flags (spec part 2, section 3); each gates the mail it names (modules/users/README.md).
    isReceivingReminders: boolean('is_receiving_reminders').notNull().default(true),
    isReceivingSigned: boolean('is_receiving_signed').notNull().default(true),
    isReceivingSignerSigned: boolean('is_receiving_signer_signed').notNull().default(true),
    isReceivingOpenedSigning: boolean('is_receiving_opened_signing').notNull().default(true),
    isReceivingCompletedDocument: boolean('is_receiving_completed_document').notNull().default(true),
    isSendingCompletedDocument: boolean('is_sending_completed_document').notNull().default(true),
    isSendingToAllPartiesInOrderedDocument: boolean('is_sending_to_all_parties_in_ordered_document')
      .notNull()
      .default(true),
    isReceivingSignatureRequestsDailyReport: boolean('is_receiving_signature_requests_daily_report')
      .notNull()
      .default(false),
    /**
     * Bumped by database triggers whenever anything the user's document lists show changes
     * (drizzle/0008_list_triggers.sql); read with the user on every request, it keys the lists' answer cache
     * (modules/document-management).
     */
    documentsVersion: bigint('documents_version', { mode: 'number' }).notNull().default(0),
    /** The verified number of two-factor sign-in by SMS (`isTwillio2fa`); null while that factor is off. */
    phoneNumber: text('phone_number'),
    isTwilio2fa: boolean('is_twilio_2fa').notNull().default(false),
    /**
     * The authenticator's secret, AES-GCM encrypted (modules/two-factor/secret-box.ts); set by enabling, in use once
     * `isGoogle2fa` (a code was verified).
     */
    totpSecret: text('totp_secret'),
    isGoogle2fa: boolean('is_google_2fa').notNull().default(false),
    /** The RFC 6238 time step of the last accepted authenticator code: a code is accepted once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** The team the user belongs to (its owner included), with the user's role in it; null: an account alone. */
    teamId: uuid('team_id').references((): AnyPgColumn => teams.id, { onDelete: 'set null' }),
    teamRole: text('team_role', { enum: TEAM_ROLES }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    index('users_team_idx').on(table.teamId).where(sql`${table.teamId} is not null`),
  ],
);

/**
 * A team: one owner (a Business account) and the members it invited (modules/teams). Made when the owner first
 * invites someone. Its documents are its members' (documents.team_id, kept by a trigger from the owner's team).
 */
export const teams = pgTable('teams', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerId: uuid('owner_id')
    .notNull()
    .unique()
    .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
  /** Bumped whenever someone joins or leaves: with the members' documents versions it keys the team list's cache. */
  membersVersion: bigint('members_version', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
});

/**
 * A sign-in: its refresh tokens are one family (the session's id), and every access token names it (`sid`). Logout,
 * a replayed refresh token and a password change end it; the per-request user lookup refuses tokens of an ended one.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('sessions_user_idx').on(table.userId),
    index('sessions_ended_idx').on(table.endedAt).where(sql`${table.endedAt} is not null`),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Every rotation keeps the family; reuse of a rotated token revokes the whole family. */
    familyId: uuid('family_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('refresh_tokens_hash_key').on(table.tokenHash),
    index('refresh_tokens_user_idx').on(table.userId),
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_expires_idx').on(table.expiresAt),
  ],
);

/**
 * Single-use tokens sent by e-mail: e-mail confirmation, password reset and an e-mail change (whose new address the
 * token names, so only the address the link was mailed to can become the account's). Only their hash is stored. A
 * sign-up's confirmation carries that sign-up's name and password hash: confirming gives the account the password
 * that came with the link the mailbox's holder clicked, not an earlier sign-up's.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['confirm_email', 'reset_password', 'change_email'] }).notNull(),
    newEmail: text('new_email'),
    /** A sign-up's confirmation: the name and password (argon2id hash) that sign-up gave. */
    name: text('name'),
    passwordHash: text('password_hash'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('email_tokens_hash_key').on(table.tokenHash),
    index('email_tokens_user_idx').on(table.userId, table.purpose),
  ],
);

export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('sign_in_failures_email_idx').on(table.email, table.createdAt),
    index('sign_in_failures_ip_idx').on(table.ip, table.createdAt),
  ],
);
