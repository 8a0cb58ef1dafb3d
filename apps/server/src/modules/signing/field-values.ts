import {
  compareCalendarDates,
  DEFAULT_FIELD_DATE_FORMAT,
  dateFormatInvalidMessage,
  earliestSigningDate,
  FIELD_KINDS,
  MESSAGES,
  parseFieldDate,
  type RequisiteValueType,
  type SignerFieldValue,
} from '@esign/shared';
import { type FieldRow, updateField } from '../../data/document-fields.js';
import type { SignerRow } from '../../data/documents.js';
import { findUsableRequisite } from '../../data/signing.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';

/** The longest text a signer may type into a text field. */
export const SIGNER_TEXT_MAX_LENGTH = 100;

const invalid = (fieldId: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, [{ property: fieldId, constraints: { value: message }, children: [] }]);

type FieldChange = Partial<Pick<FieldRow, 'text' | 'checked' | 'requisiteId'>>;

/** The change one value makes to its field, checked against what the field's kind takes and the signer's rules. */
async function changeFor(
  db: Db,
  field: FieldRow,
  value: SignerFieldValue,
  context: { signer: SignerRow; signatureTypes: readonly RequisiteValueType[]; now: Date },
): Promise<FieldChange | null> {
  const kind = FIELD_KINDS[field.type];
  switch (kind.value) {
    case 'image': {
      if (value.requisiteId === undefined) return null;
      if (value.requisiteId === null) return { requisiteId: null };
      const requisite = await findUsableRequisite(db, {
        requisiteId: value.requisiteId,
        signerId: context.signer.id,
        userId: context.signer.userId,
      });
      if (!requisite || requisite.type !== kind.requisiteType) throw invalid(field.id, MESSAGES.requisiteInvalid);
      // A company may allow only some kinds (drawn, typed, uploaded): a saved one of another kind is refused.
      if (!context.signatureTypes.includes(requisite.valueType)) {
        throw invalid(field.id, MESSAGES.signatureTypeNotAllowed);
      }
      return { requisiteId: requisite.id };
    }
    case 'text': {
      if (value.text === undefined) return null;
      const text = value.text?.trim() ? value.text : null;
      if (text !== null && text.length > SIGNER_TEXT_MAX_LENGTH) throw invalid(field.id, MESSAGES.maxLength100);
      return { text };
    }
    case 'date': {
      if (value.text === undefined) return null;
      const text = value.text?.trim() || null;
      if (text === null) return { text: null };
      const format = field.dateFormat ?? DEFAULT_FIELD_DATE_FORMAT;
      const date = parseFieldDate(text, format);
      if (!date) throw invalid(field.id, dateFormatInvalidMessage(format));
      if (compareCalendarDates(date, earliestSigningDate(context.now)) < 0) {
        throw invalid(field.id, MESSAGES.dateBeforeToday);
      }
      return { text };
    }
    case 'checkbox':
      return value.checked === undefined ? null : { checked: value.checked };
  }
}

/**
 * Writes a signer's values into the fields assigned to that signer (call it inside the transaction that holds
 * the document's lock). A field of another signer, or of no signer, refuses the whole request.
 */
export async function applySignerFieldValues(
  db: Db,
  params: {
    signer: SignerRow;
    fields: FieldRow[];
    values: SignerFieldValue[];
    /** The saved signatures' kinds the document takes (its company's signature types). */
    signatureTypes: readonly RequisiteValueType[];
    now: Date;
  },
): Promise<FieldRow[]> {
  const byId = new Map(params.fields.map((field) => [field.id, field]));
  for (const value of params.values) {
    const field = byId.get(value.id);
    if (!field || field.signerId !== params.signer.id) throw new AppError('FORBIDDEN', MESSAGES.notYourField);
  }
  const updated = new Map(byId);
  for (const value of params.values) {
    const field = updated.get(value.id) as FieldRow;
    const change = await changeFor(db, field, value, params);
    if (!change) continue;
    const row = await updateField(db, field.id, change);
    if (row) updated.set(row.id, row);
  }
  return params.fields.map((field) => updated.get(field.id) as FieldRow);
}
