import { randomUUID } from 'node:crypto';
import type { DocumentStatus } from '@esign/shared';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { documentFields, documentParts, documents, signers, users } from '../../platform/db/schema.js';
import type { DocumentChildren, DocumentRow } from '../documents/documents.repository.js';

/** Template statuses that count against the plan's template limit (api templates and replicas do not). */
const COUNTED_STATUSES: DocumentStatus[] = ['draft', 'active'];

/** The replica of a template still being edited (not merged, not deleted), if there is one. */
export async function findOpenReplica(db: Db, params: { userId: string; sourceId: string }) {
  const [row] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        eq(documents.sourceTemplateId, params.sourceId),
        eq(documents.userId, params.userId),
        eq(documents.status, 'replica'),
        isNull(documents.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

/** Locks the user's row: template creations of one user queue, so two at once cannot both pass the limit. */
export async function lockUser(db: Db, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
  return row;
}

export async function countCountedTemplates(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(documents)
    .where(
      and(
        eq(documents.userId, userId),
        eq(documents.type, 'template'),
        inArray(documents.status, COUNTED_STATUSES),
        isNull(documents.deletedAt),
      ),
    );
  return row?.total ?? 0;
}

/** from -> to in one conditional update; false when the template was not in `from`. */
export async function moveTemplateStatus(
  db: Db,
  params: { templateId: string; from: DocumentStatus; to: DocumentStatus },
): Promise<boolean> {
  const moved = await db
    .update(documents)
    .set({ status: params.to, updatedAt: new Date() })
    .where(and(eq(documents.id, params.templateId), eq(documents.status, params.from), isNull(documents.deletedAt)))
    .returning({ id: documents.id });
  return moved.length > 0;
}

/** A document whose content is a copy of `source`'s: title, message, ordering and its combined PDF (by key). */
export async function insertDocumentCopy(
  db: Db,
  params: {
    source: DocumentRow;
    values: Pick<typeof documents.$inferInsert, 'userId' | 'type' | 'status'> &
      Partial<Pick<typeof documents.$inferInsert, 'title' | 'message' | 'templateId' | 'sourceTemplateId'>>;
  },
): Promise<DocumentRow> {
  const { source } = params;
  const [created] = await db
    .insert(documents)
    .values({
      title: source.title,
      message: source.message,
      isOrdered: source.isOrdered,
      pdfFileKey: source.pdfFileKey,
      pdfMetadata: source.pdfMetadata,
      ...params.values,
    })
    .returning();
  if (!created) throw new Error('document not created');
  return created;
}

/**
 * Gives `documentId` its own rows of `children` (new ids): parts with the same stored files (stored files are never
 * changed in place: a conversion or a combine writes a new key), signers (through `signerValues`, by position) and
 * fields assigned to the new signers.
 */
export async function insertChildrenCopy(
  db: Db,
  params: {
    documentId: string;
    children: DocumentChildren;
    signerValues?: (
      signer: DocumentChildren['signers'][number],
      index: number,
    ) => Partial<Pick<DocumentChildren['signers'][number], 'name' | 'email' | 'userId' | 'isPreparer' | 'order'>>;
    /** Values a copied field takes instead of the source's (a bulk send's prefilled text). */
    fieldValues?: (field: DocumentChildren['fields'][number]) => { text?: string };
  },
): Promise<void> {
  const { documentId, children } = params;
  if (children.parts.length > 0) {
    await db
      .insert(documentParts)
      .values(children.parts.map(({ createdAt: _createdAt, ...part }) => ({ ...part, id: randomUUID(), documentId })));
  }
  const signerIds = new Map<string, string>();
  const others = children.signers.filter((signer) => !signer.isPreparer);
  if (children.signers.length > 0) {
    await db.insert(signers).values(
      children.signers.map((signer) => {
        const id = randomUUID();
        signerIds.set(signer.id, id);
        const given =
          params.signerValues && !signer.isPreparer ? params.signerValues(signer, others.indexOf(signer)) : {};
        return {
          id,
          documentId,
          userId: signer.userId,
          name: signer.name,
          email: signer.email,
          role: signer.role,
          order: signer.order,
          isPreparer: signer.isPreparer,
          ...given,
        };
      }),
    );
  }
  if (children.fields.length > 0) {
    await db.insert(documentFields).values(
      children.fields.map((source) => {
        const { createdAt: _createdAt, ...field } = source;
        return {
          ...field,
          ...params.fieldValues?.(source),
          id: randomUUID(),
          documentId,
          signerId: field.signerId ? (signerIds.get(field.signerId) ?? null) : null,
        };
      }),
    );
  }
}

/** Removes a document's parts, signers and fields rows (not its stored files). */
export async function deleteChildren(db: Db, documentId: string): Promise<void> {
  await db.delete(documentFields).where(eq(documentFields.documentId, documentId));
  await db.delete(signers).where(eq(signers.documentId, documentId));
  await db.delete(documentParts).where(eq(documentParts.documentId, documentId));
}

/** Moves every part, signer and field row of one document to another, ids and links kept. */
export async function moveChildren(db: Db, params: { fromId: string; toId: string }): Promise<void> {
  await db.update(documentParts).set({ documentId: params.toId }).where(eq(documentParts.documentId, params.fromId));
  await db.update(signers).set({ documentId: params.toId }).where(eq(signers.documentId, params.fromId));
  await db.update(documentFields).set({ documentId: params.toId }).where(eq(documentFields.documentId, params.fromId));
}

/** The merge's last write: the source takes the replica's own values and combined PDF; its parts changed. */
export async function takeContentOf(db: Db, params: { templateId: string; replica: DocumentRow }): Promise<void> {
  const { replica } = params;
  await db
    .update(documents)
    .set({
      title: replica.title,
      message: replica.message,
      isOrdered: replica.isOrdered,
      pdfFileKey: replica.pdfFileKey,
      pdfMetadata: replica.pdfMetadata,
      partsRevision: sql`${documents.partsRevision} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(documents.id, params.templateId));
}

export async function deleteDocumentRow(db: Db, documentId: string): Promise<void> {
  await db.delete(documents).where(eq(documents.id, documentId));
}

/** The owner's live templates with their roles, newest first, for the pickers. */
export async function listLiveTemplates(db: Db, userId: string) {
  const rows = await db
    .select({ id: documents.id, title: documents.title, message: documents.message })
    .from(documents)
    .where(
      and(
        eq(documents.userId, userId),
        eq(documents.type, 'template'),
        eq(documents.status, 'active'),
        isNull(documents.deletedAt),
      ),
    )
    .orderBy(desc(documents.createdAt), desc(documents.id));
  if (rows.length === 0) return [];
  const roles = await db
    .select({ id: signers.id, documentId: signers.documentId, role: signers.role, order: signers.order })
    .from(signers)
    .where(
      inArray(
        signers.documentId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(signers.order), asc(signers.createdAt));
  return rows.map((row) => ({
    ...row,
    signers: roles.filter((role) => role.documentId === row.id).map(({ id, role, order }) => ({ id, role, order })),
  }));
}
