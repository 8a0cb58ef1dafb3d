import { isLanguage, type Language, pickLanguage } from '@esign/shared';
import { useEffect } from 'react';
import { setLanguage } from './index';

const STORAGE_KEY = 'esign.language';

/**
 * The language the visitor chose with the switcher, else the one the document's sender chose for its signers, else
 * the first of the browser's languages we have.
 */
export function preferredLanguage(documentLanguage: Language | null = null): Language {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage may be off (a private window); the sender's and the browser's languages still count.
  }
  return documentLanguage ?? pickLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

/** Switches to `language` and remembers it for the next signer or form page. */
export function chooseLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembered, but still switched.
  }
  return setLanguage(language);
}

/**
 * The signer page and the public form page read in the visitor's language while they are shown (`documentLanguage`:
 * the sender's choice, once known); the pages behind a log-in are English only, so leaving goes back to English.
 */
export function usePageLanguage(documentLanguage: Language | null = null): void {
  useEffect(() => {
    void setLanguage(preferredLanguage(documentLanguage));
  }, [documentLanguage]);
  useEffect(
    () => () => {
      void setLanguage('en');
    },
    [],
  );
}
