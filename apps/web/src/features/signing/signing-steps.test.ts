import { blankField, type DocumentFieldResponse } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import { actionLabel, initialValues, stepsLeft, submission } from './signing-steps';

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
});
