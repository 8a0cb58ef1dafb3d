import {
  type DocumentFieldResponse,
  FIELD_KINDS,
  formulaTexts,
  hiddenFieldIds,
  withoutHiddenValues,
} from '@esign/shared';
import { type FieldValues, withValue } from './signing-steps';

// The rules between a document's fields (issue 37): formulas and conditions. Loaded by the signer page only when its
// document has a formula or a condition (useFieldLogic): the parser and the conditions stay off the first load of
// every other document.

/**
 * The values with the signer's formula fields computed from the number fields as they now are (the signer's typed
 * values over the document's given ones, a field its condition hides counting as empty); a formula that cannot be
 * computed has no value (issue 37). The server computes the same on submit and refuses a different value.
 */
export function withFormulas(fields: DocumentFieldResponse[], signerId: string, values: FieldValues): FieldValues {
  const own = fields.filter((field) => field.signerId === signerId && FIELD_KINDS[field.type].rule === 'formula');
  if (own.length === 0) return values;
  const computed = formulaTexts(withoutHiddenValues(fields.map((field) => withValue(field, values[field.id]))));
  const next = { ...values };
  for (const field of own) {
    const result = computed[field.id];
    next[field.id] = { text: result && 'text' in result ? result.text : null };
  }
  return next;
}

/**
 * The fields shown as the signer fills them in: a field whose condition is not met is hidden (issue 37), with its
 * step, and its value is not sent (the server keeps none for it).
 */
export function shownFields(fields: DocumentFieldResponse[], values: FieldValues): DocumentFieldResponse[] {
  const hidden = hiddenFieldIds(fields.map((field) => withValue(field, values[field.id])));
  return hidden.size === 0 ? fields : fields.filter((field) => !hidden.has(field.id));
}
