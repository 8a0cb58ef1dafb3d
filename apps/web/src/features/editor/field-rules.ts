import {
  DEFAULT_FIELD_DATE_FORMAT,
  DEFAULT_TEXT_FONT,
  type DocumentField,
  FIELD_KINDS,
  type FieldType,
  FONT_SIZE,
  formatFieldDate,
  type Signer,
} from '@esign/shared';
import type { FieldsById } from './history';

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export function calendarDate(date: Date): CalendarDate {
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/** Text and date fields carry a font; the others do not. */
export const hasFont = (type: FieldType) => type === 'text' || type === 'date';

/**
 * A new field of a type, centred on a point of a page (PDF points), assigned to a signer. A preparer's checkbox
 * starts checked and a preparer's date starts with today's date (spec section 4).
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
  const isPreparer = input.signer?.isPreparer === true;
  const dateFormat = input.type === 'date' ? DEFAULT_FIELD_DATE_FORMAT : null;
  return {
    id: input.id,
    type: input.type,
    pageNumber: input.pageNumber,
    ...clampToPage({ x: input.center.x - size.width / 2, y: input.center.y - size.height / 2, ...size }, input.page),
    width: size.width,
    height: size.height,
    signerId: input.signer?.id ?? null,
    required: true,
    checked: input.type === 'checkbox' && isPreparer,
    text: input.type === 'date' && isPreparer ? formatFieldDate(input.today, DEFAULT_FIELD_DATE_FORMAT) : null,
    placeholder: null,
    dateFormat,
    fontFamily: hasFont(input.type) ? DEFAULT_TEXT_FONT : null,
    fontSize: hasFont(input.type) ? FONT_SIZE.default : null,
    requisiteId: null,
  };
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
  if (!wasPreparer && isPreparer) {
    if (field.type === 'date') {
      return { ...next, text: formatFieldDate(today, field.dateFormat ?? DEFAULT_FIELD_DATE_FORMAT) };
    }
    if (field.type === 'checkbox') return { ...next, checked: true };
  }
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

const FIELD_KEYS: readonly (keyof DocumentField)[] = [
  'id',
  'type',
  'pageNumber',
  'coordinateX',
  'coordinateY',
  'width',
  'height',
  'signerId',
  'required',
  'checked',
  'text',
  'placeholder',
  'dateFormat',
  'fontFamily',
  'fontSize',
  'requisiteId',
];

/** The fields as a request holds them (the server's answer adds `signed`, which is not ours to send). */
export function toFieldInput(field: DocumentField): DocumentField {
  const input = {} as Record<keyof DocumentField, unknown>;
  for (const key of FIELD_KEYS) input[key] = field[key];
  return input as DocumentField;
}

export function sameFieldSets(a: FieldsById, b: FieldsById): boolean {
  if (a === b) return true;
  const listA = fieldList(a);
  const listB = fieldList(b);
  return (
    listA.length === listB.length &&
    listA.every((field, index) => {
      const other = listB[index];
      return other !== undefined && FIELD_KEYS.every((key) => field[key] === other[key]);
    })
  );
}

export function fieldsById(fields: readonly DocumentField[]): FieldsById {
  return Object.fromEntries(fields.map((field) => [field.id, toFieldInput(field)]));
}

/**
 * A new field placed where another field of the page already starts moves down (then wraps to the top) by its
 * own height, so clicking a field type twice does not stack two fields exactly on each other.
 */
export function avoidStacking(
  field: DocumentField,
  others: readonly DocumentField[],
  page: { width: number; height: number },
): DocumentField {
  const step = field.height + 4;
  let candidate = field;
  for (let attempt = 0; attempt < 20; attempt++) {
    const isTaken = others.some(
      (other) =>
        other.pageNumber === candidate.pageNumber &&
        Math.abs(other.coordinateX - candidate.coordinateX) < 1 &&
        Math.abs(other.coordinateY - candidate.coordinateY) < 1,
    );
    if (!isTaken) return candidate;
    const below = candidate.coordinateY + step;
    candidate = { ...candidate, coordinateY: below + candidate.height > page.height ? 0 : below };
  }
  return candidate;
}
