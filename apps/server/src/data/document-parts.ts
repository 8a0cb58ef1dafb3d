import {
  type ActiveContentState,
  type DocumentPart,
  MESSAGES,
  type PdfMetadata,
  withoutBidiControls,
} from '@esign/shared';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { type Db, readTogether } from '../platform/db/client.js';
import { documentParts, documents } from '../platform/db/schema.js';
import { actorTeamColumns } from './access.js';

export type PartRow = typeof documentParts.$inferSelect;
export async function listParts(db: Db, documentId: string): Promise<PartRow[]> {
  return db
    .select()
    .from(documentParts)
    .where(eq(documentParts.documentId, documentId))
    .orderBy(asc(documentParts.order), asc(documentParts.createdAt));
}
/** The parts of many documents, each document's in the order listParts gives them. */
export async function listPartsOf(db: Db, documentIds: string[]): Promise<PartRow[]> {
  return db
    .select()
    .from(documentParts)
    .where(inArray(documentParts.documentId, documentIds))
    .orderBy(asc(documentParts.order), asc(documentParts.createdAt));
}
/**
 * The conversion progress of a live document, with what the access policy asks of it (owner, type), in one query
 * of the few columns it needs: the web app polls it while files convert, and the parts' page sizes (hundreds of
 * pages) are not read for it. No rows: no such document.
 */
/** The document's conversion progress, with the asking user's team for the policy (`actorTeamColumns`). */
export async function findConversionProgress(db: Db, documentId: string, userId: string) {
  return db
    .select({
      id: documents.id,
      userId: documents.userId,
      teamId: documents.teamId,
      type: documents.type,
      ...actorTeamColumns(userId),
      pdfFileKey: documents.pdfFileKey,
      partId: documentParts.id,
      convertedAt: documentParts.convertedAt,
      pagesConverted: documentParts.pagesConverted,
      pagesTotal: documentParts.pagesTotal,
      errorText: documentParts.errorText,
      warningText: documentParts.warningText,
      unplacedFields: documentParts.unplacedFields,
    })
    .from(documents)
    .leftJoin(documentParts, eq(documentParts.documentId, documents.id))
    .where(and(eq(documents.id, documentId), isNull(documents.deletedAt)))
    .orderBy(asc(documentParts.order), asc(documentParts.createdAt));
}
export async function findPart(db: Db, partId: string): Promise<PartRow | undefined> {
  const [row] = await db.select().from(documentParts).where(eq(documentParts.id, partId)).limit(1);
  return row;
}
/** A part with what its conversion needs of its document, read together: the parts revision and their count. */
export async function findPartToConvert(db: Db, partId: string) {
  const [row] = await db
    .select({
      part: documentParts,
      partsRevision: documents.partsRevision,
      partCount:
        sql<number>`(select count(*) from ${documentParts} as siblings where siblings.document_id = ${documents.id})`.mapWith(
          Number,
        ),
    })
    .from(documentParts)
    .innerJoin(documents, eq(documents.id, documentParts.documentId))
    .where(eq(documentParts.id, partId))
    .limit(1);
  return row;
}
/** A part of this document. */
export async function findDocumentPart(db: Db, params: { documentId: string; partId: string }) {
  const [row] = await db
    .select()
    .from(documentParts)
    .where(and(eq(documentParts.id, params.partId), eq(documentParts.documentId, params.documentId)))
    .limit(1);
  return row;
}
export async function setPartActiveContent(db: Db, partId: string, activeContent: ActiveContentState) {
  await db.update(documentParts).set({ activeContent }).where(eq(documentParts.id, partId));
}
/**
 * Parts of live documents made before `createdBefore` and neither converted nor failed, with the account their
 * conversion runs for (the document's owner, who uploaded them): the conversion sweep's candidates.
 */
export async function listUnconvertedParts(db: Db, params: { createdBefore: Date }) {
  return db
    .select({ id: documentParts.id, sourceKind: documentParts.sourceKind, accountId: documents.userId })
    .from(documentParts)
    .innerJoin(documents, eq(documents.id, documentParts.documentId))
    .where(
      and(
        isNull(documentParts.convertedAt),
        isNull(documentParts.errorText),
        isNull(documents.deletedAt),
        lt(documentParts.createdAt, params.createdBefore),
      ),
    )
    .limit(500);
}

/**
 * Sends a converted part back to conversion, as it stood after its upload, with what its next conversion must
 * do with its active content. Its PDF, if one was made, is overwritten by that conversion (same key).
 */
