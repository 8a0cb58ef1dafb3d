// The completion mail was sent before its download link was stored: a reader who opened the mail at once (a test
// polling the outbox, or a fast SMTP reader) found the link unknown (404), and a failure between the two left a dead
// link in a mail that a retry then sent again. The link is stored first; a mail that fails takes its link back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { documentFactory } from '../../../test/document-factory.js';
import { findDownloadLink } from '../../data/download-links.js';
import { hashToken } from '../../platform/crypto/tokens.js';
import type { Mailer, MailMessage } from '../../platform/mail/mailer.js';
import { completedMailJobs } from './completed.mails.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function completedDocument() {
  const owner = await authClient(t.app).loggedInUser();
  return documentFactory(t.app).create(owner.id, {
    title: 'Mailed at once',
    status: 'completed',
    signers: [{ name: 'Gus Guest', email: 'gus@example.com', isFinished: true }],
    result: Buffer.from('%PDF-1.7 sealed'),
  });
}

/** Whether the download link in a mail is known when the mail leaves. */
async function linkWorks(documentId: string, message: MailMessage) {
  const url = message.text.match(/https?:\/\/\S+/)?.[0];
  const hash = url ? new URL(url).searchParams.get('hash') : null;
  if (!hash) throw new Error(`no link in "${message.subject}"`);
  return (await findDownloadLink(t.app.platform.database.db, { documentId, tokenHash: hashToken(hash) })) !== undefined;
}

describe('the completion mails', () => {
  it('store the download link before the mail leaves', async () => {
    const document = await completedDocument();
    const seen: boolean[] = [];
    const mailer: Mailer = {
      transport: 'outbox',
      async send(message) {
        seen.push(await linkWorks(document.id, message));
      },
    };
    const { db } = t.app.platform.database;
    await completedMailJobs({ db, mailer, appUrl: 'http://localhost' }).completedMails.handler({
      documentId: document.id,
    });
    // The owner's and the signer's mails.
    expect(seen).toEqual([true, true]);
  });

  it('take the link back when a mail fails, so the retry mails a link that works', async () => {
    const document = await completedDocument();
    const sent: MailMessage[] = [];
    let failures = 1;
    const mailer: Mailer = {
      transport: 'outbox',
      async send(message) {
        if (failures > 0) {
          failures -= 1;
          throw new Error('SMTP is away');
        }
        sent.push(message);
      },
    };
    const { db } = t.app.platform.database;
    const { completedMails } = completedMailJobs({ db, mailer, appUrl: 'http://localhost' });
    await expect(completedMails.handler({ documentId: document.id })).rejects.toThrow('SMTP is away');
    await completedMails.handler({ documentId: document.id });
    expect(sent).toHaveLength(2);
    for (const message of sent) expect(await linkWorks(document.id, message)).toBe(true);
  });
});
