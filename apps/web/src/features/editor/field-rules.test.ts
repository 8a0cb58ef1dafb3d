import type { Signer } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import {
  avoidStacking,
  copyField,
  createField,
  fieldsById,
  firstUnsignedOwnField,
  reassignField,
  sameFieldSets,
} from './field-rules';

const today = { year: 2026, month: 3, day: 7 };
const page = { width: 612, height: 792 };
const signer = (patch: Partial<Signer>): Signer => ({
  id: '00000000-0000-4000-8000-000000000001',
  userId: null,
  name: 'Ann',
  email: 'ann@example.com',
  role: null,
  order: 1,
  recipientRole: 'signer',
  step: 1,
  isPreparer: false,
  isFinished: false,
  ...patch,
});
const preparer = signer({ id: '00000000-0000-4000-8000-00000000000a', order: -1, isPreparer: true });
const other = signer({});
const make = (type: 'date' | 'checkbox' | 'text' | 'signature', who: Signer | null) =>
  createField({ id: crypto.randomUUID(), type, pageNumber: 1, center: { x: 300, y: 400 }, page, signer: who, today });

describe('field rules', () => {
  it('creates a field of the default size centred on the point', () => {
    const field = make('signature', other);
    expect(field).toMatchObject({ width: 110, height: 25, coordinateX: 245, coordinateY: 387.5, required: true });
    expect(field.fontFamily).toBeNull();
    expect(make('text', other)).toMatchObject({ fontFamily: 'arial', fontSize: 14 });
  });

  it("checks a preparer's checkbox and fills a preparer's date on creation", () => {
    expect(make('checkbox', preparer).checked).toBe(true);
    expect(make('checkbox', other).checked).toBe(false);
    expect(make('date', preparer).text).toBe('03/07/2026');
    expect(make('date', other).text).toBeNull();
  });

  it('keeps a new field inside the page near an edge', () => {
    const field = createField({
      id: crypto.randomUUID(),
      type: 'date',
      pageNumber: 1,
      center: { x: 605, y: 2 },
      page,
      signer: null,
      today,
    });
    expect(field).toMatchObject({ coordinateX: 612 - 119, coordinateY: 0 });
  });

  it('clears the values when a preparer field goes to another signer', () => {
    const date = { ...make('date', preparer), requisiteId: null };
    const checkbox = make('checkbox', preparer);
    expect(reassignField(date, preparer, other, today)).toMatchObject({ signerId: other.id, text: null });
    expect(reassignField(checkbox, preparer, other, today).checked).toBe(false);
    const signature = { ...make('signature', preparer), requisiteId: '00000000-0000-4000-8000-0000000000ff' };
    expect(reassignField(signature, preparer, null, today)).toMatchObject({ signerId: null, requisiteId: null });
  });

  it('fills the date in its own format and checks the checkbox when a field goes to the preparer', () => {
    const date = { ...make('date', other), dateFormat: 'DD/MM/YY' as const };
    expect(reassignField(date, other, preparer, today).text).toBe('07/03/26');
    expect(reassignField(make('checkbox', null), null, preparer, today).checked).toBe(true);
    const text = { ...make('text', other), text: 'kept' };
    expect(reassignField(text, other, signer({ id: '00000000-0000-4000-8000-000000000002' }), today).text).toBe('kept');
  });

  it('copies a field under a new id on another page', () => {
    const field = make('text', other);
    const copy = copyField(field, 'copy-id', 3, { x: 100, y: 100 }, page);
    expect(copy).toMatchObject({
      ...field,
      id: 'copy-id',
      pageNumber: 3,
      coordinateX: 100 - 56.25 / 2,
      coordinateY: 91,
    });
  });

  it('compares field sets regardless of order and of the server-only signed flag', () => {
    const a = make('text', other);
    const b = make('checkbox', other);
    expect(sameFieldSets(fieldsById([a, b]), fieldsById([{ ...b, signed: false } as typeof b, a]))).toBe(true);
    expect(sameFieldSets(fieldsById([a, b]), fieldsById([a, { ...b, checked: true }]))).toBe(false);
    expect(sameFieldSets(fieldsById([a]), fieldsById([a, b]))).toBe(false);
  });
});

describe('avoidStacking', () => {
  it('moves a field dropped onto another one just below it', () => {
    // Cause: only fields added by a click were moved aside, and only when their corners matched exactly; a field
    // dropped onto another (or added where a moved one now overlaps) piled up on it.
    const first = make('signature', other);
    const dropped = { ...make('text', other), id: 'dropped', coordinateX: first.coordinateX + 10 };
    const placed = avoidStacking(dropped, [first], page);
    expect(placed.coordinateY).toBe(first.coordinateY + first.height + 4);
    expect(placed.coordinateX).toBe(first.coordinateX + 10);
    const apart = { ...dropped, coordinateY: 10 };
    expect(avoidStacking(apart, [first], page)).toBe(apart);
  });

  it("finds the preparer's first unsigned required field, in page order", () => {
    // Cause: 'Sign every required field assigned to you before sending' named no field; the editor now takes the
    // sender to this one.
    const lower = { ...make('signature', preparer), id: 'lower', coordinateY: 600 };
    const upper = { ...make('signature', preparer), id: 'upper', coordinateY: 100 };
    const onPage2 = { ...make('signature', preparer), id: 'p2', pageNumber: 2, coordinateY: 0 };
    const signed = { ...make('text', preparer), id: 'signed', coordinateY: 0, text: 'Approved' };
    const others = { ...make('signature', other), id: 'theirs', coordinateY: 0 };
    expect(firstUnsignedOwnField([onPage2, lower, upper, signed, others], preparer.id)?.id).toBe('upper');
    expect(firstUnsignedOwnField([others], preparer.id)).toBeUndefined();
  });

  it('moves a new field below one that starts at the same point, and keeps it on the page', () => {
    const first = make('text', other);
    const second = { ...make('text', other), id: 'second' };
    const placed = avoidStacking(second, [first], page);
    expect(placed.coordinateY).toBe(first.coordinateY + first.height + 4);
    const third = avoidStacking({ ...second, id: 'third' }, [first, placed], page);
    expect(third.coordinateY).toBe(placed.coordinateY + first.height + 4);
    const atBottom = { ...first, coordinateY: page.height - first.height };
    expect(avoidStacking({ ...atBottom, id: 'x' }, [atBottom], page).coordinateY).toBe(0);
  });
});
