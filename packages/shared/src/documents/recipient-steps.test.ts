import { describe, expect, it } from 'vitest';
import {
  canOwnFields,
  compactSteps,
  everyoneHasActed,
  type RecipientRole,
  recipientsNewlyOnTurn,
  recipientsOnTurn,
} from './recipient-steps.js';

interface Row {
  id: string;
  order: number;
  step?: number | null;
  recipientRole?: RecipientRole;
  isPreparer: boolean;
  isFinished: boolean;
}
const row = (id: string, order: number, extra: Partial<Row> = {}): Row => ({
  id,
  order,
  isPreparer: false,
  isFinished: false,
  ...extra,
});
const ids = (rows: Row[]) => rows.map((r) => r.id);
const ordered = { isOrdered: true };
const unordered = { isOrdered: false };

describe('who may act now', () => {
  it('keeps the strict order of documents without steps: one recipient at a time, by order', () => {
    const rows = [row('me', -1, { isPreparer: true }), row('a', 1), row('b', 2), row('c', 3)];
    expect(ids(recipientsOnTurn(ordered, rows))).toEqual(['a']);
    rows[1] = { ...(rows[1] as Row), isFinished: true };
    expect(ids(recipientsOnTurn(ordered, rows))).toEqual(['b']);
  });

  it('lets everyone unfinished act in an unordered document, whatever their steps', () => {
    const rows = [row('a', 1, { step: 1 }), row('b', 2, { step: 2, recipientRole: 'approver' }), row('c', 3)];
    expect(ids(recipientsOnTurn(unordered, rows))).toEqual(['a', 'b', 'c']);
  });

  it('lets every recipient of the current step act, in any order, and no one of a later step', () => {
    const rows = [row('lawyer', 1, { step: 1 }), row('d1', 2, { step: 2 }), row('d2', 3, { step: 2 }), row('x', 4)];
    expect(ids(recipientsOnTurn(ordered, rows))).toEqual(['lawyer']);
    const afterLawyer = rows.map((r) => (r.id === 'lawyer' ? { ...r, isFinished: true } : r));
    expect(ids(recipientsOnTurn(ordered, afterLawyer))).toEqual(['d1', 'd2']);
    const afterD2 = afterLawyer.map((r) => (r.id === 'd2' ? { ...r, isFinished: true } : r));
    expect(ids(recipientsOnTurn(ordered, afterD2))).toEqual(['d1']);
  });

  it('never gives a cc or the preparer a turn', () => {
    const rows = [row('me', -1, { isPreparer: true }), row('cc', 1, { step: 1, recipientRole: 'cc' }), row('a', 2)];
    expect(ids(recipientsOnTurn(ordered, rows))).toEqual(['a']);
    expect(ids(recipientsOnTurn(unordered, rows))).toEqual(['a']);
  });

  it('makes the order wait for an approver and a viewer as for a signer', () => {
    const rows = [
      row('approver', 1, { step: 1, recipientRole: 'approver' }),
      row('viewer', 2, { step: 1, recipientRole: 'viewer' }),
      row('signer', 3, { step: 2 }),
    ];
    expect(ids(recipientsOnTurn(ordered, rows))).toEqual(['approver', 'viewer']);
  });
});

describe('whose turn begins when one acts', () => {
  const rows = [row('a', 1, { step: 1 }), row('b', 2, { step: 1 }), row('c', 3, { step: 2 }), row('d', 4, { step: 2 })];

  it('starts nobody while another recipient of the step still has to act', () => {
    expect(recipientsNewlyOnTurn(ordered, rows, 'a')).toEqual([]);
  });

  it('starts the whole next step when the last of the current one acts', () => {
    const afterA = rows.map((r) => (r.id === 'a' ? { ...r, isFinished: true } : r));
    expect(ids(recipientsNewlyOnTurn(ordered, afterA, 'b'))).toEqual(['c', 'd']);
  });

  it('starts nobody in an unordered document (all were invited at once)', () => {
    expect(recipientsNewlyOnTurn(unordered, rows, 'a')).toEqual([]);
  });

  it('skips a cc when the next step holds only a cc', () => {
    const withCc = [row('a', 1), row('cc', 2, { recipientRole: 'cc' }), row('b', 3)];
    expect(ids(recipientsNewlyOnTurn(ordered, withCc, 'a'))).toEqual(['b']);
  });
});

describe('completion and fields', () => {
  it('completes when every participant acted, a cc aside', () => {
    expect(everyoneHasActed([row('a', 1, { isFinished: true }), row('cc', 2, { recipientRole: 'cc' })])).toBe(true);
    expect(everyoneHasActed([row('a', 1, { isFinished: true }), row('v', 2, { recipientRole: 'viewer' })])).toBe(false);
  });

  it('lets only signers own fields', () => {
    expect(canOwnFields(undefined)).toBe(true);
    expect(canOwnFields('signer')).toBe(true);
    expect(canOwnFields('approver')).toBe(false);
    expect(canOwnFields('viewer')).toBe(false);
    expect(canOwnFields('cc')).toBe(false);
  });

  it('numbers steps from 1 without gaps, a line with none taking its position', () => {
    expect(compactSteps([1, 3, 3, 7])).toEqual([1, 2, 2, 3]);
    expect(compactSteps([null, null, null])).toEqual([1, 2, 3]);
    expect(compactSteps([2, 2, 1])).toEqual([2, 2, 1]);
  });
});
