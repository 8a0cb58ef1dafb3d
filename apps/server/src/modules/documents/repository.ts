import type { Document, DocumentPart } from '@esign/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { documentParts, documents } from '../../platform/db/schema.js';

export type DocumentRow = typeof documents.$inferSelect;
export type PartRow = typeof documentParts.$inferSelect;

/** A live (not deleted) document of this owner. */
export async function findOwnedDocument(db: Db, params: { userId: string; documentId: string }) {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, params.documentId), eq(documents.userId, params.userId), isNull(documents.deletedAt)))
    .limit(1);
  return row;
}

/** Locks the document row for the rest of the transaction, so concurrent part changes queue. */
export async function lockDocument(db: Db, documentId: string): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(documents).where(eq(documents.id, documentId)).for('update').limit(1);
  return row;
}

export async function listParts(db: Db, documentId: string): Promise<PartRow[]> {
  return db
    .select()
    .from(documentParts)
    .where(eq(documentParts.documentId, documentId))
    .orderBy(asc(documentParts.order), asc(documentParts.createdAt));
}

export async function findPart(db: Db, partId: string): Promise<PartRow | undefined> {
  const [row] = await db.select().from(documentParts).where(eq(documentParts.id, partId)).limit(1);
  return row;
}

export async function deleteParts(db: Db, partIds: string[]): Promise<void> {
  if (partIds.length > 0) await db.delete(documentParts).where(inArray(documentParts.id, partIds));
}

/** Any change of the parts makes the combined PDF stale: it is dropped and rebuilt for the new revision. */
export async function markPartsChanged(db: Db, documentId: string): Promise<void> {
  await db
    .update(documents)
    .set({ partsRevision: sql`${documents.partsRevision} + 1`, pdfFileKey: null, pdfMetadata: null })
    .where(eq(documents.id, documentId));
}

export function toPartDto(row: PartRow): DocumentPart {
  return {
    id: row.id,
    order: row.order,
    originalFileName: row.originalFileName,
    sizeBytes: row.sizeBytes,
    filesUploaded: row.convertedAt !== null,
    pagesConverted: row.pagesConverted,
    pagesTotal: row.pagesTotal,
    errorText: row.errorText,
    warningText: row.warningText,
    files: row.pdfFileKey ? [{ fileKey: row.pdfFileKey, order: 0 }] : [],
    pdfMetadata: row.pdfMetadata ?? null,
  };
}

export function toDocumentDto(row: DocumentRow, parts: PartRow[]): Document {
  return {
    id: row.id,
    userId: row.userId,
    title: row.title,
    message: row.message,
    type: row.type,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    parts: parts.map(toPartDto),
    pdfFileKey: row.pdfFileKey,
    pdfMetadata: row.pdfMetadata ?? null,
  };
}
