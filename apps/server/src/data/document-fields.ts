import type { DocumentField, DocumentFieldResponse } from '@esign/shared';
import { FIELD_KEYS, hiddenFieldIds, isFieldSigned, pickField } from '@esign/shared';
import { and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { documentFields } from '../platform/db/schema.js';

export type FieldInsert = typeof documentFields.$inferInsert;
export type FieldRow = typeof documentFields.$inferSelect;
export async function listFields(db: Db, documentId: string): Promise<FieldRow[]> {
  return db
    .select()
    .from(documentFields)
    .where(eq(documentFields.documentId, documentId))
    .orderBy(asc(documentFields.pageNumber), asc(documentFields.coordinateY), asc(documentFields.coordinateX));
}
/** The fields of many documents, each document's in the order listFields gives them. */
export async function listFieldsOf(db: Db, documentIds: string[]): Promise<FieldRow[]> {
  return db
    .select()
    .from(documentFields)
    .where(inArray(documentFields.documentId, documentIds))
    .orderBy(asc(documentFields.pageNumber), asc(documentFields.coordinateY), asc(documentFields.coordinateX));
}
/** The row of a field of this document. */
export function toFieldRow(documentId: string, field: DocumentField): FieldInsert {
  return { ...pickField(field), documentId };
}
export function toFieldDto(row: FieldRow): DocumentFieldResponse {
  const field = pickField(row);
  return { ...field, signed: isFieldSigned(field) };
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
 * Issue 37: the fields of a document (`fields`, every one, with their values as they now are) that their conditions
 * hide lose their values, when their signer is among `signerIds` (one who has finished, or is finishing: a later
 * signer's field may still be shown by what is chosen after). Answers the hidden ids and the rows changed.
 */
export async function clearHiddenFieldValues(
  db: Db,
  params: { fields: readonly FieldRow[]; signerIds: ReadonlySet<string> },
): Promise<{ hidden: Set<string>; changed: Map<string, FieldRow> }> {
  const hidden = hiddenFieldIds(params.fields);
  const changed = new Map<string, FieldRow>();
  for (const field of params.fields) {
    if (!hidden.has(field.id) || field.signerId === null || !params.signerIds.has(field.signerId)) continue;
    if (field.text === null && !field.checked && field.requisiteId === null) continue;
    const row = await updateField(db, field.id, { text: null, checked: false, requisiteId: null });
    if (row) changed.set(row.id, row);
  }
  return { hidden, changed };
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
