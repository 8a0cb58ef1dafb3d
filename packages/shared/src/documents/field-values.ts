import type { MessageKey } from '../validation/messages.js';
import { FIELD_KINDS, type FieldSettings, type FieldType, fieldSettings } from './field-kinds.js';

/**
 * The light half of a text value's rules (issue 37), safe for any page's first load: names, the sender's patterns, numbers,
 * the text printed for a value and the signer's own details a field starts with. What a value must be (with the phone
 * number metadata) is in `field-checks.ts`, loaded only where a value is checked; the formulas' values are in
 * `formula-values.ts`, loaded only where a document has a formula.
 */

/** A field's name, as formulas refer to it. */
export const FIELD_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_. ]*$/;

/** The longest value a signer may type into a text kind (the sender's own maximum may be lower). */
export const SIGNER_TEXT_MAX_LENGTH = 100;

export type ValueField = { type: FieldType; settings?: FieldSettings | null };

/** A problem with a value: the MESSAGES key, and the sender's own message for a custom pattern. */
export interface FieldValueProblem {
  key: MessageKey;
  /** The message to show: the sender's own for a custom pattern, otherwise MESSAGES[key]. */
  message: string;
}

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NUMBER = /^[-+]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/;
export const LETTERS = /^[\p{L}\p{M}\s'-]+$/u;

/**
 * Why a sender's regular expression cannot be used, or null: it must compile (as a Unicode expression) and must not
 * repeat a group that itself repeats or has alternatives, nor refer back to a group (the forms that can take
 * exponential time, run by the server against what signers type).
 */
export function customPatternProblem(pattern: string): string | null {
  if (pattern.length === 0 || pattern.length > 200) return 'length';
  try {
    new RegExp(pattern, 'u');
  } catch {
    return 'syntax';
  }
  if (/\\[1-9]|\\k</.test(pattern)) return 'backreference';
  // A group holding a quantifier or an alternative, itself quantified: (a+)+, (a|aa)*, (x{2,}){3}.
  if (/\((?:[^()\\]|\\.)*(?:[+*}]|\|)(?:[^()\\]|\\.)*\)\s*(?:[+*{]|\?(?!\?))/.test(pattern)) return 'nested';
  return null;
}

/** The number a number kind's text holds (a comma as the decimal sign too), or null. */
export function parseFieldNumber(text: string): number | null {
  const trimmed = text.trim().replace(/\s/g, '');
  if (!NUMBER.test(trimmed)) return null;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

export function decimalsOf(text: string): number {
  const match = /[.,](\d*)$/.exec(text.trim());
  return match ? (match[1] as string).length : 0;
}

/**
 * The options a multiselect's stored text holds (a JSON array of strings, see `choicesText`), or null when the text
 * is not one. An empty text holds none.
 */
export function parseChoicesText(text: string | null | undefined): string[] | null {
  if (!text?.trim()) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : null;
  } catch {
    return null;
  }
}

/**
 * The stored text of a multiselect's ticked options: a JSON array of them, in the order of the field's choices
 * (ticked options it does not have are kept last, for the check to refuse), each once; '' when none is ticked. A
 * JSON array because an option may hold any printable character (commas, bars, quotes).
 */
export function choicesText(field: ValueField, ticked: readonly string[]): string {
  const choices = fieldSettings(field).choices ?? [];
  const chosen = new Set(ticked);
  const ordered = [
    ...choices.filter((choice) => chosen.has(choice)),
    ...[...chosen].filter((c) => !choices.includes(c)),
  ];
  return ordered.length > 0 ? JSON.stringify(ordered) : '';
}

/**
 * The text printed for a value (in the sealed PDF and wherever it is shown read-only): a number or formula with its
 * prefix and suffix; a multiselect's ticked options separated by commas; any other value as stored (a phone number
 * in E.164, which reads the same everywhere).
 */
export function fieldDisplayText(field: ValueField & { text?: string | null }): string {
  const text = field.text ?? '';
  if (!text) return '';
  const rule = FIELD_KINDS[field.type].rule;
  if (rule === 'choices') return (parseChoicesText(text) ?? [text]).join(', ');
  if (rule === 'number' || rule === 'formula') {
    const settings = fieldSettings(field);
    return `${settings.prefix ?? ''}${text}${settings.suffix ?? ''}`;
  }
  return text;
}

/** The signer's details a name, e-mail or company field starts with. */
export interface SignerDetails {
  name?: string | null;
  email?: string | null;
  company?: string | null;
}

/** The text a field of the signer's starts with, from their details, or null. */
export function prefillText(field: ValueField, details: SignerDetails): string | null {
  const prefill = FIELD_KINDS[field.type].prefill;
  if (!prefill) return null;
  const value = details[prefill]?.trim();
  return value ? value.slice(0, SIGNER_TEXT_MAX_LENGTH) : null;
}
