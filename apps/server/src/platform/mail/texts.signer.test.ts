import { LANGUAGES } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import { en } from './texts.en.js';
import { SIGNER_MAIL_GROUPS, signerMailText } from './texts.js';
import { signerTexts } from './texts.signer.js';

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{(\w+)\}\}/g)]
    .map((match) => match[1])
    .sort()
    .join();

describe('the signer mails in ten languages', () => {
  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s has every key of the English signer mails, each with the same placeholders',
    (language) => {
      const table = signerTexts[language] as Record<string, Record<string, string> | undefined>;
      for (const group of SIGNER_MAIL_GROUPS) {
        for (const [name, text] of Object.entries(en[group])) {
          const translated = table[group]?.[name];
          expect(translated, `${language} ${group}.${name}`).toBeTypeOf('string');
          expect(placeholders(translated ?? ''), `${language} ${group}.${name}`).toBe(placeholders(text));
        }
      }
    },
  );

  it("reads a signer's mail in the document's language, English when it has none", () => {
    const values = { sender: 'Ada', title: 'Lease' };
    expect(signerMailText('de', 'signerInvitation.subject', values)).toBe(
      'Ada hat Ihnen „Lease“ zur Unterschrift gesendet',
    );
    expect(signerMailText('ja', 'completed.subject', { title: 'Lease' })).toBe('完了：Lease');
    expect(signerMailText(null, 'signerInvitation.subject', values)).toBe('Ada sent you "Lease" to sign');
    expect(signerMailText('en', 'signerInvitation.action')).toBe('Review and sign');
  });
});
