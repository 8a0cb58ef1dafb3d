import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt } from './columns.js';

/**
 * An account's retention rule and account-wide legal hold (issue 39, `modules/retention`), keyed by the account
 * owner's user id (an account alone, or a team's owner): no row keeps everything forever.
 */
export const retentionSettings = pgTable('retention_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Days a finished document is kept after it ended; null: forever. */
  retentionDays: integer('retention_days'),
  /** The whole account is on legal hold since then: nothing of it is removed. */
  legalHoldAt: timestamp('legal_hold_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A person erased from an account on request: the record of the erasure without the erased data. The e-mail is
 * kept only as an HMAC keyed by the server's secret, so a repeated request is recognised and the address is not.
 */
export const erasures = pgTable(
  'erasures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The account owner's user id. */
    accountId: uuid('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    emailHash: text('email_hash').notNull(),
    /** What was replaced or removed, by kind (counts only). */
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('erasures_account_idx').on(table.accountId, table.emailHash)],
);
