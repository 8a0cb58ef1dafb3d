import { describe, expect, it } from 'vitest';
import { fieldSettingsSchema } from '../contracts/documents.js';
import { requisitesBody } from '../contracts/requisites.js';
import { MESSAGES } from '../validation/messages.js';
import { checkFieldText, normalizeFieldText } from './field-checks.js';
import { FIELD_KINDS, type FieldSettings } from './field-kinds.js';
import { choicesText, fieldDisplayText, parseChoicesText } from './field-values.js';
import { isPostcode, POSTCODE_COUNTRIES } from './postcodes.js';

const choices = ['Basic, with VAT', 'Pro | Team', 'Say "hi"', 'Audit'];
const multiselect = (settings: FieldSettings = {}) => ({
  type: 'multiselect' as const,
  settings: { choices, ...settings },
});
const problemOf = (text: string, settings: FieldSettings = {}) => {
  const field = multiselect(settings);
  return checkFieldText(field, normalizeFieldText(field, text))?.message ?? null;
};

describe('a multiselect (issue 37)', () => {
  it('is a text kind ticked as a group of checkboxes, printed as text', () => {
    expect(FIELD_KINDS.multiselect).toMatchObject({ value: 'text', rule: 'choices', input: 'checks', stamp: 'text' });
    expect(FIELD_KINDS.multiselect.settings).toEqual(['name', 'choices', 'choiceCount', 'locked']);
  });

  it('stores the ticks as a JSON array in the order of the choices, each once; none as an empty text', () => {
    const field = multiselect();
    expect(choicesText(field, ['Audit', 'Say "hi"', 'Audit'])).toBe('["Say \\"hi\\"","Audit"]');
    expect(choicesText(field, [])).toBe('');
    expect(normalizeFieldText(field, ' ["Audit","Basic, with VAT"] ')).toBe('["Basic, with VAT","Audit"]');
    expect(normalizeFieldText(field, '[]')).toBe('');
    expect(parseChoicesText('["Pro | Team"]')).toEqual(['Pro | Team']);
    expect(parseChoicesText('')).toEqual([]);
    expect(parseChoicesText('Audit')).toBeNull();
    expect(parseChoicesText('[1,2]')).toBeNull();
    expect(parseChoicesText('{"a":1}')).toBeNull();
  });

  it('prints the ticked options separated by commas', () => {
    expect(fieldDisplayText({ ...multiselect(), text: '["Pro | Team","Audit"]' })).toBe('Pro | Team, Audit');
    expect(fieldDisplayText({ ...multiselect(), text: null })).toBe('');
  });

  it('takes only listed options, as many as its minimum and maximum allow', () => {
    const settings = { minChoices: 2, maxChoices: 3 };
    expect(problemOf('["Audit","Pro | Team"]', settings)).toBeNull();
    expect(problemOf('["Audit","Pro | Team","Say \\"hi\\""]', settings)).toBeNull();
    expect(problemOf('["Audit"]', settings)).toBe(MESSAGES.fieldChoicesTooFew);
    expect(problemOf(JSON.stringify(choices), settings)).toBe(MESSAGES.fieldChoicesTooMany);
    expect(problemOf('["Audit","Gold"]')).toBe(MESSAGES.fieldChoicesInvalid);
    expect(problemOf('Audit, Pro')).toBe(MESSAGES.fieldChoicesInvalid);
    // Nothing ticked is left to `required`, whatever the minimum.
    expect(problemOf('[]', settings)).toBeNull();
    // Long options are fine: the 100-character limit of typed values is not a multiselect's.
    const long = ['a'.repeat(100), 'b'.repeat(100)];
    const field = { type: 'multiselect' as const, settings: { choices: long } };
    expect(checkFieldText(field, JSON.stringify(long))).toBeNull();
  });

  it('refuses a minimum above the maximum', () => {
    expect(fieldSettingsSchema.safeParse({ minChoices: 3, maxChoices: 2 }).success).toBe(false);
    expect(fieldSettingsSchema.safeParse({ minChoices: 2, maxChoices: 2 }).success).toBe(true);
  });
});

