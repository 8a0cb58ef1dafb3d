import { REQUISITE_TYPES, REQUISITE_VALUE_TYPES } from '@esign/shared';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt } from './columns.js';
import { signers } from './documents.js';

/** Saved signatures and initials: a user's, or a signer's (who has no account). */
export const requisites = pgTable(
  'requisites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    signerId: uuid('signer_id').references(() => signers.id, { onDelete: 'cascade' }),
    type: text('type', { enum: REQUISITE_TYPES }).notNull(),
    valueType: text('value_type', { enum: REQUISITE_VALUE_TYPES }).notNull(),
    /** The typed text (valueType text). */
    text: text('text'),
    /** The image (PNG) in storage: drawn, uploaded, or the typed text rendered. */
    fileKey: text('file_key'),
    /** The signature's initials, or the initials' signature: always saved as a pair. */
    siblingId: uuid('sibling_id'),
    fontFamily: text('font_family'),
    fontSize: integer('font_size'),
    /**
     * The Electronic Signature Disclosure and Consent text its owner agreed to when making the pair (as shown to
     * them); null when none was given. The certificate of completion quotes it for a sender's own signature.
     */
    consent: text('consent'),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('requisites_user_idx').on(table.userId, table.createdAt),
    index('requisites_signer_idx').on(table.signerId, table.createdAt),
  ],
);
