import { type DocumentField, FIELD_KEYS, FIELD_KINDS, MESSAGES } from '@esign/shared';
import { and, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { documentFields, requisites } from '../../platform/db/schema.js';
import { validationError } from '../../platform/http/error-handler.js';
import { type DocumentRow, listSigners, toFieldRow } from './documents.repository.js';

/** Sizes are compared with a little slack: the editor works in floating point. */
const SIZE_SLACK = 1e-6;

/**
 * PATCH documents/{id} `fields`: the whole set. Fields are upserted by the id the editor chose; fields not named
 * are deleted. Every field must be on a page of the combined PDF, at least its type's minimum size, assigned to
 * a signer of this document (or nobody); a saved signature (requisiteId) only on the preparer's own fields and
 * only one of the user's. Runs inside the caller's transaction, with the document row locked.
 */
export async function replaceFields(
  tx: Db,
  params: { document: DocumentRow; userId: string; fields: DocumentField[] },
): Promise<void> {
  const { document, fields } = params;
  const pageCount = document.pdfMetadata?.pages.length ?? 0;
  const signerRows = await listSigners(tx, document.id);
  const signerById = new Map(signerRows.map((row) => [row.id, row]));
  const ids = fields.map((field) => field.id);

  const foreign =
    ids.length === 0
      ? []
      : await tx
          .select({ id: documentFields.id })
          .from(documentFields)
          .where(and(inArray(documentFields.id, ids), ne(documentFields.documentId, document.id)));
  const foreignIds = new Set(foreign.map((row) => row.id));
  const requisiteIds = [...new Set(fields.flatMap((field) => (field.requisiteId ? [field.requisiteId] : [])))];
  const ownRequisites =
    requisiteIds.length === 0
      ? []
      : await tx
          .select({ id: requisites.id })
          .from(requisites)
          .where(
            and(
              inArray(requisites.id, requisiteIds),
              eq(requisites.userId, params.userId),
              isNull(requisites.deletedAt),
            ),
          );
  const ownRequisiteIds = new Set(ownRequisites.map((row) => row.id));

  const issues: { path: string[]; keyword: string; message: string }[] = [];
  const seen = new Set<string>();
  fields.forEach((field, index) => {
    const issue = (property: string, message: string) =>
      issues.push({ path: ['fields', String(index), property], keyword: 'field', message });
    if (foreignIds.has(field.id) || seen.has(field.id)) issue('id', MESSAGES.fieldNotInDocument);
    seen.add(field.id);
    if (field.pageNumber > pageCount) issue('pageNumber', MESSAGES.fieldPageOutOfRange);
    const min = FIELD_KINDS[field.type].minSize;
    if (field.width < min.width - SIZE_SLACK || field.height < min.height - SIZE_SLACK) {
      issue('width', MESSAGES.fieldTooSmall);
    }
    const signer = field.signerId ? signerById.get(field.signerId) : null;
    if (signer === undefined) issue('signerId', MESSAGES.signerNotInDocument);
    if (field.requisiteId && (!signer?.isPreparer || !ownRequisiteIds.has(field.requisiteId))) {
      issue('requisiteId', MESSAGES.requisiteNotYours);
    }
  });
  if (issues.length > 0) throw validationError(issues);

  await tx
    .delete(documentFields)
    .where(
      ids.length === 0
        ? eq(documentFields.documentId, document.id)
        : and(eq(documentFields.documentId, document.id), notInArray(documentFields.id, ids)),
    );
  if (fields.length === 0) return;
  await tx
    .insert(documentFields)
    .values(fields.map((field) => toFieldRow(document.id, field)))
    .onConflictDoUpdate({
      target: documentFields.id,
      set: Object.fromEntries(UPDATED_COLUMNS.map((key) => [key, sql.raw(`excluded."${documentFields[key].name}"`)])),
    });
}

/** The columns an upsert replaces: every key of the field but its id (not the document or the creation time). */
const UPDATED_COLUMNS = FIELD_KEYS.filter((key) => key !== 'id');
