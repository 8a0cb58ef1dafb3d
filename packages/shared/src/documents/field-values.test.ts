import { describe, expect, it } from 'vitest';
import { documentField } from '../contracts/documents.js';
import { MESSAGES } from '../validation/messages.js';
import { checkFieldText, normalizeFieldText } from './field-checks.js';
import { blankField, FIELD_KINDS, type FieldSettings, type FieldType } from './field-kinds.js';
import { customPatternProblem, fieldDisplayText, parseFieldNumber, prefillText } from './field-values.js';
import { formatFormulaValue, formulaTexts } from './formula-values.js';

const id = '00000000-0000-4000-8000-000000000001';
const field = (type: FieldType, settings: FieldSettings | null = null) => ({ type, settings });
const problemOf = (type: FieldType, text: string, settings: FieldSettings | null = null) =>
  checkFieldText(field(type, settings), normalizeFieldText(field(type, settings), text))?.message ?? null;

describe('field values (issue 37)', () => {
  it('keeps the first five kinds exactly as they were: same value, stamp and sizes, text printed as stored', () => {
    expect(
      Object.fromEntries(
        (['signature', 'initials', 'date', 'text', 'checkbox'] as const).map((type) => {
          const { value, stamp, defaultSize, minSize, isSquare, hasFont } = FIELD_KINDS[type];
          return [type, { value, stamp, defaultSize, minSize, isSquare, hasFont }];
        }),
      ),
    ).toEqual({
      signature: {
        value: 'image',
        stamp: 'image',
        defaultSize: { width: 110, height: 25 },
        minSize: { width: 15, height: 15 },
        isSquare: false,
        hasFont: false,
      },
      initials: {
        value: 'image',
        stamp: 'image',
        defaultSize: { width: 110, height: 25 },
        minSize: { width: 15, height: 15 },
        isSquare: false,
        hasFont: false,
      },
      date: {
        value: 'date',
        stamp: 'text',
        defaultSize: { width: 119, height: 33 },
        minSize: { width: 50, height: 20 },
        isSquare: false,
        hasFont: true,
      },
      text: {
        value: 'text',
        stamp: 'text',
        defaultSize: { width: 56.25, height: 18 },
        minSize: { width: 15, height: 15 },
        isSquare: false,
        hasFont: true,
      },
      checkbox: {
        value: 'checkbox',
        stamp: 'checkbox',
        defaultSize: { width: 25, height: 25 },
        minSize: { width: 10, height: 10 },
        isSquare: true,
        hasFont: false,
      },
    });
    for (const type of ['date', 'text'] as const) {
      expect(fieldDisplayText({ type, settings: null, text: '  12,5 \n x ' })).toBe('  12,5 \n x ');
    }
    // A text without the sender's rules takes any text up to 100 characters, as before.
    expect(problemOf('text', '  anything at all ✓ ')).toBeNull();
    expect(blankField({ id, type: 'text' }).settings).toBeNull();
  });

  it('reads numbers with a dot or a comma, and checks bounds and decimals', () => {
    expect(parseFieldNumber(' 1 234,5 ')).toBe(1234.5);
    expect(parseFieldNumber('-.5')).toBe(-0.5);
    expect(parseFieldNumber('1e5')).toBeNull();
    expect(parseFieldNumber('12a')).toBeNull();
    expect(normalizeFieldText(field('number'), ' 12,50 ')).toBe('12.50');
    expect(problemOf('number', 'abc')).toBe(MESSAGES.fieldNumberInvalid);
    expect(problemOf('number', '4', { min: 5 })).toBe(MESSAGES.fieldNumberTooSmall);
    expect(problemOf('number', '6', { max: 5 })).toBe(MESSAGES.fieldNumberTooLarge);
    expect(problemOf('number', '5.123', { decimals: 2 })).toBe(MESSAGES.fieldNumberDecimals);
    expect(problemOf('number', '5', { decimals: 0, min: 5, max: 5 })).toBeNull();
    expect(fieldDisplayText({ type: 'number', settings: { prefix: '$', suffix: ' USD' }, text: '12.5' })).toBe(
      '$12.5 USD',
    );
  });

  it('checks e-mail addresses, web addresses, choices and phone numbers (kept in E.164)', () => {
    expect(problemOf('email', 'a@b.co')).toBeNull();
    expect(problemOf('email', 'a@b')).toBe(MESSAGES.invalidEmail);
    expect(problemOf('url', 'http://example.com/x?y=1')).toBeNull();
    expect(problemOf('url', 'ftp://example.com')).toBe(MESSAGES.invalidUrl);
    expect(problemOf('url', 'https://localhost')).toBe(MESSAGES.invalidUrl);
    expect(problemOf('dropdown', 'B', { choices: ['A', 'B'] })).toBeNull();
    expect(problemOf('radio', 'C', { choices: ['A', 'B'] })).toBe(MESSAGES.fieldChoiceInvalid);
    expect(problemOf('dropdown', 'A')).toBe(MESSAGES.fieldChoiceInvalid);
    expect(normalizeFieldText(field('phone', { country: 'DE' }), '030 901820')).toBe('+4930901820');
    expect(normalizeFieldText(field('phone'), '+44 20 7946 0958')).toBe('+442079460958');
    expect(problemOf('phone', '030 901820')).toBe(MESSAGES.fieldPhoneInvalid);
    expect(problemOf('phone', '030 901820', { country: 'DE' })).toBeNull();
    expect(problemOf('phone', '+1 202 555')).toBe(MESSAGES.fieldPhoneInvalid);
  });

  it("applies the sender's rules: lengths, presets and a custom pattern with its message", () => {
    expect(problemOf('text', 'ab', { minLength: 3 })).toBe(MESSAGES.fieldTooShort);
    expect(problemOf('text', 'abcd', { maxLength: 3 })).toBe(MESSAGES.fieldTooLong);
    expect(problemOf('name', 'Zoë-Ann O’Neil')).toBeNull();
    expect(problemOf('text', 'Zoë-Ann', { pattern: 'letters' })).toBeNull();
    expect(problemOf('text', 'R2D2', { pattern: 'letters' })).toBe(MESSAGES.fieldLettersOnly);
    expect(problemOf('text', '12.5', { pattern: 'number' })).toBeNull();
    expect(problemOf('company', 'x@y', { pattern: 'email' })).toBe(MESSAGES.invalidEmail);
    const custom: FieldSettings = { pattern: 'custom', customPattern: '\\d{5}', patternMessage: 'Five digits please' };
    expect(problemOf('text', '12345', custom)).toBeNull();
    expect(problemOf('text', '123456', custom)).toBe('Five digits please');
    expect(problemOf('text', 'x', { ...custom, patternMessage: undefined })).toBe(MESSAGES.fieldPatternMismatch);
    // A kind without validation settings ignores stray ones.
    expect(problemOf('url', 'https://a.example', { minLength: 50 })).toBeNull();
  });

  it('refuses a custom pattern that does not compile or could take exponential time', () => {
    expect(customPatternProblem('[A-Z]{2}\\d+')).toBeNull();
    expect(customPatternProblem('(ab)?c')).toBeNull();
    expect(customPatternProblem('(')).toBe('syntax');
    expect(customPatternProblem('(a+)+$')).toBe('nested');
    expect(customPatternProblem('(a|aa)*')).toBe('nested');
    expect(customPatternProblem('(x{2,}){3}')).toBe('nested');
    expect(customPatternProblem('(a)\\1')).toBe('backreference');
    expect(customPatternProblem('')).toBe('length');
    const parsed = documentField.safeParse({
      ...blankField({ id, type: 'text' }),
      settings: { pattern: 'custom', customPattern: '(a+)+$' },
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(MESSAGES.fieldPatternInvalid);
  });

  it('holds the settings to their shapes in the contract', () => {
    const parse = (settings: unknown, type: FieldType = 'number') =>
      documentField.safeParse({ ...blankField({ id, type }), settings });
    expect(parse({ min: 1, max: 2, decimals: 2, prefix: '$', name: 'unit price' }).success).toBe(true);
    expect(parse({ min: 3, max: 2 }).error?.issues[0]?.message).toBe(MESSAGES.fieldRangeInvalid);
    expect(parse({ decimals: 7 }).success).toBe(false);
    expect(parse({ name: '1abc' }).error?.issues[0]?.message).toBe(MESSAGES.fieldNameInvalid);
    expect(parse({ choices: ['A', ' '] }, 'dropdown').success).toBe(false);
    expect(parse({ country: 'gb' }, 'phone').success).toBe(false);
    expect(parse(null).success).toBe(true);
  });

  it('computes every formula field from the number fields by name, to its decimals, errors as errors', () => {
    const fields = [
      { id: 'a', type: 'number' as const, text: '2.5', settings: { name: 'Unit Price' } },
      { id: 'b', type: 'number' as const, text: null, settings: { name: 'qty' } },
      { id: 'c', type: 'number' as const, text: '4', settings: { name: 'qty2' } },
      {
        id: 'f1',
        type: 'formula' as const,
        text: null,
        settings: { name: 'sub', formula: '{unit price} * (qty + qty2)' },
      },
      { id: 'f2', type: 'formula' as const, text: null, settings: { formula: 'round(sub / 3, 1)', decimals: 1 } },
      { id: 'f3', type: 'formula' as const, text: null, settings: { formula: 'missing + 1' } },
      { id: 'f4', type: 'formula' as const, text: null, settings: { name: 'x', formula: 'y' } },
      { id: 'f5', type: 'formula' as const, text: null, settings: { name: 'y', formula: 'x' } },
    ];
    const result = formulaTexts(fields);
    expect(result.f1).toEqual({ text: '10.00' });
    expect(result.f2).toEqual({ text: '3.3' });
    expect(result.f3 && 'error' in result.f3 && result.f3.error.code).toBe('unknownReference');
    expect(result.f4 && 'error' in result.f4 && result.f4.error.code).toBe('cycle');
    expect(formulaTexts([{ id: 'n', type: 'number', text: '1', settings: null }])).toEqual({});
    expect(formatFormulaValue(-0.001, 2)).toBe('0.00');
    expect(formatFormulaValue(1.005, 2)).toBe('1.01');
    expect(formatFormulaValue(-2.5, 0)).toBe('-3');
  });

  it("starts name, e-mail and company fields with the signer's details", () => {
    const details = { name: ' Ada Lovelace ', email: 'ada@example.com', company: null };
    expect(prefillText(field('name'), details)).toBe('Ada Lovelace');
    expect(prefillText(field('email'), details)).toBe('ada@example.com');
    expect(prefillText(field('company'), details)).toBeNull();
    expect(prefillText(field('text'), details)).toBeNull();
  });
});
