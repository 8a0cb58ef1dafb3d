import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { teams, users } from './accounts.js';
import { createdAt } from './columns.js';

/**
 * An invitation to join a team, mailed to an address with a single-use link: only the token's SHA-256 is kept (a new mail replaces it), it
 * lives 7 days, and the invitee's acceptance (or the owner removing it) spends it. One pending invitation per team
 * and address: inviting again replaces it.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    /** Set by the invitation mail's job, which makes the token (so a raw token exists only in the mail). */
    tokenHash: text('token_hash'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('team_invitations_token_key').on(table.tokenHash),
    uniqueIndex('team_invitations_team_email_key').on(table.teamId, table.email),
    index('team_invitations_email_idx').on(table.email),
  ],
);
