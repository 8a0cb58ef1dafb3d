import { ACTIVITY_TYPES } from '@esign/shared';
import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt } from './columns.js';
import { documents } from './documents.js';

/**
 * The audit trail. Rows are only ever inserted: never updated, never deleted (but with their document, and by the two
 * rewrites of issue 39 the trigger allows: a removal to a stub, an erasure; `modules/retention`).
 */
export const documentActivities = pgTable(
  'document_activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ACTIVITY_TYPES }).notNull(),
    /** The account that acted (owner), if any. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The signers the activity concerns (who was sent to, who viewed or signed). */
    signerIds: jsonb('signer_ids').$type<string[]>().notNull().default([]),
    sourceIp: text('source_ip'),
    userAgent: text('user_agent'),
    /** What else was recorded: the consent text agreed to, the SHA-256 of a PDF, and so on. */
    details: jsonb('details').$type<Record<string, string>>(),
    createdAt: createdAt(),
    /** Insertion order: rows written in one transaction share its instant and keep the order they were made in. */
    sequence: bigserial('sequence', { mode: 'number' }).notNull(),
    /**
     * The hash chain (`platform/crypto/audit-chain.ts`): the SHA-256 of the document's previous row (null for its
     * first) and of this row's content with it. Written in the row's own insert; null on rows older than the chain.
     */
    previousHash: text('previous_hash'),
    hash: text('hash'),
  },
  (table) => [
    index('document_activities_document_idx').on(table.documentId, table.createdAt),
    // The public verify page finds a sealed file by its SHA-256 (recorded with `complete`, and with `timestamp`
    // for each archive timestamp added later).
    index('document_activities_sealed_sha256_idx')
      .on(sql`(${table.details}->>'sha256')`)
      .where(sql`${table.type} in ('complete', 'timestamp')`),
  ],
);