export async function restartPartConversion(db: Db, partId: string, activeContent: ActiveContentState) {
  await db
    .update(documentParts)
    .set({
      activeContent,
      pdfFileKey: null,
      pdfMetadata: null,
      pagesConverted: 0,
      pagesTotal: null,
      errorText: null,
      warningText: null,
      convertedAt: null,
    })
    .where(eq(documentParts.id, partId));
}
export async function deleteParts(db: Db, partIds: string[]): Promise<void> {
  if (partIds.length > 0) await db.delete(documentParts).where(inArray(documentParts.id, partIds));
}
/**
 * Any change of the parts makes the combined PDF stale: it is dropped and rebuilt for the new revision. Being
 * an update, it also locks the document row for the rest of the transaction, so a transaction that begins with
 * it needs no `lockDocument` first: concurrent part changes queue behind it, and a refused change rolls it back.
 */
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
    originalFileName: withoutBidiControls(row.originalFileName),
    sizeBytes: row.sizeBytes,
    filesUploaded: row.convertedAt !== null,
    pagesConverted: row.pagesConverted,
    pagesTotal: row.pagesTotal,
    errorText: row.errorText,
    warningText: row.warningText,
    unplacedFields: row.unplacedFields ?? null,
    activeContent: row.activeContent,
    files: row.pdfFileKey ? [{ fileKey: row.pdfFileKey, order: 0 }] : [],
    pdfMetadata: row.pdfMetadata ?? null,
  };
}
/** How many files and bytes a document holds, and the order a new part takes. */
export async function partTotals(db: Db, documentId: string) {
  const [totals] = await db
    .select({
      files: sql<number>`count(*)`.mapWith(Number),
      bytes: sql<number>`coalesce(sum(${documentParts.sizeBytes}), 0)`.mapWith(Number),
      nextOrder: sql<number>`coalesce(max(${documentParts.order}) + 1, 0)`.mapWith(Number),
    })
    .from(documentParts)
    .where(eq(documentParts.documentId, documentId));
  return totals ?? { files: 0, bytes: 0, nextOrder: 0 };
}
export async function insertPart(db: Db, values: typeof documentParts.$inferInsert): Promise<PartRow> {
  const [row] = await db.insert(documentParts).values(values).returning();
  if (!row) throw new Error('part not stored');
  return row;
}
export async function setPartOrder(db: Db, params: { documentId: string; partId: string; order: number }) {
  await db
    .update(documentParts)
    .set({ order: params.order })
    .where(and(eq(documentParts.id, params.partId), eq(documentParts.documentId, params.documentId)));
}
/**
 * Sets a document's combined PDF only while its parts are still at `revision` and it has none yet: a part added,
 * removed or reordered meanwhile bumps the revision, and a newer combine follows. False when it did not apply.
 */
export async function setCombinedPdf(
  db: Db,
  params: { documentId: string; revision: number; key: string; metadata: PdfMetadata },
): Promise<boolean> {
  const updated = await db
    .update(documents)
    .set({ pdfFileKey: params.key, pdfMetadata: params.metadata })
    .where(
      and(
        eq(documents.id, params.documentId),
        eq(documents.partsRevision, params.revision),
        isNull(documents.pdfFileKey),
      ),
    )
    .returning({ id: documents.id });
  return updated.length > 0;
}
/**
 * A part's conversion failed for good: the sentence the user sees (unless it was converted or failed meanwhile).
 * The part's document, when this changed it.
 */
export async function failPartConversion(
  db: Db,
  params: { partId: string; message: string },
): Promise<string | undefined> {
  const [failed] = await db
    .update(documentParts)
    .set({ errorText: params.message })
    .where(and(eq(documentParts.id, params.partId), isNull(documentParts.convertedAt), isNull(documentParts.errorText)))
    .returning({ documentId: documentParts.documentId });
  return failed?.documentId;
}
/** A part's converted PDF and what its conversion found. */
export async function setPartConverted(
  db: Db,
  partId: string,
  values: Pick<
    typeof documentParts.$inferInsert,
    | 'pdfFileKey'
    | 'pdfMetadata'
    | 'pagesTotal'
    | 'pagesConverted'
    | 'warningText'
    | 'activeContent'
    | 'foundFields'
    | 'unplacedFields'
  >,
): Promise<void> {
  await db
    .update(documentParts)
    .set({ ...values, foundFieldsPlaced: false, convertedAt: new Date() })
    .where(eq(documentParts.id, partId));
}
/** Of `keys`, those some part (original or PDF) or document (combined PDF) still names. */
export async function findFileKeysInUse(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const [parts, combined] = await readTogether(
    db,
    () =>
      db
        .select({ original: documentParts.originalFileKey, pdf: documentParts.pdfFileKey })
        .from(documentParts)
        .where(or(inArray(documentParts.originalFileKey, keys), inArray(documentParts.pdfFileKey, keys))),
    () => db.select({ pdf: documents.pdfFileKey }).from(documents).where(inArray(documents.pdfFileKey, keys)),
  );
  const wanted = new Set(keys);
  const used = [...parts.flatMap((row) => [row.original, row.pdf]), ...combined.map((row) => row.pdf)];
  return new Set(used.filter((key): key is string => key !== null && wanted.has(key)));
}
/**
 * Whether one of the user's live documents names `key` (a part's original or PDF, the combined or the sealed PDF):
 * a copy of a template names files stored under the template's (or a merged replica's) folder.
 */
export async function isFileKeyOfOwnedDocument(db: Db, params: { userId: string; key: string }): Promise<boolean> {
  const { userId, key } = params;
  const owned = and(eq(documents.userId, userId), isNull(documents.deletedAt));
  const [byDocument] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(owned, or(eq(documents.pdfFileKey, key), eq(documents.resultPdfFileKey, key))))
    .limit(1);
  if (byDocument) return true;
  const [byPart] = await db
    .select({ id: documentParts.id })
    .from(documentParts)
    .innerJoin(documents, eq(documents.id, documentParts.documentId))
    .where(and(owned, or(eq(documentParts.originalFileKey, key), eq(documentParts.pdfFileKey, key))))
    .limit(1);
  return byPart !== undefined;
}

/** The checks only the server can make: every file converted and the combined PDF there. */
export function serverOnlyErrors(
  document: Pick<typeof documents.$inferSelect, 'pdfFileKey'>,
  parts: PartRow[],
): string[] {
  if (parts.length === 0) return [];
  if (parts.some((part) => part.errorText)) return [MESSAGES.documentFilesFailed];
  if (parts.some((part) => !part.convertedAt) || !document.pdfFileKey) return [MESSAGES.documentStillProcessing];
  return [];
}
