import { VERIFICATION_CHANNELS } from '@esign/shared';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt } from './columns.js';
import { documents, signers } from './documents.js';

/**
 * Signing-link tokens: 256 random bits, only their SHA-256 stored, bound to one signer of one document.
 * Revoked (not deleted) when the document goes back to draft.
 */
export const signingTokens = pgTable(
  'signing_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    signerId: uuid('signer_id')
      .notNull()
      .references(() => signers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The document's access code was typed correctly with this token. */
    codeConfirmedAt: timestamp('code_confirmed_at', { withTimezone: true }),
    /** The recipient's identity was checked with this token by a mailed code / a texted code (issue 38). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    smsVerifiedAt: timestamp('sms_verified_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * An in-person signing (issue 36): the sender hosting it on their device. Such a token is never mailed, lives
     * until `expiresAt`, and is revoked when its signer signs.
     */
    hostedByUserId: uuid('hosted_by_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Null: lives until revoked (mailed and copied links). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('signing_tokens_hash_key').on(table.tokenHash),
    index('signing_tokens_signer_idx').on(table.signerId),
    // A document's tokens, found when it is deleted (the foreign key's check) and when its links are revoked.
    index('signing_tokens_document_idx').on(table.documentId),
  ],
);

/**
 * Wrong access-code guesses, counted in a window (stateless API nodes) per signer and address, and per signing link.
 * `ip` is the address's key (platform/http/address-key).
 */
export const accessCodeFailures = pgTable(
  'access_code_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    signerId: uuid('signer_id')
      .notNull()
      .references(() => signers.id, { onDelete: 'cascade' }),
    tokenId: uuid('token_id').references(() => signingTokens.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (table) => [
    index('access_code_failures_signer_idx').on(table.signerId, table.createdAt),
    index('access_code_failures_token_idx').on(table.tokenId, table.createdAt),
  ],
);

/**
 * Identity-check codes of a recipient (issue 38): six random digits, only their keyed hash stored, sent for one
 * signing link and one channel; spent by the first right guess, dead after `VERIFICATION_CODE_ATTEMPTS` guesses or
 * at `expiresAt`. The rows of the window count the codes sent (`VERIFICATION_CODES_PER_WINDOW`).
 */
export const signerVerificationCodes = pgTable(
  'signer_verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    signerId: uuid('signer_id')
      .notNull()
      .references(() => signers.id, { onDelete: 'cascade' }),
    tokenId: uuid('token_id')
      .notNull()
      .references(() => signingTokens.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: VERIFICATION_CHANNELS }).notNull(),
    codeHash: text('code_hash').notNull(),
    /** Guesses counted (right or wrong). */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('signer_verification_codes_signer_idx').on(table.signerId, table.channel, table.createdAt),
    // Found when a token is deleted with its document (the foreign key's check).
    index('signer_verification_codes_token_idx').on(table.tokenId).where(sql`${table.tokenId} is not null`),
  ],
);

/**
 * Download links mailed after completion: 256 random bits, only the SHA-256 stored. One per recipient: the
 * owner (signerId null) and every signer.
 */
export const downloadLinks = pgTable(
  'download_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    signerId: uuid('signer_id').references(() => signers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('download_links_hash_key').on(table.tokenHash),
    index('download_links_document_idx').on(table.documentId),
    // Found when a signer is deleted with its document (the foreign key's check).
    index('download_links_signer_idx').on(table.signerId).where(sql`${table.signerId} is not null`),
  ],
);
