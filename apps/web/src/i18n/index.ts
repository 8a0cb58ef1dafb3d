import { type Language, TRANSLATION_LOADERS, type Translations } from '@esign/shared';
import type { en } from '@esign/shared/i18n/en';
import { enSigner } from '@esign/shared/i18n/en-signer';
import { useSyncExternalStore } from 'react';
import rosetta from 'rosetta';
import type { enApp } from './en-app';
import { addMessageKeys } from './translate-message';

/**
 * The app's text, by dotted key (`signing.fieldsLeft`). English is the source: what a signer, a public form's
 * visitor and a logged-out visitor see is in each language's catalogue with the mails (`packages/shared/src/i18n`:
 * en.ts and nine translations, one lazily loaded chunk each, so no page's first load carries them), and the texts of
 * the pages behind a log-in are English only (./en-app.ts). rosetta looks keys up and fills `{{name}}`
 * placeholders; a key with `_one` / `_few` / `_other` variants picks one by the `count` value under the language's
 * plural rules. A text a language lacks (the spec's `messages`, the app pages' texts) is read in English.
 * (i18next did this at 17 KB gzipped on every page's first load; the signer page's budget is 150 KB in all.)
 */
const SOURCE: Language = 'en';
// A copy: adding the app's texts (rosetta merges into the table it holds) must not change `en` itself.
const catalogue = rosetta<Record<string, unknown>>({ [SOURCE]: { ...enSigner } });
catalogue.locale(SOURCE);

let publicTexts: Promise<void> | undefined;
/**
 * Adds the English texts of the logged-out pages besides the signer's (sign-up, log-in, a public form, the verify
 * page: `@esign/shared/i18n/en-public`) to the catalogue, once; those pages load them with their code
 * (app/pages.ts, app/public-pages.ts), so a signer's link, which needs only `enSigner`, does not carry them.
 */
export function loadPublicTexts(): Promise<void> {
  publicTexts ??= import('@esign/shared/i18n/en-public').then(({ enPublic }) => {
    catalogue.set(SOURCE, enPublic);
    addMessageKeys(enPublic.messages);
  });
  return publicTexts;
}

let appTexts: Promise<void> | undefined;
/**
 * Adds the texts of the pages behind a log-in and of the account pages (./en-app.ts) to the catalogue, once, with
 * the logged-out pages' (loadPublicTexts): every page that uses them loads them with its code (app/pages.ts), so a
 * signer's link and a public form's page do not carry them.
 */
export function loadAppTexts(): Promise<void> {
  appTexts ??= Promise.all([
    loadPublicTexts(),
    import('./en-app').then(({ enApp }) => {
      catalogue.set(SOURCE, enApp);
    }),
  ]).then(() => undefined);
  return appTexts;
}

const loaded = new Set<Language>([SOURCE]);

let language: Language = SOURCE;
let pluralRules = new Intl.PluralRules(SOURCE);
const listeners = new Set<() => void>();

/** The language texts are read in now. */
export function currentLanguage(): Language {
  return language;
}

/** Loads a language's texts (once) and reads every text in it from now on; `<html lang>` follows. */
export async function setLanguage(next: Language): Promise<void> {
  if (!loaded.has(next) && next !== 'en') {
    const table = await TRANSLATION_LOADERS[next]();
    catalogue.set(next, { ...table });
    loaded.add(next);
  }
  language = next;
  pluralRules = new Intl.PluralRules(next);
  catalogue.locale(next);
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  for (const listener of listeners) listener();
}

/** Dotted paths to every text of a catalogue. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type PluralBase<Key extends string> = Key extends `${infer Base}_${Intl.LDMLPluralRule}` ? Base : Key;

export type TranslationKey = PluralBase<Leaves<typeof en & typeof enApp>>;
export type TranslationValues = Record<string, string | number>;

/** The text at `key` in the current language, else in English; '' when neither has it. */
function lookUp(key: string, values?: TranslationValues): string {
  const text = catalogue.t(key, values);
  return text !== '' || language === SOURCE ? text : catalogue.t(key, values, SOURCE);
}

/** The text of `key` with its placeholders filled; an unknown key is returned as it is, so it shows up. */
export function t(key: TranslationKey, values?: TranslationValues): string {
  const count = values?.count;
  if (typeof count === 'number') {
    const text = lookUp(`${key}_${pluralRules.select(count)}`, values) || lookUp(`${key}_other`, values);
    if (text !== '') return text;
  }
  const text = lookUp(key, values);
  return text === '' ? key : text;
}

export type Translate = typeof t;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const TRANSLATIONS = new Map<Language, { t: Translate; language: Language }>();
function translationOf(current: Language) {
  let found = TRANSLATIONS.get(current);
  if (!found) {
    // A new function per language, so memoised callbacks that depend on `t` follow a switch.
    found = { t: (key, values) => t(key, values), language: current };
    TRANSLATIONS.set(current, found);
  }
  return found;
}

/** The translator for components; they render again when the language changes. */
export function useTranslation(): { t: Translate; language: Language } {
  const current = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  return translationOf(current);
}
export type { Translations };
