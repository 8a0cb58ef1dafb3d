import { FIELD_KINDS, fieldSettings } from './field-kinds.js';
import { parseFieldNumber, type ValueField } from './field-values.js';
import { evaluateFormulas, FormulaError, formulaName, roundTo } from './formula.js';

/**
 * The formulas' values (issue 37), with their parser: apart from `field-values.ts`, so a page loads them only when a
 * document has a formula.
 */

type FormulaField = ValueField & { id: string; text?: string | null };

/**
 * The value of every formula field of a document, by field id, as text (rounded to its decimals, 2 when unset),
 * from the number fields' current texts (an empty or unreadable number counts as 0); formulas may read other
 * formulas. A formula that cannot be computed (a syntax error, an unknown name, a cycle, a division by zero) is an
 * `error` instead.
 */
export function formulaTexts(
  fields: readonly FormulaField[],
): Record<string, { text: string } | { error: FormulaError }> {
  const formulaFields = fields.filter((field) => FIELD_KINDS[field.type].rule === 'formula');
  if (formulaFields.length === 0) return {};
  const numbers: Record<string, number | null> = {};
  const formulas: Record<string, string> = {};
  for (const field of fields) {
    const name = fieldSettings(field).name;
    if (!name) continue;
    const rule = FIELD_KINDS[field.type].rule;
    if (rule === 'number') numbers[formulaName(name)] = parseFieldNumber(field.text ?? '');
    if (rule === 'formula') formulas[formulaName(name)] = fieldSettings(field).formula ?? '';
  }
  const out: Record<string, { text: string } | { error: FormulaError }> = {};
  for (const field of formulaFields) {
    const settings = fieldSettings(field);
    // A formula without a name of its own is computed under its id (nothing can refer to it).
    const name = settings.name ? formulaName(settings.name) : `#${field.id}`;
    try {
      const [value] = Object.values(
        evaluateFormulas({ ...formulas, [name]: settings.formula ?? '' }, numbers, [name]),
      ) as [number];
      out[field.id] = { text: formatFormulaValue(value, settings.decimals ?? 2) };
    } catch (error) {
      if (!(error instanceof FormulaError)) throw error;
      out[field.id] = { error };
    }
  }
  return out;
}

/** A computed value as text: rounded half away from zero to `decimals`, no exponent, no minus zero. */
export function formatFormulaValue(value: number, decimals: number): string {
  const text = roundTo(Math.abs(value), decimals).toFixed(decimals);
  return value < 0 && Number(text) !== 0 ? `-${text}` : text;
}
