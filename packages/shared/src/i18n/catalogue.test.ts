import { describe, expect, it } from 'vitest';
import { en, mails as englishMails } from './en.js';
import { LANGUAGES } from './languages.js';
import { TRANSLATION_LOADERS } from './loaders.js';
import { SIGNER_MAILS } from './mails.js';
import { SIGNER_MAIL_GROUPS } from './translations.js';

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
const SIGNER_MAIL_SOURCE = texts(Object.fromEntries(SIGNER_MAIL_GROUPS.map((group) => [group, englishMails[group]])));
const TRANSLATED = LANGUAGES.filter((language) => language !== 'en');

describe.each(TRANSLATED)('the %s catalogue', (language) => {
  it('has every English key, each with the same placeholders', async () => {
    const table = texts(await TRANSLATION_LOADERS[language]());
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
    const table = texts(await TRANSLATION_LOADERS[language]());
    const pluralBase = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '_other');
    expect([...table.keys()].filter((key) => !SOURCE.has(key) && !SOURCE.has(pluralBase(key)))).toEqual([]);
  });

  it('has every key of the English signer mails, each with the same placeholders, and no other', () => {
    const table = texts(SIGNER_MAILS[language]);
    for (const [key, text] of SIGNER_MAIL_SOURCE) {
      expect(table.get(key), `${language} mail ${key}`).toBeTypeOf('string');
      expect(placeholders(table.get(key) ?? '').join(), `${language} mail ${key}`).toBe(placeholders(text).join());
    }
    expect([...table.keys()].filter((key) => !SIGNER_MAIL_SOURCE.has(key))).toEqual([]);
  });
});
