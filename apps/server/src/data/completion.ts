import { and, eq, inArray, ne, notExists, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { documents, signers } from '../platform/db/schema.js';

/**
 * Moves a document to completed exactly once: one conditional update that succeeds only while the document is
 * in one of `from` and every recipient but a cc (who only gets the completed copy) has finished. It answers true only to the caller that made the change,
 * who then queues the seal (after the transaction commits).
 *
 * Call it inside the transaction that records the last signature, after locking the document row
 * (`lockDocument`): two signers finishing at the same moment then queue on the lock, and the second sees the
 * first's finish when its own update runs.
 */
export async function completeDocumentOnce(
  db: Db,
  params: { documentId: string; now: Date; from?: ('awaiting' | 'draft')[] },
): Promise<boolean> {
  const completed = await db
    .update(documents)
    .set({ status: 'completed', completedAt: params.now, updatedAt: params.now })
    .where(
      and(
        eq(documents.id, params.documentId),
        inArray(documents.status, params.from ?? ['awaiting']),
        notExists(
          db
            .select({ one: sql`1` })
            .from(signers)
            .where(
              and(
                eq(signers.documentId, params.documentId),
                eq(signers.isFinished, false),
                ne(signers.recipientRole, 'cc'),
              ),
            ),
        ),
      ),
    )
    .returning({ id: documents.id });
  return completed.length === 1;
}
