import rosetta from 'rosetta';
import { en } from './en';
import type { enApp } from './en-app';

/**
 * The app's text, by dotted key (`signing.fieldsLeft`). English is the only catalogue so far; another language is
 * one more table of the same shape. rosetta looks keys up and fills `{{name}}` placeholders; a key with `_one` /
 * `_other` variants picks one by the `count` value under the language's plural rules. (i18next did this at 17 KB
 * gzipped on every page's first load; the signer page's budget is 150 KB in all.)
 */
const LOCALE = 'en';
// A copy: adding the app's texts (rosetta merges into the table it holds) must not change `en` itself.
const catalogue = rosetta<Record<string, unknown>>({ [LOCALE]: { ...en } });
catalogue.locale(LOCALE);

let appTexts: Promise<void> | undefined;
/**
 * Adds the texts of the pages behind a log-in and of the account pages (./en-app.ts) to the catalogue, once: every
 * page that uses them loads them with its code (app/pages.ts), so a signer's link and a public form's page, which
 * need only ./en.ts, do not carry them.
 */
export function loadAppTexts(): Promise<void> {
  appTexts ??= import('./en-app').then(({ enApp }) => {
    catalogue.set(LOCALE, enApp);
  });
  return appTexts;
}
const pluralRules = new Intl.PluralRules(LOCALE);

/** Dotted paths to every text of a catalogue. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type PluralBase<Key extends string> = Key extends `${infer Base}_${Intl.LDMLPluralRule}` ? Base : Key;

export type TranslationKey = PluralBase<Leaves<typeof en & typeof enApp>>;
export type TranslationValues = Record<string, string | number>;

function hasText(key: string): boolean {
  return catalogue.t(key) !== '';
}

/** The text of `key` with its placeholders filled; an unknown key is returned as it is, so it shows up. */
export function t(key: TranslationKey, values?: TranslationValues): string {
  const count = values?.count;
  const plural = typeof count === 'number' ? `${key}_${pluralRules.select(count)}` : null;
  const found = plural !== null && hasText(plural) ? plural : key;
  const text = catalogue.t(found, values);
  return text === '' ? key : text;
}

export type Translate = typeof t;

/** The translator for components (one language for now, so it never changes). */
export function useTranslation(): { t: Translate } {
  return TRANSLATION;
}
const TRANSLATION = { t };
