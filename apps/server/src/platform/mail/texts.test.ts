import { MAILS } from '@esign/shared/i18n/mails';
import { describe, expect, it } from 'vitest';
import { mailText, signerMailText } from './texts.js';

describe('mailText', () => {
  it('reads a text by its dotted key', () => {
    expect(mailText('passwordReset.subject')).toBe('Reset your password');
  });

  it('fills every placeholder', () => {
    expect(mailText('signerInvitation.reminderSubject', { sender: 'Ada Lovelace', title: 'Lease' })).toBe(
      'Reminder: Ada Lovelace is waiting for your signature on "Lease"',
    );
    expect(mailText('opened.body', { signer: 'Signer 1', signerEmail: 's1@example.com', title: 'Lease' })).toBe(
      'Signer 1 (s1@example.com) opened the document "Lease".',
    );
  });

  it('puts values in as they are, in one pass: a value that reads like a placeholder or a replacement pattern stays', () => {
    expect(mailText('share.subject', { sender: '{{title}}', title: "$& $' $1" })).toBe(
      `{{title}} shared "$& $' $1" with you`,
    );
  });

  it('names its placeholders with plain words, each closed', () => {
    for (const [group, texts] of Object.entries(MAILS)) {
      for (const [name, text] of Object.entries(texts)) {
        const opened = text.split('{{').length - 1;
        const named = text.match(/\{\{\w+\}\}/g)?.length ?? 0;
        expect(named, `${group}.${name}`).toBe(opened);
      }
    }
  });

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
