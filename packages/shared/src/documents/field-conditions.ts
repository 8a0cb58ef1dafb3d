import { FIELD_KINDS, type FieldSettings, type FieldType, fieldSettings, isFieldSigned } from './field-kinds.js';
import { formulaName } from './field-name.js';
import { parseFieldNumber } from './field-values.js';

/**
 * Conditions between fields (issue 37): a field with `settings.condition` is shown, and required, only while the
 * field it names (by `settings.name`, as formulas do, so the reference survives a copy that makes new ids) meets the
 * condition. A hidden field is not required, keeps no value, is not stamped and is not in the API's values. A
 * condition on a hidden field, or one caught in a cycle, is not met. Pure and small: the signer page loads it first.
 */

export const CONDITION_OPERATORS = [
  'checked',
  'unchecked',
  'equals',
  'notEquals',
  'above',
  'below',
  'notEmpty',
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

export interface FieldCondition {
  /** The controlling field's `settings.name` (matched as formulas match names: no case, spaces collapsed). */
  field: string;
  op: ConditionOperator;
  /** What `equals`, `notEquals`, `above` and `below` compare with. */
  value?: string | number | undefined;
}

export interface ConditionField {
  id: string;
  type: FieldType;
  settings?: FieldSettings | null;
  text?: string | null;
  checked?: boolean | null;
  requisiteId?: string | null;
}

/** The operators a condition on a field of this type may use (the editor's choice, checked by nothing else). */
export function conditionOperatorsFor(type: FieldType): readonly ConditionOperator[] {
  const kind = FIELD_KINDS[type];
  if (kind.value === 'checkbox') return ['checked', 'unchecked'];
  if (kind.rule === 'choice') return ['equals', 'notEquals', 'notEmpty'];
  if (kind.rule === 'number' || kind.rule === 'formula') return ['above', 'below', 'equals', 'notEquals', 'notEmpty'];
  if (kind.value === 'text') return ['notEmpty', 'equals', 'notEquals'];
  return ['notEmpty'];
}

/** The operators that compare with a value. */
export function conditionTakesValue(op: ConditionOperator): boolean {
  return op === 'equals' || op === 'notEquals' || op === 'above' || op === 'below';
}

/** The field a condition names: the first other field with that name, or null. */
export function conditionController<F extends ConditionField>(fields: readonly F[], field: F): F | null {
  const condition = fieldSettings(field).condition;
  if (!condition) return null;
  const name = formulaName(condition.field);
  return fields.find((other) => other.id !== field.id && formulaName(fieldSettings(other).name ?? '') === name) ?? null;
}

/** Whether the controlling field's value meets the condition. */
export function meetsCondition(controller: ConditionField, condition: FieldCondition): boolean {
  const text = (controller.text ?? '').trim();
  const isNumber = ['number', 'formula'].includes(FIELD_KINDS[controller.type].rule ?? '');
  const number = isNumber ? parseFieldNumber(text) : null;
  const target = condition.value === undefined ? null : String(condition.value).trim();
  const targetNumber = target === null ? null : parseFieldNumber(target);
  const equals = () =>
    target !== null &&
    (number !== null && targetNumber !== null ? number === targetNumber : text.toLowerCase() === target.toLowerCase());
  switch (condition.op) {
    case 'checked':
      return controller.checked === true;
    case 'unchecked':
      return controller.checked !== true;
    case 'notEmpty':
      return isFieldSigned(controller);
    case 'equals':
      return equals();
    case 'notEquals':
      return !equals();
    case 'above':
      return number !== null && targetNumber !== null && number > targetNumber;
    case 'below':
      return number !== null && targetNumber !== null && number < targetNumber;
  }
}

/**
 * The ids of the fields hidden by their conditions, given the fields with their current values: evaluated in
 * dependency order (a field whose controller is hidden is hidden), a condition naming no field, or caught in a
 * cycle, is not met.
 */
export function hiddenFieldIds(fields: readonly ConditionField[]): Set<string> {
  const visible = new Map<string, boolean>();
  const visiting = new Set<string>();
  const isVisible = (field: ConditionField): boolean => {
    const known = visible.get(field.id);
    if (known !== undefined) return known;
    const condition = fieldSettings(field).condition;
    if (!condition) return true;
    if (visiting.has(field.id)) return false;
    visiting.add(field.id);
    const controller = conditionController(fields, field);
    const shown = controller !== null && isVisible(controller) && meetsCondition(controller, condition);
    visiting.delete(field.id);
    visible.set(field.id, shown);
    return shown;
  };
  return new Set(fields.filter((field) => !isVisible(field)).map((field) => field.id));
}

/** The fields with every hidden field's value taken away (no text, unchecked, no signature). */
export function withoutHiddenValues<F extends ConditionField>(fields: readonly F[]): F[] {
  const hidden = hiddenFieldIds(fields);
  if (hidden.size === 0) return [...fields];
  return fields.map((field) =>
    hidden.has(field.id) ? { ...field, text: null, checked: false, requisiteId: null } : field,
  );
}

export type ConditionProblem = 'unknown' | 'cycle';

/**
 * Why the conditions cannot stand, by field index: a condition naming no other field (`unknown`), or fields whose
 * conditions lead back to themselves (`cycle`). Used by the editor as it is changed and by the server on save.
 */
export function conditionProblems(fields: readonly ConditionField[]): Map<number, ConditionProblem> {
  const problems = new Map<number, ConditionProblem>();
  fields.forEach((field, index) => {
    const condition = fieldSettings(field).condition;
    if (!condition) return;
    const ownName = fieldSettings(field).name;
    if (ownName && formulaName(ownName) === formulaName(condition.field)) {
      problems.set(index, 'cycle');
      return;
    }
    if (!conditionController(fields, field)) problems.set(index, 'unknown');
  });
  // Follow each chain; one that comes back to its start is a cycle.
  fields.forEach((field, index) => {
    if (problems.has(index)) return;
    const seen = new Set<string>([field.id]);
    let current: ConditionField | null = conditionController(fields, field);
    while (current) {
      if (current.id === field.id) {
        problems.set(index, 'cycle');
        return;
      }
      if (seen.has(current.id)) return;
      seen.add(current.id);
      current = conditionController(fields, current);
    }
  });
  return problems;
}
