import {
  checkFieldText,
  conditionProblems,
  DEFAULT_FIELD_DATE_FORMAT,
  type DocumentField,
  dateFormatInvalidMessage,
  FIELD_KINDS,
  MESSAGES,
  normalizeFieldText,
  parseFieldDate,
} from '@esign/shared';
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
 * only one of the user's; a condition names another field, without a cycle; a value the sender gives another
 * signer's field (a prefill, issue 37) meets the field's rules (stored in its normal form). Runs inside the caller's transaction,
 * with the document row locked.
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
  // A condition must name another field of the document and must not lead back to itself (issue 37).
  for (const [index, problem] of conditionProblems(fields)) {
    issues.push({
      path: ['fields', String(index), 'settings'],
      keyword: 'field',
      message: problem === 'cycle' ? MESSAGES.fieldConditionCycle : MESSAGES.fieldConditionUnknown,
    });
  }
  const saved = fields.map((field, index) => {
    const signer = field.signerId ? signerById.get(field.signerId) : null;
    if (!signer || signer.isPreparer || !field.text?.trim()) return field;
    const prefilled = prefilledText(field);
    if (!prefilled) return field;
    const { text, problem } = prefilled;
    if (problem) issues.push({ path: ['fields', String(index), 'text'], keyword: 'field', message: problem });
    return { ...field, text };
  });
  if (issues.length > 0) throw validationError(issues);

  await replaceDocumentFields(tx, { documentId: document.id, fields: saved });
}

/**
 * A value the sender gives another signer's field (issue 37): checked with the rules the signer's own value meets
 * on submit, in the normal form the signer's would be stored in (the editor's, a bulk send's or the public API's). A formula or an attachment takes none (the
 * server sets theirs); an image's or a checkbox's text is not a value (null: left as it is).
 */
export function prefilledText(
  field: Pick<DocumentField, 'type' | 'text' | 'settings' | 'dateFormat'>,
): { text: string; problem: string | null } | null {
  const kind = FIELD_KINDS[field.type];
  if (kind.value === 'image' || kind.value === 'checkbox') return null;
  const typed = field.text ?? '';
  if (kind.value === 'date') {
    const format = field.dateFormat ?? DEFAULT_FIELD_DATE_FORMAT;
    return {
      text: typed.trim(),
      problem: parseFieldDate(typed.trim(), format) ? null : dateFormatInvalidMessage(format),
    };
  }
  if (kind.rule === 'formula' || kind.rule === 'attachment') {
    return { text: typed, problem: MESSAGES.fieldLocked };
  }
  const text = kind.rule === 'free' ? typed : normalizeFieldText(field, typed);
  return { text, problem: checkFieldText(field, text)?.message ?? null };
}
