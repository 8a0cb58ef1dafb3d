import { sql } from 'drizzle-orm';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/** Mail kept in the database while no SMTP server is configured (the embedded default). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    /** The From header as sent (a company's 'From' name before the configured address). */
    from: text('from'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('mail_outbox_created_idx').on(sql`${table.createdAt} desc`)],
);
