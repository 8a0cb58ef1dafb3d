import { describe, expect, it } from 'vitest';
import type { FieldCondition } from './field-conditions.js';
import {
  conditionOperatorsFor,
  conditionProblems,
  hiddenFieldIds,
  meetsCondition,
  withoutHiddenValues,
} from './field-conditions.js';
import type { FieldType } from './field-kinds.js';

type Spec = { type?: FieldType; name?: string; condition?: FieldCondition; text?: string; checked?: boolean };
const make = (id: string, spec: Spec = {}) => ({
  id,
  type: spec.type ?? 'text',
  settings: { ...(spec.name ? { name: spec.name } : {}), ...(spec.condition ? { condition: spec.condition } : {}) },
  text: spec.text ?? null,
  checked: spec.checked ?? false,
  requisiteId: null,
});

describe('field conditions', () => {
  it('shows a field while a checkbox is ticked, hides it while not', () => {
    const when = { field: 'Agree', op: 'checked' } as const;
    const hidden = (checked: boolean) =>
      hiddenFieldIds([make('a', { type: 'checkbox', name: 'agree', checked }), make('b', { condition: when })]);
    expect(hidden(true)).toEqual(new Set());
    expect(hidden(false)).toEqual(new Set(['b']));
  });

  it('compares choices without case, numbers as numbers, and texts for being filled', () => {
    const choice = make('c', { type: 'dropdown', name: 'plan', text: 'Pro' });
    expect(meetsCondition(choice, { field: 'plan', op: 'equals', value: 'pro' })).toBe(true);
    expect(meetsCondition(choice, { field: 'plan', op: 'notEquals', value: 'Basic' })).toBe(true);
    const number = make('n', { type: 'number', name: 'qty', text: '12,5' });
    expect(meetsCondition(number, { field: 'qty', op: 'above', value: 10 })).toBe(true);
    expect(meetsCondition(number, { field: 'qty', op: 'below', value: '10' })).toBe(false);
    expect(meetsCondition(number, { field: 'qty', op: 'equals', value: '12.50' })).toBe(true);
    expect(meetsCondition(make('e', { type: 'number' }), { field: 'qty', op: 'below', value: 10 })).toBe(false);
    expect(meetsCondition(make('t', { text: ' ' }), { field: 't', op: 'notEmpty' })).toBe(false);
    expect(meetsCondition(make('t', { text: 'x' }), { field: 't', op: 'notEmpty' })).toBe(true);
    expect(meetsCondition(make('k', { type: 'checkbox' }), { field: 'k', op: 'unchecked' })).toBe(true);
  });

  it('hides a field whose controller is hidden, along a chain', () => {
    const fields = [
      make('a', { type: 'checkbox', name: 'a', checked: false }),
      make('b', { type: 'text', name: 'b', text: 'filled', condition: { field: 'a', op: 'checked' } }),
      make('c', { condition: { field: 'B', op: 'notEmpty' } }),
      make('d', { condition: { field: 'a', op: 'unchecked' } }),
    ];
    expect(hiddenFieldIds(fields)).toEqual(new Set(['b', 'c']));
    const ticked = fields.map((field) => (field.id === 'a' ? { ...field, checked: true } : field));
    expect(hiddenFieldIds(ticked)).toEqual(new Set(['d']));
  });

  it('takes away hidden fields’ values only', () => {
    const fields = [
      make('a', { type: 'checkbox', name: 'a' }),
      make('b', { text: 'kept?', condition: { field: 'a', op: 'checked' } }),
      make('c', { text: 'kept' }),
    ];
    const out = withoutHiddenValues(fields);
    expect(out.map((field) => field.text)).toEqual([null, null, 'kept']);
  });

  it('finds cycles, self references and unknown names; a cycle hides its fields', () => {
    const fields = [
      make('a', { name: 'a', text: 'x', condition: { field: 'b', op: 'notEmpty' } }),
      make('b', { name: 'b', text: 'x', condition: { field: 'a', op: 'notEmpty' } }),
      make('c', { name: 'c', condition: { field: 'c', op: 'notEmpty' } }),
      make('d', { condition: { field: 'nobody', op: 'notEmpty' } }),
      make('e', { condition: { field: 'a', op: 'notEmpty' } }),
      make('f', { name: 'f' }),
    ];
    expect(conditionProblems(fields)).toEqual(
      new Map([
        [0, 'cycle'],
        [1, 'cycle'],
        [2, 'cycle'],
        [3, 'unknown'],
      ]),
    );
    expect(hiddenFieldIds(fields)).toEqual(new Set(['a', 'b', 'c', 'd', 'e']));
    expect(
      conditionProblems([make('x', { name: 'x' }), make('y', { condition: { field: 'X', op: 'notEmpty' } })]).size,
    ).toBe(0);
  });

  it('offers the operators that fit the controlling field', () => {
    expect(conditionOperatorsFor('checkbox')).toEqual(['checked', 'unchecked']);
    expect(conditionOperatorsFor('radio')).toContain('equals');
    expect(conditionOperatorsFor('number')).toContain('above');
    expect(conditionOperatorsFor('text')).toContain('notEmpty');
    expect(conditionOperatorsFor('signature')).toEqual(['notEmpty']);
  });
});
