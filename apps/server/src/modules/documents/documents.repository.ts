import type {
  ActiveContentState,
  Document,
  DocumentField,
  DocumentFieldResponse,
  DocumentPart,
  PdfMetadata,
  Signer,
} from '@esign/shared';
import { FIELD_KEYS, isFieldSigned, pickField } from '@esign/shared';
import { and, asc, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { documentFields, documentParts, documents, signers } from '../../platform/db/schema.js';

export type DocumentRow = typeof documents.$inferSelect;
export type PartRow = typeof documentParts.$inferSelect;
export type SignerRow = typeof signers.$inferSelect;
export type FieldRow = typeof documentFields.$inferSelect;
export type FieldInsert = typeof documentFields.$inferInsert;

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

/**
 * The conversion progress of a live document of this owner, in one query of the few columns it needs: the web app
 * polls it while files convert, and the parts' page sizes (hundreds of pages) are not read for it. No rows: no
 * such document.
 */
export async function findConversionProgress(db: Db, params: { userId: string; documentId: string }) {
  return db
    .select({
      pdfFileKey: documents.pdfFileKey,
      partId: documentParts.id,
      convertedAt: documentParts.convertedAt,
      pagesConverted: documentParts.pagesConverted,
      pagesTotal: documentParts.pagesTotal,
      errorText: documentParts.errorText,
      warningText: documentParts.warningText,
    })
    .from(documents)
    .leftJoin(documentParts, eq(documentParts.documentId, documents.id))
    .where(and(eq(documents.id, params.documentId), eq(documents.userId, params.userId), isNull(documents.deletedAt)))
    .orderBy(asc(documentParts.order), asc(documentParts.createdAt));
}

export async function listSigners(db: Db, documentId: string): Promise<SignerRow[]> {
  return db
    .select()
    .from(signers)
    .where(eq(signers.documentId, documentId))
    .orderBy(asc(signers.order), asc(signers.createdAt));
}

export async function listFields(db: Db, documentId: string): Promise<FieldRow[]> {
  return db
    .select()
    .from(documentFields)
    .where(eq(documentFields.documentId, documentId))
    .orderBy(asc(documentFields.pageNumber), asc(documentFields.coordinateY), asc(documentFields.coordinateX));
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
    originalFileName: row.originalFileName,
    sizeBytes: row.sizeBytes,
    filesUploaded: row.convertedAt !== null,
    pagesConverted: row.pagesConverted,
    pagesTotal: row.pagesTotal,
    errorText: row.errorText,
    warningText: row.warningText,
    activeContent: row.activeContent,
    files: row.pdfFileKey ? [{ fileKey: row.pdfFileKey, order: 0 }] : [],
    pdfMetadata: row.pdfMetadata ?? null,
  };
}

export function toSignerDto(row: SignerRow): Signer {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    email: row.email,
    role: row.role,
    order: row.order,
    isPreparer: row.isPreparer,
    isFinished: row.isFinished,
  };
}

/*
 * A field's columns are the contract's keys (FIELD_KEYS) plus its document and creation time, so a row is read and
 * written by those keys and by no list of its own: a setting added to the contract and the table reaches the
 * answer, the upsert and the seal (field-columns.test.ts checks that the table and the keys agree).
 */

/** The row of a field of this document. */
export function toFieldRow(documentId: string, field: DocumentField): FieldInsert {
  return { ...pickField(field), documentId };
}

export function toFieldDto(row: FieldRow): DocumentFieldResponse {
  const field = pickField(row);
  return { ...field, signed: isFieldSigned(field) };
}

/** Everything a document answer carries besides its own row. */
export interface DocumentChildren {
  parts: PartRow[];
  signers: SignerRow[];
  fields: FieldRow[];
}

export async function loadChildren(db: Db, documentId: string): Promise<DocumentChildren> {
  const [parts, signerRows, fields] = await Promise.all([
    listParts(db, documentId),
    listSigners(db, documentId),
    listFields(db, documentId),
  ]);
  return { parts, signers: signerRows, fields };
}

/** The document as its owner sees it (the access password included). */
export function toDocumentDto(
  row: DocumentRow,
  children: DocumentChildren = { parts: [], signers: [], fields: [] },
  options: { isOwner: boolean } = { isOwner: true },
): Document {
  const { parts } = children;
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
    resultPdfFileKey: row.resultPdfFileKey,
    isOrdered: row.isOrdered,
    codeAccess: options.isOwner ? row.codeAccess : null,
    testMode: row.testMode,
    redirectionPage: row.redirectionPage,
    remindersDisabled: row.remindersDisabled,
    signers: children.signers.map(toSignerDto),
    fields: children.fields.map(toFieldDto),
  };
}

export async function findDocument(db: Db, documentId: string): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(documents).where(eq(documents.id, documentId)).limit(1);
  return row;
}

export async function insertDocument(
  db: Db,
  values: { userId: string; type: DocumentRow['type']; title: string },
): Promise<DocumentRow> {
  const [created] = await db.insert(documents).values(values).returning();
  if (!created) throw new Error('document not created');
  return created;
}

/** The document's own values of the prepare form; only those given change. */
export async function updateDocumentValues(
  db: Db,
  documentId: string,
  values: { title?: string; message?: string | null; isOrdered?: boolean },
): Promise<void> {
  await db
    .update(documents)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(documents.id, documentId));
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

