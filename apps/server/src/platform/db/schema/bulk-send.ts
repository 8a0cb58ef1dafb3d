import { BULK_SEND_ROW_STATUSES } from '@esign/shared';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt } from './columns.js';
import { documents } from './documents.js';

/** A bulk send: one template sent to many signers, each row a document of its own (modules/bulk-send). */
export const bulkSendBatches = pgTable(
  'bulk_send_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null once the template is gone (rows still queued then fail with 'Template not found'). */
    templateId: uuid('template_id').references(() => documents.id, { onDelete: 'set null' }),
    /** The documents' title, when the sender gave one instead of the template's. */
    title: text('title'),
    createdAt: createdAt(),
  },
  (table) => [
    index('bulk_send_batches_user_idx').on(table.userId, table.createdAt),
    // Found when a template is deleted (the foreign key's check).
    index('bulk_send_batches_template_idx').on(table.templateId).where(sql`${table.templateId} is not null`),
  ],
);

/** A batch's row: its signer, prefill values and how it went. */
export const bulkSendRows = pgTable(
  'bulk_send_rows',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => bulkSendBatches.id, { onDelete: 'cascade' }),
    /** The row's number in the file (the first data row is 2). */
    row: integer('row').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** The signer's mobile number (E.164) for an SMS code, from the file's phone column (issue 38). */
    phone: text('phone'),
    /** Text-field label to value, for this row's signer. */
    prefill: jsonb('prefill').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: BULK_SEND_ROW_STATUSES }).notNull().default('queued'),
    /** Set as soon as the row's document exists (a retried job sends it instead of making another). */
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
    error: text('error'),
  },
  (table) => [
    primaryKey({ columns: [table.batchId, table.row] }),
    // Found when a document is deleted (the foreign key's check).
    index('bulk_send_rows_document_idx').on(table.documentId).where(sql`${table.documentId} is not null`),
  ],
);
