import {
  type CalendarDate,
  DEFAULT_FIELD_DATE_FORMAT,
  type DocumentFieldResponse,
  FIELD_KINDS,
  formatFieldDate,
  isFieldSigned,
  requiredUnsignedFields,
  type SignerFieldValue,
} from '@esign/shared';

/** What the signer has filled in so far, by field id. */
export type FieldValues = Record<string, Omit<SignerFieldValue, 'id'>>;

/** A field with the signer's unsaved value on top, and its signed flag worked out again. */
export function withValue(field: DocumentFieldResponse, value: FieldValues[string] | undefined): DocumentFieldResponse {
  if (!value) return field;
  const merged = { ...field, ...value } as DocumentFieldResponse;
  return { ...merged, signed: isFieldSigned(merged) };
}

/** The signer's own fields; date fields without a value get today's date in their format. */
export function initialValues(fields: DocumentFieldResponse[], signerId: string, today: CalendarDate): FieldValues {
  const values: FieldValues = {};
  for (const field of fields) {
    if (field.signerId !== signerId) continue;
    if (FIELD_KINDS[field.type].value === 'date' && !field.text) {
      values[field.id] = { text: formatFieldDate(today, field.dateFormat ?? DEFAULT_FIELD_DATE_FORMAT) };
    }
    // A name, e-mail or company the server started with the signer's details is sent back as given (issue 37).
    if (FIELD_KINDS[field.type].prefill && field.text) values[field.id] = { text: field.text };
  }
  return values;
}

export function ownFields(fields: DocumentFieldResponse[], signerId: string, values: FieldValues) {
  return fields.filter((field) => field.signerId === signerId).map((field) => withValue(field, values[field.id]));
}

/** The steps left: the signer's required fields not signed yet, by page, then Y. */
export function stepsLeft(fields: DocumentFieldResponse[], signerId: string, values: FieldValues) {
  return requiredUnsignedFields(ownFields(fields, signerId, values));
}

export type ActionLabel = 'start' | 'next' | 'submit';

/** 'Start signing', then 'Next step', then 'Submit' once nothing required is left. */
export function actionLabel(hasStarted: boolean, left: number): ActionLabel {
  if (left === 0) return 'submit';
  return hasStarted ? 'next' : 'start';
}

/** What the sign call sends: every value the signer set on its own fields. */
export function submission(fields: DocumentFieldResponse[], signerId: string, values: FieldValues): SignerFieldValue[] {
  return fields
    .filter((field) => field.signerId === signerId && values[field.id] !== undefined)
    .map((field) => ({ id: field.id, ...values[field.id] }));
}

/** The signer's own fields in signing order (by page, then Y, then X): the steps' and the Tab key's order. */
export function inSigningOrder<F extends Pick<DocumentFieldResponse, 'pageNumber' | 'coordinateY' | 'coordinateX'>>(
  fields: F[],
): F[] {
  return [...fields].sort(
    (a, b) => a.pageNumber - b.pageNumber || a.coordinateY - b.coordinateY || a.coordinateX - b.coordinateX,
  );
}

/**
 * The step after `currentId`: the next required field not yet signed in signing order (wrapping round), or null
 * when every required field is signed (the signer submits).
 */
export function nextStep<F extends DocumentFieldResponse>(left: F[], ordered: F[], currentId: string | null): F | null {
  if (left.length === 0) return null;
  const position = ordered.findIndex((field) => field.id === currentId);
  const after = ordered.slice(position + 1).find((field) => left.some((step) => step.id === field.id));
  return after ?? left[0] ?? null;
}

/** The step before `currentId` in signing order, or null at the first. */
export function previousStep<F extends DocumentFieldResponse>(ordered: F[], currentId: string | null): F | null {
  const position = ordered.findIndex((field) => field.id === currentId);
  return position > 0 ? (ordered[position - 1] ?? null) : null;
}
