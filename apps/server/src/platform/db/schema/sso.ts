import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt } from './columns.js';

/**
 * An account's single sign-on (OpenID Connect, issue 38), keyed by the account owner's user id. The client secret is
 * kept encrypted (`platform/crypto/secret-box.ts`, purpose `sso:client-secret:v1`) and never answered.
 */
export const ssoProviders = pgTable('sso_providers', {
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  issuerUrl: text('issuer_url').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretSealed: text('client_secret_sealed').notNull(),
  /** Password (and Google) sign-in refused for the provider's domains, but to the account owner. */
  isRequired: boolean('is_required').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The e-mail domains a provider covers (lower case): one account per domain, so the key is the domain. */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    domain: text('domain').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => ssoProviders.ownerId, { onDelete: 'cascade' }),
  },
  (table) => [index('sso_domains_owner_idx').on(table.ownerId)],
);

/**
 * One browser's sign-in through a provider: the SHA-256 of the random id in its httpOnly cookie, the `state` and
 * `nonce` sent (the PKCE verifier is a keyed hash of the cookie's id, never stored). Spent once by the provider's
 * answer (`usedAt`); a success stores the SHA-256 of a one-time hand-off code the web app exchanges for the session.
 */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    browserHash: text('browser_hash').notNull().unique(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => ssoProviders.ownerId, { onDelete: 'cascade' }),
    /** The address the person typed (the sign-in limits' key). */
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    handoffHash: text('handoff_hash').unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    handoffUsedAt: timestamp('handoff_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('sso_logins_expires_idx').on(table.expiresAt)],
);
