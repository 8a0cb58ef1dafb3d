import { mails as de } from './de.js';
import { mails as es } from './es.js';
import { mails as fr } from './fr.js';
import { mails as it } from './it.js';
import { mails as ja } from './ja.js';
import type { Language } from './languages.js';
import { mails as nl } from './nl.js';
import { mails as pl } from './pl.js';
import { mails as pt } from './pt.js';
import type { SignerMailTexts } from './translations.js';
import { mails as zh } from './zh.js';

/**
 * The mails of every language, for the server (`@esign/shared/i18n/mails`; not in the package's index, so the web
 * app's bundle never carries them): English for every mail, and the mails a signer gets in each other language.
 */
export { mails as MAILS } from './en.js';

export const SIGNER_MAILS: Readonly<Record<Exclude<Language, 'en'>, SignerMailTexts>> = {
  de,
  fr,
  es,
  pt,
  it,
  nl,
  pl,
  ja,
  zh,
};
