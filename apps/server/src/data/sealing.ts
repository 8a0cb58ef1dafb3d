import { and, asc, eq, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { documentFields, documents } from '../platform/db/schema.js';

/** Live documents completed before `completedBefore` and still not sealed (the sweep queues their seal again). */
export async function listUnsealed(db: Db, params: { completedBefore: Date }) {
  return db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        eq(documents.status, 'completed'),
        isNull(documents.sealedAt),
        isNull(documents.deletedAt),
        lt(documents.completedAt, params.completedBefore),
      ),
    )
    .limit(500);
}

/** The document's fields in the order the seal draws them: by page, then as they were placed. */
export async function listFieldsToStamp(db: Db, documentId: string) {
  return db
    .select()
    .from(documentFields)
    .where(eq(documentFields.documentId, documentId))
    .orderBy(asc(documentFields.pageNumber), asc(documentFields.createdAt));
}

export interface SealEvidence {
  /** The PAdES level the stored file reaches. */
  sealLevel: string;
  /** Sealed at B-B while every authority was down: since when an archive timestamp is owed (null: none owed). */
  timestampPendingSince: Date | null;
  /** When the next archive timestamp is due (null: none, no authority configured). */
  archiveTimestampDueAt: Date | null;
}

/** Stores the sealed result only while the document is not sealed yet; false when another run sealed it first. */
export async function markSealed(
  db: Db,
  params: { documentId: string; resultPdfFileKey: string; at: Date } & SealEvidence,
) {
  const updated = await db
    .update(documents)
    .set({
      sealedAt: params.at,
      resultPdfFileKey: params.resultPdfFileKey,
      updatedAt: params.at,
      sealLevel: params.sealLevel,
      timestampPendingSince: params.timestampPendingSince,
      archiveTimestampDueAt: params.archiveTimestampDueAt,
    })
    .where(and(eq(documents.id, params.documentId), isNull(documents.sealedAt)))
    .returning({ id: documents.id });
  return updated.length === 1;
}

/**
 * Replaces the sealed file by its timestamped successor, only while the stored file is still `previousKey` (two
 * runs at once: one wins); false otherwise.
 */
export async function markTimestamped(
  db: Db,
  params: { documentId: string; previousKey: string; resultPdfFileKey: string; at: Date } & Omit<
    SealEvidence,
    'timestampPendingSince'
  >,
) {
  const updated = await db
    .update(documents)
    .set({
      resultPdfFileKey: params.resultPdfFileKey,
      sealLevel: params.sealLevel,
      timestampPendingSince: null,
      archiveTimestampDueAt: params.archiveTimestampDueAt,
      updatedAt: params.at,
    })
    .where(and(eq(documents.id, params.documentId), eq(documents.resultPdfFileKey, params.previousKey)))
    .returning({ id: documents.id });
  return updated.length === 1;
}

/** Live sealed documents owing an archive timestamp: pending since an outage, or due for renewal by `dueBy`. */
export async function listArchiveTimestampsOwed(db: Db, params: { dueBy: Date }) {
  return db
    .select({ id: documents.id, timestampPendingSince: documents.timestampPendingSince })
    .from(documents)
    .where(
      and(
        isNotNull(documents.sealedAt),
        isNull(documents.deletedAt),
        or(isNotNull(documents.timestampPendingSince), lte(documents.archiveTimestampDueAt, params.dueBy)),
      ),
    )
    .limit(500);
}
