import { LANGUAGES } from '@esign/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { en } from './en';
import { currentLanguage, setLanguage, t } from './index';

/** Every text of a table by its dotted key. */
function texts(table: unknown, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(table as Record<string, unknown>)) {
    if (typeof value === 'string') found.set(`${prefix}${key}`, value);
    else for (const [inner, text] of texts(value, `${prefix}${key}.`)) found.set(inner, text);
  }
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

// The spec's exact sentences (`messages`) stay English in every language (translations.ts).
const { messages: _spec, ...translatable } = en;
const SOURCE = texts(translatable);
const TRANSLATED = LANGUAGES.filter((language) => language !== 'en');

describe.each(TRANSLATED)('the %s catalogue', (language) => {
  it('has every English key, each with the same placeholders', async () => {
    const table = texts((await import(`./locales/${language}.ts`)).default);
    const missing = [...SOURCE.keys()].filter((key) => !table.has(key));
    expect(missing, `keys missing in ${language}`).toEqual([]);
    const wrongPlaceholders = [...SOURCE].filter(
      ([key, text]) => placeholders(table.get(key) ?? '').join() !== placeholders(text).join(),
    );
    expect(
      wrongPlaceholders.map(([key]) => key),
      `placeholders differ in ${language}`,
    ).toEqual([]);
  });

  it('has no key English lacks but plural variants', async () => {
    const table = texts((await import(`./locales/${language}.ts`)).default);
    const pluralBase = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '_other');
    expect([...table.keys()].filter((key) => !SOURCE.has(key) && !SOURCE.has(pluralBase(key)))).toEqual([]);
  });

  it('is read through t() once chosen, with English for the spec messages', async () => {
    await setLanguage(language);
    expect(currentLanguage()).toBe(language);
    expect(t('signing.pageOf', { page: 2, count: 5 })).not.toBe(en.signing.pageOf.replace('{{page}}', '2'));
    expect(t('signing.fieldsLeft', { count: 5 })).toContain('5');
    expect(t('messages.invalidEmail')).toBe(en.messages.invalidEmail);
  });
});

describe('choosing a language', () => {
  afterAll(() => setLanguage('en'));

  it('translates the signer page into German and back', async () => {
    await setLanguage('de');
    expect(t('signing.startSigning')).toBe('Unterschreiben beginnen');
    expect(t('signing.fieldsLeft', { count: 1 })).toBe('Noch 1 Feld');
    await setLanguage('en');
    expect(t('signing.startSigning')).toBe('Start signing');
  });

  it('picks Polish plural forms, with `_other` when a form is missing', async () => {
    await setLanguage('pl');
    expect(t('signing.fieldsLeft', { count: 2 })).toMatch(/^Pozostały 2 pola$/);
    expect(t('signing.fieldsLeft', { count: 5 })).toMatch(/^Pozostało 5 pól$/);
  });
});
