import { blankField, type DocumentFieldResponse } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import { shownFields, withFormulas } from './field-logic';
import { touchTarget } from './SignerField';
import {
  actionLabel,
  initialValues,
  inSigningOrder,
  nextStep,
  previousStep,
  stepsLeft,
  submission,
} from './signing-steps';

const me = '00000000-0000-4000-8000-000000000001';
const other = '00000000-0000-4000-8000-000000000002';

function field(id: string, { signed = false, ...extra }: Partial<DocumentFieldResponse>): DocumentFieldResponse {
  const values = { id, type: 'text', width: 50, height: 20, signerId: me, fontFamily: null, fontSize: null } as const;
  return { ...blankField({ ...values, ...extra }), signed };
}

describe('signing steps', () => {
  const fields = [
    field('date', { type: 'date', dateFormat: 'DD/MM/YY', pageNumber: 2 }),
    field('text', { coordinateY: 300 }),
    field('box', { type: 'checkbox', coordinateY: 10 }),
    field('theirs', { signerId: other }),
  ];

  it('fills dates with today in their format and steps through the rest by page, then Y', () => {
    const values = initialValues(fields, me, { year: 2030, month: 3, day: 9 });
    expect(values).toEqual({ date: { text: '09/03/30' } });
    expect(stepsLeft(fields, me, values).map((step) => step.id)).toEqual(['box', 'text']);
    const done = { ...values, box: { checked: true }, text: { text: 'Main street' } };
    expect(stepsLeft(fields, me, done)).toEqual([]);
    expect(submission(fields, me, done)).toEqual([
      { id: 'date', text: '09/03/30' },
      { id: 'text', text: 'Main street' },
      { id: 'box', checked: true },
    ]);
  });

  it('labels the button Start signing, Next step, then Submit', () => {
    expect(actionLabel(false, 3)).toBe('start');
    expect(actionLabel(true, 2)).toBe('next');
    expect(actionLabel(true, 0)).toBe('submit');
    expect(actionLabel(false, 0)).toBe('submit');
  });

  it('goes through the steps in signing order, forward to the next unsigned required field, back one by one', () => {
    const ordered = inSigningOrder(fields.filter((f) => f.signerId === me));
    expect(ordered.map((f) => f.id)).toEqual(['box', 'text', 'date']);
    const left = [ordered[0], ordered[2]].filter((f) => f !== undefined);
    expect(nextStep(left, ordered, null)?.id).toBe('box');
    expect(nextStep(left, ordered, 'box')?.id).toBe('date');
    // Wraps round to a field skipped earlier.
    expect(nextStep(left, ordered, 'date')?.id).toBe('box');
    expect(nextStep([], ordered, 'box')).toBeNull();
    expect(previousStep(ordered, 'date')?.id).toBe('text');
    expect(previousStep(ordered, 'box')).toBeNull();
  });

  it('gives every field a touch target of at least 44 x 44 CSS px, centred on the field', () => {
    // Cause: fields were exactly their size on the page: at 375 px a checkbox was 8 x 8 px and a signature box 14 px
    // tall, far under the 44 px a finger needs.
    const small = touchTarget({ coordinateX: 100, coordinateY: 100, width: 15, height: 15 }, 0.56);
    expect(small.width).toBe(44);
    expect(small.height).toBe(44);
    expect(small.left + small.width / 2).toBeCloseTo((100 + 7.5) * 0.56);
    const large = touchTarget({ coordinateX: 0, coordinateY: 0, width: 200, height: 100 }, 1);
    expect(large).toEqual({ left: 0, top: 0, width: 200, height: 100 });
  });
});

describe('conditions on the signer page', () => {
  const fields = [
    field('agree', { type: 'checkbox', required: false, settings: { name: 'Agree' } }),
    field('qty', { type: 'number', settings: { name: 'qty', condition: { field: 'agree', op: 'checked' } } }),
    field('total', { type: 'formula', settings: { formula: 'qty * 2' } }),
  ];

  it('hides a field and its step until the field it hangs on meets the condition, and sends no value for it', () => {
    const typed = { qty: { text: '4' } };
    const off = withFormulas(fields, me, typed);
    const hidden = shownFields(fields, off);
    expect(hidden.map((shown) => shown.id)).toEqual(['agree', 'total']);
    // The hidden number counts as empty in the formula.
    expect(off.total).toEqual({ text: '0.00' });
    expect(stepsLeft(hidden, me, off).map((step) => step.id)).toEqual([]);
    expect(submission(hidden, me, off)).toEqual([{ id: 'total', text: '0.00' }]);

    const on = withFormulas(fields, me, { ...typed, agree: { checked: true } });
    expect(shownFields(fields, on).map((shown) => shown.id)).toEqual(['agree', 'qty', 'total']);
    expect(on.total).toEqual({ text: '8.00' });
  });
});
