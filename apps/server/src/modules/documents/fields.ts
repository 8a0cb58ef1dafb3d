import { type DocumentField, FIELD_KINDS, MESSAGES } from '@esign/shared';
import { findFieldsOfOtherDocuments, replaceDocumentFields } from '../../data/document-fields.js';
import { type DocumentRow, listSigners } from '../../data/documents.js';
import { findOwnRequisiteIds } from '../../data/requisites.js';
import type { Db } from '../../platform/db/client.js';
import { validationError } from '../../platform/http/error-handler.js';

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

  const foreignIds = await findFieldsOfOtherDocuments(tx, { documentId: document.id, fieldIds: ids });
  const requisiteIds = [...new Set(fields.flatMap((field) => (field.requisiteId ? [field.requisiteId] : [])))];
  const ownRequisiteIds = await findOwnRequisiteIds(tx, { userId: params.userId, requisiteIds });

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

  await replaceDocumentFields(tx, { documentId: document.id, fields });
}
