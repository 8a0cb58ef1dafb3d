import { conditionController, type DocumentField, fieldSettings } from '@esign/shared';
import type { FieldsById } from './history';

/**
 * After a change of the fields, the conditions that named a field the change renamed follow its new name, and those
 * that named a field the change removed (or left without a name) are taken away, in the same change: one undo brings
 * both back. The server would refuse a condition naming no field, and auto-save with it.
 */
export function followConditions(before: FieldsById, after: FieldsById): FieldsById {
  if (before === after) return after;
  const oldFields = Object.values(before);
  const newFields = Object.values(after);
  let next: Record<string, DocumentField> | null = null;
  for (const field of newFields) {
    const condition = fieldSettings(field).condition;
    if (!condition || conditionController(newFields, field)) continue;
    const previous = before[field.id];
    const controller = previous ? conditionController(oldFields, previous) : null;
    if (!controller) continue;
    const renamed = after[controller.id] ? fieldSettings(after[controller.id] as DocumentField).name : undefined;
    const { condition: _dropped, ...rest } = fieldSettings(field);
    const settings = renamed ? { ...rest, condition: { ...condition, field: renamed } } : rest;
    next ??= { ...after };
    next[field.id] = { ...field, settings: Object.keys(settings).length > 0 ? settings : null };
  }
  return next ?? after;
}
