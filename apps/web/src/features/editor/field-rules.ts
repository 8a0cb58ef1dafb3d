import {
  blankField,
  type CalendarDate,
  DEFAULT_FIELD_DATE_FORMAT,
  type DocumentField,
  FIELD_KEYS,
  FIELD_KINDS,
  type FieldType,
  formatFieldDate,
  isFieldSigned,
  pickField,
  type Signer,
} from '@esign/shared';
import type { FieldsById } from './history';

/**
 * A new field of a type, centred on a point of a page (PDF points), assigned to a signer: a blank field of its
 * type's default size, filled as a preparer's own field starts (`preparerValue`).
 */
export function createField(input: {
  id: string;
  type: FieldType;
  pageNumber: number;
  center: { x: number; y: number };
  page: { width: number; height: number };
  signer: Signer | null;
  today: CalendarDate;
}): DocumentField {
  const size = FIELD_KINDS[input.type].defaultSize;
  const field = blankField({
    id: input.id,
    type: input.type,
    pageNumber: input.pageNumber,
    ...clampToPage({ x: input.center.x - size.width / 2, y: input.center.y - size.height / 2, ...size }, input.page),
    signerId: input.signer?.id ?? null,
  });
  return input.signer?.isPreparer === true ? preparerValue(field, input.today) : field;
}

/** A preparer's own field starts filled where it can (spec section 4): a date with today's date, a box checked. */
function preparerValue(field: DocumentField, today: CalendarDate): DocumentField {
  switch (FIELD_KINDS[field.type].value) {
    case 'date':
      return { ...field, text: formatFieldDate(today, field.dateFormat ?? DEFAULT_FIELD_DATE_FORMAT) };
    case 'checkbox':
      return { ...field, checked: true };
    case 'image':
    case 'text':
      return field;
  }
}

/** The question above a field's signers: who ticks a box, who fills in anything else. */
export function assignQuestion(type: FieldType): 'editor.whoChecks' | 'editor.whoFills' {
  return FIELD_KINDS[type].value === 'checkbox' ? 'editor.whoChecks' : 'editor.whoFills';
}

/** Keeps a box inside its page: the top-left corner moves, the size stays (a box larger than the page sits at 0). */
export function clampToPage(
  box: { x: number; y: number; width: number; height: number },
  page: { width: number; height: number },
): { coordinateX: number; coordinateY: number } {
  return {
    coordinateX: Math.max(0, Math.min(box.x, page.width - box.width)),
    coordinateY: Math.max(0, Math.min(box.y, page.height - box.height)),
  };
}

/**
 * Reassigns a field (spec section 4): from the preparer to someone else clears the values; from someone else to
 * the preparer gives a date field today's date and checks a checkbox.
 */
export function reassignField(
  field: DocumentField,
  from: Signer | null,
  to: Signer | null,
  today: CalendarDate,
): DocumentField {
  const next: DocumentField = { ...field, signerId: to?.id ?? null };
  const wasPreparer = from?.isPreparer === true;
  const isPreparer = to?.isPreparer === true;
  if (wasPreparer && !isPreparer) {
    return { ...next, text: null, checked: false, requisiteId: null };
  }
  if (!wasPreparer && isPreparer) return preparerValue(next, today);
  return next;
}

/** A copy of a field under a new id, centred on a point of a page. */
export function copyField(
  field: DocumentField,
  id: string,
  pageNumber: number,
  center: { x: number; y: number },
  page: { width: number; height: number },
): DocumentField {
  return {
    ...field,
    id,
    pageNumber,
    ...clampToPage(
      { x: center.x - field.width / 2, y: center.y - field.height / 2, width: field.width, height: field.height },
      page,
    ),
  };
}

/** The fields as the server takes them: a stable order, so equal sets compare equal. */
export function fieldList(fields: FieldsById): DocumentField[] {
  return Object.values(fields).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export function sameFieldSets(a: FieldsById, b: FieldsById): boolean {
  if (a === b) return true;
  const listA = fieldList(a);
  const listB = fieldList(b);
  return (
    listA.length === listB.length &&
    listA.every((field, index) => {
      const other = listB[index];
      return other !== undefined && FIELD_KEYS.every((key) => sameValue(field[key], other[key]));
    })
  );
}

/** Equal values of a field's key; the settings object by content, whatever order its keys come in. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  }
  const keysA = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const keysB = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  return (
    keysA.length === keysB.length &&
    keysA.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

export function fieldsById(fields: readonly DocumentField[]): FieldsById {
  // As a request holds them: the server's answer adds `signed`, which is not ours to send.
  return Object.fromEntries(fields.map((field) => [field.id, pickField(field)]));
}

/**
 * A new field that would cover a field of its page moves just below that field (wrapping to the top at the
 * page's end), so clicking a field type twice or dropping a field onto another never piles them up.
 */
export function avoidStacking(
  field: DocumentField,
  others: readonly DocumentField[],
  page: { width: number; height: number },
): DocumentField {
  let candidate = field;
  for (let attempt = 0; attempt < 40; attempt++) {
    const blocker = others.find(
      (other) => other.id !== candidate.id && other.pageNumber === candidate.pageNumber && overlaps(other, candidate),
    );
    if (blocker === undefined) return candidate;
    const below = blocker.coordinateY + blocker.height + 4;
    candidate = { ...candidate, coordinateY: below + candidate.height > page.height ? 0 : below };
  }
  return candidate;
}

function overlaps(a: DocumentField, b: DocumentField): boolean {
  return (
    a.coordinateX < b.coordinateX + b.width &&
    b.coordinateX < a.coordinateX + a.width &&
    a.coordinateY < b.coordinateY + b.height &&
    b.coordinateY < a.coordinateY + a.height
  );
}

/** The preparer's first required field still unsigned, in page order: where the sender is taken to sign. */
export function firstUnsignedOwnField(
  fields: readonly DocumentField[],
  preparerId: string | null,
): DocumentField | undefined {
  return fields
    .filter((field) => field.signerId !== null && field.signerId === preparerId && field.required)
    .filter((field) => !isFieldSigned(field))
    .sort((a, b) => a.pageNumber - b.pageNumber || a.coordinateY - b.coordinateY || a.coordinateX - b.coordinateX)[0];
}
