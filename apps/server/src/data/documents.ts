import { type Document, type Language, type Signer, stepOf } from '@esign/shared';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { type Db, readTogether } from '../platform/db/client.js';
import { documents, signers, users } from '../platform/db/schema.js';
import { type FieldRow, listFields, listFieldsOf, toFieldDto } from './document-fields.js';
import { listParts, listPartsOf, type PartRow, toPartDto } from './document-parts.js';

export type DocumentRow = typeof documents.$inferSelect;
export type SignerRow = typeof signers.$inferSelect;
/** Locks the document row for the rest of the transaction, so concurrent part changes queue. */
export async function lockDocument(db: Db, documentId: string): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(documents).where(eq(documents.id, documentId)).for('update').limit(1);
  return row;
}
/** Locks the documents' rows for the rest of the transaction (in id order, so two such transactions do not deadlock). */
export async function lockDocuments(db: Db, documentIds: string[]): Promise<DocumentRow[]> {
  if (documentIds.length === 0) return [];
  return db.select().from(documents).where(inArray(documents.id, documentIds)).orderBy(asc(documents.id)).for('update');
}
export async function listSigners(db: Db, documentId: string): Promise<SignerRow[]> {
  return db
    .select()
    .from(signers)
    .where(eq(signers.documentId, documentId))
    .orderBy(asc(signers.order), asc(signers.createdAt));
}
export function toSignerDto(row: SignerRow): Signer {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    email: row.email,
    role: row.role,
    order: row.order,
    recipientRole: row.recipientRole,
    step: stepOf(row),
    isPreparer: row.isPreparer,
    isFinished: row.isFinished,
    ...(row.language ? { language: row.language } : {}),
    verification: row.verification,
    phone: row.phone,
  };
}

/*
 * A field's columns are the contract's keys (FIELD_KEYS) plus its document and creation time, so a row is read and
 * written by those keys and by no list of its own: a setting added to the contract and the table reaches the
 * answer, the upsert and the seal (field-columns.test.ts checks that the table and the keys agree).
 */
/** Everything a document answer carries besides its own row. */
export interface DocumentChildren {
  parts: PartRow[];
  signers: SignerRow[];
  fields: FieldRow[];
}
export async function loadChildren(db: Db, documentId: string): Promise<DocumentChildren> {
  const [parts, signerRows, fields] = await readTogether(
    db,
    () => listParts(db, documentId),
    () => listSigners(db, documentId),
    () => listFields(db, documentId),
  );
  return { parts, signers: signerRows, fields };
}
/** The children of many documents in three queries, each document's rows in the order loadChildren gives them. */
export async function loadChildrenOf(db: Db, documentIds: string[]): Promise<Map<string, DocumentChildren>> {
  const byDocument = new Map<string, DocumentChildren>(
    documentIds.map((id) => [id, { parts: [], signers: [], fields: [] }]),
  );
  if (documentIds.length === 0) return byDocument;
  const [parts, signerRows, fields] = [
    await listPartsOf(db, documentIds),
    await db
      .select()
      .from(signers)
      .where(inArray(signers.documentId, documentIds))
      .orderBy(asc(signers.order), asc(signers.createdAt)),
    await listFieldsOf(db, documentIds),
  ];
  for (const part of parts) byDocument.get(part.documentId)?.parts.push(part);
  for (const signer of signerRows) byDocument.get(signer.documentId)?.signers.push(signer);
  for (const field of fields) byDocument.get(field.documentId)?.fields.push(field);
  return byDocument;
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
    language: row.language,
    redirectionPage: row.redirectionPage,
    remindersDisabled: row.remindersDisabled,
    allowReassign: row.allowReassign,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    expiryDays: row.expiryDays,
    // Which of the owner's templates it came from is the owner's business, not a signer's.
    templateId: options.isOwner ? row.templateId : null,
    sourceTemplateId: options.isOwner ? row.sourceTemplateId : null,
    signers: children.signers.map(toSignerDto),
    fields: children.fields.map(toFieldDto),
    legalHoldAt: options.isOwner ? (row.legalHoldAt?.toISOString() ?? null) : null,
    removal:
      row.removedAt && row.removedReason
        ? {
            removedAt: row.removedAt.toISOString(),
            reason: row.removedReason,
            sealedSha256: row.removedSealedSha256 ?? [],
            chainHash: row.removedChainHash,
          }
        : null,
  };
}
/** The document's access code, unless it has one already. */
export async function setAccessCodeIfNone(db: Db, params: { documentId: string; code: string }): Promise<void> {
  await db
    .update(documents)
    .set({ codeAccess: params.code })
    .where(and(eq(documents.id, params.documentId), isNull(documents.codeAccess)));
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
  values: {
    title?: string;
    message?: string | null;
    isOrdered?: boolean;
    language?: Language | null;
    expiryDays?: number | null;
  },
): Promise<void> {
  await db
    .update(documents)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(documents.id, documentId));
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
/** Drafts -> awaiting, in one conditional update (a double click sends once); answers the ids that were drafts. */
export async function moveDraftsToAwaiting(db: Db, params: { documentIds: string[]; at: Date }): Promise<string[]> {
  if (params.documentIds.length === 0) return [];
  const sent = await db
    .update(documents)
    .set({ status: 'awaiting', sentAt: params.at, updatedAt: params.at })
    .where(and(inArray(documents.id, params.documentIds), eq(documents.status, 'draft')))
    .returning({ id: documents.id });
  return sent.map((row) => row.id);
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
/**
 * A signer with its document and the document's owner, in one statement (the mails about a signer load all three by
 * the signer's id; a bulk send's hundred invitations make it a hot path). Undefined when any of them is gone.
 */
export async function findSignerWithDocument(db: Db, signerId: string) {
  const [row] = await db
    .select({ document: documents, signer: signers, owner: users })
    .from(signers)
    .innerJoin(documents, eq(documents.id, signers.documentId))
    .innerJoin(users, eq(users.id, documents.userId))
    .where(eq(signers.id, signerId))
    .limit(1);
  return row;
}
