import type { Language } from './languages.js';
import type { Translations } from './translations.js';

/**
 * The registration of each language's web texts: one dynamic import per language, so the browser's bundler makes
 * each its own chunk, loaded when a page switches to it (the web app's `setLanguage`). A new language is its file
 * (./de.ts is one), its code in `LANGUAGES`, a line here and a line in ./mails.ts.
 */
export const TRANSLATION_LOADERS: Readonly<Record<Exclude<Language, 'en'>, () => Promise<Translations>>> = {
  de: () => import('./de.js').then(({ default: table }) => table),
  fr: () => import('./fr.js').then(({ default: table }) => table),
  es: () => import('./es.js').then(({ default: table }) => table),
  pt: () => import('./pt.js').then(({ default: table }) => table),
  it: () => import('./it.js').then(({ default: table }) => table),
  nl: () => import('./nl.js').then(({ default: table }) => table),
  pl: () => import('./pl.js').then(({ default: table }) => table),
  ja: () => import('./ja.js').then(({ default: table }) => table),
  zh: () => import('./zh.js').then(({ default: table }) => table),
};
