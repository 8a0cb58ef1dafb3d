import {
  checkFieldText,
  compareCalendarDates,
  DEFAULT_FIELD_DATE_FORMAT,
  dateFormatInvalidMessage,
  earliestSigningDate,
  FIELD_KINDS,
  fieldSettings,
  formulaTexts,
  MESSAGES,
  normalizeFieldText,
  parseFieldDate,
  prefillText,
  type RequisiteValueType,
  type SignerDetails,
  type SignerFieldValue,
  withoutHiddenValues,
} from '@esign/shared';
import { companyOfDocumentOwner } from '../../data/company.js';
import { clearHiddenFieldValues, type FieldRow, updateField } from '../../data/document-fields.js';
import type { SignerRow } from '../../data/documents.js';
import { listAttachments } from '../../data/field-attachments.js';
import { findUsableRequisite } from '../../data/signing.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';

const invalid = (fieldId: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, [{ property: fieldId, constraints: { value: message }, children: [] }]);

type FieldChange = Partial<Pick<FieldRow, 'text' | 'checked' | 'requisiteId'>>;

/** The change one value makes to its field, checked against what the field's kind takes and the signer's rules. */
async function changeFor(
  db: Db,
  field: FieldRow,
  value: SignerFieldValue,
  context: {
    signer: SignerRow;
    signatureTypes: readonly RequisiteValueType[];
    now: Date;
    details: () => Promise<SignerDetails>;
  },
): Promise<FieldChange | null> {
  const kind = FIELD_KINDS[field.type];
  if (fieldSettings(field).locked && kind.value !== 'image') {
    const kept = await lockedValue(field, value, context.details);
    if (kept !== undefined) return kept;
  }
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
      // A company may allow only some kinds (drawn, typed, uploaded): a saved one of another kind is refused. A
      // stamp is always an uploaded image, whatever kinds of signature the company allows.
      if (requisite.type !== 'stamp' && !context.signatureTypes.includes(requisite.valueType)) {
        throw invalid(field.id, MESSAGES.signatureTypeNotAllowed);
      }
      return { requisiteId: requisite.id };
    }
    case 'text': {
      // An attachment's text is its file's name, written by the upload (attachFile); the signer's is not taken.
      if (value.text === undefined || kind.rule === 'attachment') return null;
      // A plain text keeps its spaces as typed; the newer kinds store their normal form (issue 37).
      const typed = value.text?.trim() ? value.text : null;
      // A multiselect with nothing ticked (`[]`) is no value.
      const text = typed === null || kind.rule === 'free' ? typed : normalizeFieldText(field, typed) || null;
      const problem = text === null ? null : checkFieldText(field, text);
      if (problem) throw invalid(field.id, problem.message);
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
 * A locked field (`settings.locked`, issue 37) keeps the value given before signing: the sender's (its stored text,
 * or a checkbox's tick) or, for a name, e-mail or company, the signer's details. The same value or none sent keeps
 * it (null: nothing to write; settleComputedValues fills a detail); another is refused. Undefined when the field
 * was given no value: the signer fills it as any other.
 */
async function lockedValue(
  field: FieldRow,
  value: SignerFieldValue,
  details: () => Promise<SignerDetails>,
): Promise<FieldChange | null | undefined> {
  if (FIELD_KINDS[field.type].value === 'checkbox') {
    if (value.checked !== undefined && value.checked !== field.checked) throw invalid(field.id, MESSAGES.fieldLocked);
    return null;
  }
  const given = field.text ?? prefillText(field, await details());
  if (given === null) return undefined;
  if (value.text === undefined || value.text === null || !value.text.trim()) return null;
  const kind = FIELD_KINDS[field.type];
  const text = kind.rule && kind.rule !== 'free' ? normalizeFieldText(field, value.text) : value.text.trim();
  if (text !== given && value.text !== given) throw invalid(field.id, MESSAGES.fieldLocked);
  return null;
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
  let details: Promise<SignerDetails> | undefined;
  const context = { ...params, details: () => (details ??= signerDetails(db, params.signer)) };
  for (const value of params.values) {
    const field = updated.get(value.id) as FieldRow;
    const change = await changeFor(db, field, value, context);
    if (!change) continue;
    const row = await updateField(db, field.id, change);
    if (row) updated.set(row.id, row);
  }
  return params.fields.map((field) => updated.get(field.id) as FieldRow);
}

/** What a signer's name, e-mail and company fields start with: the signer's name and address, their account's company. */
export async function signerDetails(db: Db, signer: SignerRow): Promise<SignerDetails> {
  const company = signer.userId ? await companyOfDocumentOwner(db, signer.userId) : null;
  return { name: signer.name, email: signer.email, company: company?.name ?? null };
}

/**
 * On submit, after the signer's values are saved: which fields of the document their conditions hide now (issue 37),
 * from every signer's values (`allFields`, the signer's own as saved in `fields`); the hidden fields of this signer
 * and of those finished lose their values (a hidden field keeps none: it is not stamped, nor in the API's values).
 * Answers the signer's fields as they now are and the hidden ids.
 */
export async function clearHiddenValues(
  db: Db,
  params: { fields: FieldRow[]; allFields: FieldRow[]; signerRows: SignerRow[]; signerId: string },
): Promise<{ fields: FieldRow[]; hidden: Set<string> }> {
  const own = new Map(params.fields.map((field) => [field.id, field]));
  const settled = new Set(params.signerRows.filter((row) => row.isFinished).map((row) => row.id)).add(params.signerId);
  const { hidden, changed } = await clearHiddenFieldValues(db, {
    fields: params.allFields.map((field) => own.get(field.id) ?? field),
    signerIds: settled,
  });
  return { fields: params.fields.map((field) => changed.get(field.id) ?? field), hidden };
}

/**
 * On submit, after the signer's values are saved: their attachment fields take their uploaded file's name (or none),
 * their locked name, e-mail and company fields take the signer's details, and each of their formula fields is
 * recomputed from the document's number fields (`allFields`, every signer's, a hidden field's value counting as
 * none). A formula value the signer sent that differs is refused; one not sent is written; a hidden field is left
 * without a value. Answers the signer's fields as they now are.
 */
export async function settleComputedValues(
  db: Db,
  params: {
    signer: SignerRow;
    fields: FieldRow[];
    allFields: FieldRow[];
    values: SignerFieldValue[];
    hidden?: ReadonlySet<string>;
  },
): Promise<FieldRow[]> {
  const own = new Map(params.fields.map((field) => [field.id, field]));
  const all = withoutHiddenValues(params.allFields.map((field) => own.get(field.id) ?? field));
  const sent = new Set(params.values.filter((value) => value.text !== undefined).map((value) => value.id));
  const computed = formulaTexts(all);
  let details: SignerDetails | undefined;
  // An attachment's value is its uploaded file's name, nothing else (a text set by other means does not count).
  const attached = params.fields.some((field) => FIELD_KINDS[field.type].rule === 'attachment')
    ? new Map((await listAttachments(db, params.fields[0]?.documentId ?? '')).map((row) => [row.fieldId, row.fileName]))
    : new Map<string, string>();
  for (const field of params.fields) {
    if (params.hidden?.has(field.id)) continue;
    const kind = FIELD_KINDS[field.type];
    let text: string | null | undefined;
    if (kind.rule === 'attachment') {
      text = attached.get(field.id) ?? null;
    } else if (kind.rule === 'formula') {
      const result = computed[field.id];
      if (!result || 'error' in result) throw invalid(field.id, MESSAGES.fieldFormulaInvalid);
      if (sent.has(field.id) && field.text !== null && field.text !== result.text) {
        throw invalid(field.id, MESSAGES.fieldFormulaMismatch);
      }
      text = result.text;
    } else if (kind.prefill && fieldSettings(field).locked && !field.text) {
      details ??= await signerDetails(db, params.signer);
      text = prefillText(field, details);
    }
    if (text === undefined || text === field.text) continue;
    const row = await updateField(db, field.id, { text });
    if (row) own.set(row.id, row);
  }
  return params.fields.map((field) => own.get(field.id) as FieldRow);
}
