import { LANGUAGES, SIGNER_MAIL_GROUPS } from '@esign/shared';
import { MAILS } from '@esign/shared/i18n/mails';
import { describe, expect, it } from 'vitest';
import { type MailTextKey, mailText, signerMailText } from './texts.js';

/** Every placeholder filled with its own name, so the snapshot shows where each value goes. */
function valuesOf(text: string): Record<string, string> {
  return Object.fromEntries([...text.matchAll(/\{\{(\w+)\}\}/g)].map(([, name]) => [name, `<${name}>`]));
}

// The words every mail is made of, in every language, compared byte for byte with the committed file: moving or
// reshaping the catalogue must not change a single mail.
describe('the mail texts', () => {
  it('read as they did, in every language', async () => {
    const read: Record<string, string> = {};
    for (const [group, texts] of Object.entries(MAILS)) {
      for (const [name, text] of Object.entries(texts)) {
        const key = `${group}.${name}` as MailTextKey;
        read[`en ${key}`] = (mailText as (key: string, values: Record<string, string>) => string)(key, valuesOf(text));
        if (!(SIGNER_MAIL_GROUPS as readonly string[]).includes(group)) continue;
        for (const language of LANGUAGES) {
          read[`${language} ${key}`] = (
            signerMailText as (language: string, key: string, values: Record<string, string>) => string
          )(language, key, valuesOf(text));
        }
      }
    }
    await expect(`${JSON.stringify(read, null, 2)}\n`).toMatchFileSnapshot('./texts.snapshot.json');
  });
});
