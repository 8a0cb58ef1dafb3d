import type { BulkSendBatch } from '@esign/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { bulkSendBatches, bulkSendRows, documents } from '../platform/db/schema.js';

export type BatchRow = typeof bulkSendBatches.$inferSelect;
export type BatchRowRow = typeof bulkSendRows.$inferSelect;

export async function insertBatch(
  db: Db,
  values: { userId: string; templateId: string; title: string | null },
): Promise<BatchRow> {
  const [row] = await db.insert(bulkSendBatches).values(values).returning();
  if (!row) throw new Error('bulk send batch not inserted');
  return row;
}

export async function insertRows(
  db: Db,
  params: {
    batchId: string;
    rows: { row: number; name: string; email: string; phone?: string; prefill: Record<string, string> }[];
  },
): Promise<void> {
  await db.insert(bulkSendRows).values(params.rows.map((row) => ({ ...row, batchId: params.batchId })));
}

export async function findBatch(db: Db, batchId: string): Promise<BatchRow | undefined> {
  const [row] = await db.select().from(bulkSendBatches).where(eq(bulkSendBatches.id, batchId)).limit(1);
  return row;
}

/** Locks the batch's row for the transaction (a retry and another retry of the same batch take turns). */
export async function lockBatch(db: Db, batchId: string): Promise<void> {
  await db
    .select({ id: bulkSendBatches.id })
    .from(bulkSendBatches)
    .where(eq(bulkSendBatches.id, batchId))
    .for('update');
}

/**
 * The batch's failed rows queued again, reason and recorded document cleared (a failed row's draft was deleted, or
 * its document is in the owner's trash), so the batch's job makes each a new document. Answers how many.
 */
export async function requeueFailedRows(db: Db, batchId: string): Promise<number> {
  const requeued = await db
    .update(bulkSendRows)
    .set({ status: 'queued', error: null, documentId: null })
    .where(and(eq(bulkSendRows.batchId, batchId), eq(bulkSendRows.status, 'failed')))
    .returning({ row: bulkSendRows.row });
  return requeued.length;
}

export async function listRows(db: Db, batchId: string): Promise<BatchRowRow[]> {
  return db.select().from(bulkSendRows).where(eq(bulkSendRows.batchId, batchId)).orderBy(asc(bulkSendRows.row));
}

/**
 * Up to `limit` of the batch's queued rows, in order, locked for the transaction; rows another transaction holds
 * (another run of the same job) are passed over.
 */
export async function lockQueuedRows(db: Db, params: { batchId: string; limit: number }): Promise<BatchRowRow[]> {
  return db
    .select()
    .from(bulkSendRows)
    .where(and(eq(bulkSendRows.batchId, params.batchId), eq(bulkSendRows.status, 'queued')))
    .orderBy(asc(bulkSendRows.row))
    .limit(params.limit)
    .for('update', { skipLocked: true });
}

/** How a queued row of a batch ended: sent with its document, or failed with the reason. */
export type RowOutcome = { row: number } & (
  | { status: 'sent'; documentId: string }
  | { status: 'failed'; error: string }
);

/**
 * Queued rows of a batch finished, in one statement (a job's turn finishes up to 20 at once): each becomes sent (with
 * its document) or failed (with the reason); a row already finished stays as it is.
 */
export async function finishRows(db: Db, batchId: string, outcomes: RowOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  await db.execute(sql`
    update bulk_send_rows r set status = v.status, document_id = coalesce(v.document_id, r.document_id),
      error = v.error
    from unnest(${sql.param(outcomes.map((outcome) => outcome.row))}::integer[],
      ${sql.param(outcomes.map((outcome) => outcome.status))}::text[],
      ${sql.param(outcomes.map((outcome) => (outcome.status === 'sent' ? outcome.documentId : null)))}::uuid[],
      ${sql.param(outcomes.map((outcome) => (outcome.status === 'failed' ? outcome.error : null)))}::text[])
      as v("row", status, document_id, error)
    where r.batch_id = ${batchId} and r."row" = v."row" and r.status = 'queued'
  `);
}

/** Every row still queued fails with the reason (the job gave up). */
export async function failQueuedRows(db: Db, params: { batchId: string; error: string }): Promise<void> {
  await db
    .update(bulkSendRows)
    .set({ status: 'failed', error: params.error })
    .where(and(eq(bulkSendRows.batchId, params.batchId), eq(bulkSendRows.status, 'queued')));
}

/** Removes the drafts a bulk send made for rows that were refused, in the transaction that made them. */
export async function deleteDrafts(db: Db, documentIds: string[]): Promise<void> {
  if (documentIds.length === 0) return;
  await db.delete(documents).where(and(inArray(documents.id, documentIds), eq(documents.status, 'draft')));
}

export function toBatchDto(batch: BatchRow, rows: BatchRowRow[]): BulkSendBatch {
  return {
    id: batch.id,
    templateId: batch.templateId,
    title: batch.title,
    createdAt: batch.createdAt.toISOString(),
    rows: rows.map((row) => ({
      row: row.row,
      name: row.name,
      email: row.email,
      status: row.status,
      documentId: row.status === 'sent' ? row.documentId : null,
      error: row.error,
    })),
  };
}
