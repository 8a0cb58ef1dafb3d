import { and, asc, eq, isNull, lt } from 'drizzle-orm';
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

/** Stores the sealed result only while the document is not sealed yet; false when another run sealed it first. */
export async function markSealed(db: Db, params: { documentId: string; resultPdfFileKey: string; at: Date }) {
  const updated = await db
    .update(documents)
    .set({ sealedAt: params.at, resultPdfFileKey: params.resultPdfFileKey, updatedAt: params.at })
    .where(and(eq(documents.id, params.documentId), isNull(documents.sealedAt)))
    .returning({ id: documents.id });
  return updated.length === 1;
}