describe('a stamp (issue 37)', () => {
  it('is a saved picture of its own kind, square-ish', () => {
    expect(FIELD_KINDS.stamp).toMatchObject({ value: 'image', requisiteType: 'stamp', stamp: 'image' });
    expect(FIELD_KINDS.stamp.defaultSize.width).toBe(FIELD_KINDS.stamp.defaultSize.height);
  });

  it('is saved alone and only as an uploaded image; signatures stay a pair', () => {
    const image = 'iVBORw0KGgo=';
    const ok = (requisites: object[]) => requisitesBody.safeParse({ requisites }).success;
    expect(ok([{ type: 'stamp', valueType: 'upload', image }])).toBe(true);
    expect(ok([{ type: 'stamp', valueType: 'draw', image }])).toBe(false);
    expect(ok([{ type: 'sign', valueType: 'upload', image }])).toBe(false);
    expect(
      ok([
        { type: 'sign', valueType: 'upload', image },
        { type: 'stamp', valueType: 'upload', image },
      ]),
    ).toBe(false);
    expect(
      ok([
        { type: 'sign', valueType: 'upload', image },
        { type: 'initial', valueType: 'upload', image },
      ]),
    ).toBe(true);
  });
});

describe('the postcode preset (issue 37)', () => {
  const good: Record<string, string[]> = {
    US: ['90210', '10001-1234'],
    GB: ['SW1A 1AA', 'EC1A1BB', 'm1 1ae', 'GIR 0AA'],
    FR: ['75008', '75 008'],
    DE: ['10115'],
    NL: ['1012 AB', '1012ab'],
    ES: ['28013', '52001'],
    IT: ['00184'],
    CA: ['K1A 0B1', 'h2x1y4'],
    AU: ['2000'],
    IN: ['110001', '560 001'],
    BR: ['01310-100', '01310100'],
    JP: ['100-0001', '1000001'],
    PL: ['00-950'],
    SE: ['114 55', '11455'],
    CH: ['8001'],
    BE: ['1000'],
    AT: ['1010'],
    IE: ['D02 AF30', 'A65F4E2', 'D6W 1234'],
    PT: ['1000-001'],
    DK: ['1050'],
    NO: ['0150'],
    FI: ['00100'],
  };
  const bad: Record<string, string[]> = {
    US: ['9021', '902101', 'ABCDE'],
    GB: ['12345', 'SW1A', 'QW1 1AA'],
    NL: ['0123 AB', '1012 SA', '1012'],
    ES: ['53001', '2801'],
    CA: ['D1A 0B1', '12345'],
    PL: ['00950'],
    PT: ['1000'],
    IE: ['B02 AF30'],
    JP: ['100-001'],
  };

  it('knows at least the countries asked for', () => {
    expect(POSTCODE_COUNTRIES).toEqual(expect.arrayContaining(Object.keys(good)));
  });

  it.each(Object.entries(good))('%s takes its postcodes', (country, codes) => {
    for (const code of codes) expect([code, isPostcode(country, code)]).toEqual([code, true]);
  });

  it.each(Object.entries(bad))('%s refuses what is not one', (country, codes) => {
    for (const code of codes) expect([code, isPostcode(country, code)]).toEqual([code, false]);
  });

  it("checks a text field with the preset against its country, with the preset's message", () => {
    const field = (postcodeCountry?: 'GB' | 'DE') => ({
      type: 'text' as const,
      settings: { pattern: 'postcode' as const, ...(postcodeCountry ? { postcodeCountry } : {}) },
    });
    expect(checkFieldText(field('GB'), 'SW1A 1AA')).toBeNull();
    expect(checkFieldText(field('DE'), 'SW1A 1AA')?.message).toBe(MESSAGES.fieldPostcodeInvalid);
    expect(checkFieldText(field(), 'anything')).toBeNull();
    expect(fieldSettingsSchema.safeParse({ pattern: 'postcode', postcodeCountry: 'XX' }).success).toBe(false);
  });
});
