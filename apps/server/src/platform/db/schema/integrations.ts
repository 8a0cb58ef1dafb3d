import { INTEGRATION_TYPES } from '@esign/shared';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt } from './columns.js';

/**
 * A user's connection to one cloud storage service (one per user and service). The tokens are stored encrypted
 * (AES-256-GCM, `platform/crypto/secret-box.ts`); `revokedAt` marks a connection the service stopped honouring,
 * which the Integrations page asks to activate again.
 */
export const integrations = pgTable(
  'integrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: INTEGRATION_TYPES }).notNull(),
    accessTokenEncrypted: text('access_token_encrypted').notNull(),
    refreshTokenEncrypted: text('refresh_token_encrypted'),
    /** When the access token ends (null: the service did not say); it is refreshed a minute before. */
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('integrations_user_type_key').on(table.userId, table.type)],
);

/**
 * An authorisation on its way (the popup is open): the state's SHA-256, bound to its user and service, with the
 * PKCE verifier (encrypted); minutes long, spent by the callback once.
 */
export const integrationAuthorizations = pgTable(
  'integration_authorizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: INTEGRATION_TYPES }).notNull(),
    stateHash: text('state_hash').notNull(),
    codeVerifierEncrypted: text('code_verifier_encrypted').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('integration_authorizations_state_key').on(table.stateHash),
    index('integration_authorizations_user_idx').on(table.userId, table.createdAt),
  ],
);
