import { sql } from 'drizzle-orm';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { documents } from './documents.js';

/**
 * One accepted submission of a public form (modules/forms): the document it made and the address it came from.
 * The rate limits count these rows (per address, per form) under advisory locks, as the sign-in limiter counts its
 * failures; the Submitted Contracts and Registered Users lists read them with their documents.
 */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    formId: uuid('form_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** Null once the document is gone for good; the row still counts for the limits. */
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
    /** The address key of the client (platform/http/address-key.ts: an IPv6 client by its /64). */
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('form_submissions_form_idx').on(table.formId, table.createdAt),
    index('form_submissions_ip_idx').on(table.ip, table.createdAt),
    // Found when a document is deleted (the foreign key's check).
    index('form_submissions_document_idx').on(table.documentId).where(sql`${table.documentId} is not null`),
  ],
);
