import { LANGUAGES } from '@esign/shared';
import { en } from '@esign/shared/i18n/en';
import { afterAll, describe, expect, it } from 'vitest';
import { currentLanguage, setLanguage, t } from './index';

// Each language's keys and placeholders, web texts and mails, are checked in packages/shared/src/i18n/catalogue.test.ts.
const TRANSLATED = LANGUAGES.filter((language) => language !== 'en');

describe.each(TRANSLATED)('the %s catalogue', (language) => {
  it('is read through t() once chosen, with English for the spec messages', async () => {
    await setLanguage(language);
    expect(currentLanguage()).toBe(language);
    expect(t('signing.pageOf', { page: 2, count: 5 })).not.toBe(en.signing.pageOf.replace('{{page}}', '2'));
    expect(t('signing.fieldsLeft', { count: 5 })).toContain('5');
    expect(t('messages.somethingWentWrong')).toBe(en.messages.somethingWentWrong);
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