export async function deleteSigners(db: Db, signerIds: string[]): Promise<void> {
  if (signerIds.length > 0) await db.delete(signers).where(inArray(signers.id, signerIds));
}

export async function insertSigner(db: Db, values: typeof signers.$inferInsert): Promise<void> {
  await db.insert(signers).values(values);
}

/** Changes a signer of this document (an id of another document changes nothing). */
export async function updateSigner(
  db: Db,
  params: { documentId: string; signerId: string; values: Partial<typeof signers.$inferInsert> },
): Promise<void> {
  await db
    .update(signers)
    .set(params.values)
    .where(and(eq(signers.id, params.signerId), eq(signers.documentId, params.documentId)));
}

/** Marks a signer of this document finished (the preparer at sending; a signer who signs). */
export async function finishSigner(db: Db, params: { documentId: string; signerId: string; at: Date }) {
  await updateSigner(db, {
    documentId: params.documentId,
    signerId: params.signerId,
    values: { isFinished: true, finishedAt: params.at },
  });
}

export async function markDocumentSent(db: Db, params: { documentId: string; at: Date }): Promise<void> {
  await db.update(documents).set({ sentAt: params.at }).where(eq(documents.id, params.documentId));
}

/** Draft -> awaiting, in one conditional update (a double click sends once); false when it was no draft. */
export async function moveDraftToAwaiting(db: Db, params: { documentId: string; at: Date }): Promise<boolean> {
  const sent = await db
    .update(documents)
    .set({ status: 'awaiting', sentAt: params.at, updatedAt: params.at })
    .where(and(eq(documents.id, params.documentId), eq(documents.status, 'draft')))
    .returning({ id: documents.id });
  return sent.length > 0;
}

/** A document that is not deleted, whoever owns it (callers check their own key: a share link, a download). */
export async function findLiveDocument(db: Db, documentId: string): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, documentId), isNull(documents.deletedAt)))
    .limit(1);
  return row;
}

/** Whether the user's account is one of the document's signers. */
export async function isSignerAccount(db: Db, params: { documentId: string; userId: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: signers.id })
    .from(signers)
    .where(and(eq(signers.documentId, params.documentId), eq(signers.userId, params.userId)))
    .limit(1);
  return row !== undefined;
}

export async function updateField(
  db: Db,
  fieldId: string,
  change: Partial<typeof documentFields.$inferInsert>,
): Promise<FieldRow | undefined> {
  const [row] = await db.update(documentFields).set(change).where(eq(documentFields.id, fieldId)).returning();
  return row;
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

/** A part's conversion failed for good: the sentence the user sees (unless it was converted meanwhile). */
export async function failPartConversion(db: Db, params: { partId: string; message: string }): Promise<void> {
  await db
    .update(documentParts)
    .set({ errorText: params.message })
    .where(and(eq(documentParts.id, params.partId), isNull(documentParts.convertedAt)));
}

/** A part's converted PDF and what its conversion found. */
export async function setPartConverted(
  db: Db,
  partId: string,
  values: Pick<
    typeof documentParts.$inferInsert,
    'pdfFileKey' | 'pdfMetadata' | 'pagesTotal' | 'pagesConverted' | 'warningText' | 'activeContent'
  >,
): Promise<void> {
  await db
    .update(documentParts)
    .set({ ...values, convertedAt: new Date() })
    .where(eq(documentParts.id, partId));
}

/** A signer with its document (the signer's mails load both by the signer's id). */
export async function findSignerWithDocument(db: Db, signerId: string) {
  const [row] = await db
    .select({ document: documents, signer: signers })
    .from(signers)
    .innerJoin(documents, eq(documents.id, signers.documentId))
    .where(eq(signers.id, signerId))
    .limit(1);
  return row;
}

/** Of `fieldIds`, the ids of fields that belong to another document. */
export async function findFieldsOfOtherDocuments(db: Db, params: { documentId: string; fieldIds: string[] }) {
  if (params.fieldIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: documentFields.id })
    .from(documentFields)
    .where(and(inArray(documentFields.id, params.fieldIds), ne(documentFields.documentId, params.documentId)));
  return new Set(rows.map((row) => row.id));
}

/** The columns an upsert replaces: every key of the field but its id (not the document or the creation time). */
const UPDATED_FIELD_COLUMNS = FIELD_KEYS.filter((key) => key !== 'id');

/** The document's fields become exactly `fields`: upserted by the editor's ids, every other field deleted. */
export async function replaceDocumentFields(db: Db, params: { documentId: string; fields: DocumentField[] }) {
  const ids = params.fields.map((field) => field.id);
  await db
    .delete(documentFields)
    .where(
      ids.length === 0
        ? eq(documentFields.documentId, params.documentId)
        : and(eq(documentFields.documentId, params.documentId), notInArray(documentFields.id, ids)),
    );
  if (params.fields.length === 0) return;
  await db
    .insert(documentFields)
    .values(params.fields.map((field) => toFieldRow(params.documentId, field)))
    .onConflictDoUpdate({
      target: documentFields.id,
      set: Object.fromEntries(
        UPDATED_FIELD_COLUMNS.map((key) => [key, sql.raw(`excluded."${documentFields[key].name}"`)]),
      ),
    });
}
