// Issue 38: a recipient's identity check by a code mailed or texted to it, through the routes on a real database.
import { randomUUID } from 'node:crypto';
import {
  blankField,
  type Document,
  MESSAGES,
  VERIFICATION_CODE_ATTEMPTS,
  VERIFICATION_CODE_TTL_SECONDS,
  VERIFICATION_CODE_WINDOW_SECONDS,
  VERIFICATION_CODES_PER_WINDOW,
} from '@esign/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, linkParam, type TestApp, uniqueEmail, waitForMail } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { documentClient } from '../../../test/documents.js';
import { pdftotext } from '../../../test/poppler.js';
import { awaitingDocument, signerClient, waitForSealed } from '../../../test/signing.js';
import { lastSms } from '../../../test/two-factor.js';
import { listActivityRows } from '../../data/activity.js';
import { events, signerVerificationCodes } from '../../platform/db/schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let phoneCounter = 0;
/** A valid French mobile number unique to one test (E.164). */
function uniquePhone(): string {
  phoneCounter += 1;
  return `+336${String((Date.now() + phoneCounter) % 100_000_000).padStart(8, '0')}`;
}

const textField = { fields: [{ type: 'text' as const }] };

/** An awaiting document of one recipient with an identity check, and that recipient's calls. */
async function checkedRecipient(verification: 'email' | 'sms' | 'email_sms' = 'email') {
  const email = uniqueEmail('jane');
  const phone = uniquePhone();
  const doc = await awaitingDocument(t.app, { signers: [{ ...textField, email, phone, verification }] });
  const signer = doc.signers[0];
  if (!signer) throw new Error('no signer');
  const call = signerClient(t.app, signer.token);
  const base = `/document_sign/signers/${signer.id}/document/${doc.documentId}`;
  const mailedCode = async (after = 0) => {
    const mail = await waitForMail(t.app, email, { subject: /code/i, after });
    return mail.text.match(/\b(\d{6})\b/)?.[1] ?? '';
  };
  const textedCode = async () => (await lastSms(t.app, phone)).body.match(/\b(\d{6})\b/)?.[1] ?? '';
  return {
    ...doc,
    signer,
    email,
    phone,
    call,
    base,
    send: (channel: 'email' | 'sms' = 'email') => call('POST', `${base}/identity/send`, { channel }),
    check: (code: string, channel: 'email' | 'sms' = 'email') =>
      call('POST', `${base}/identity/check`, { channel, code }),
    mailedCode,
    textedCode,
  };
}

/** A six-digit code other than `code`. */
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('the identity check by e-mail code', () => {
  it('keeps the document, its pages and its calls closed until the mailed code is typed, then signs', async () => {
    const r = await checkedRecipient('email');
    const closed = await r.call('GET', r.base);
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toMatchObject({ code: 'IDENTITY_CHECK_REQUIRED', message: MESSAGES.identityCheckRequired });
    expect(closed.body).not.toContain('pdfUrl');
    const signerPath = `/document_sign/documents/${r.documentId}/signers/${r.signer.id}`;
    expect((await r.call('POST', `${signerPath}/signatory_opened`)).statusCode).toBe(403);
    expect((await r.call('PATCH', `${signerPath}/fields`, { fields: [] })).statusCode).toBe(403);
    const early = await r.call('PATCH', `${signerPath}/sign`, {
      fields: [{ id: r.signer.fieldIds[0], text: 'Jane' }],
      consent: 'I agree',
    });
    expect(early.json().code).toBe('IDENTITY_CHECK_REQUIRED');
    // Saved signatures and the signed file's download take the link's token too.
    expect((await r.call('GET', '/requisites')).json().code).toBe('IDENTITY_CHECK_REQUIRED');

    const status = await r.call('GET', `${r.base}/identity`);
    expect(status.json()).toEqual({
      language: null,
      checks: [{ channel: 'email', to: `j•••@${r.email.split('@')[1]}`, verified: false }],
    });
    const sent = await r.send();
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ success: true, to: `j•••@${r.email.split('@')[1]}` });
    const code = await r.mailedCode();
    expect(code).toMatch(/^\d{6}$/);
    expect(sent.body).not.toContain(code);

    const wrong = await r.check(wrongOf(code));
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(MESSAGES.verificationCodeInvalid);
    const right = await r.check(code);
    expect(right.statusCode).toBe(200);
    expect(right.body).not.toContain(code);

    // The link's session remembers it: the document opens, fills in and signs.
    const open = await r.call('GET', r.base);
    expect(open.statusCode).toBe(200);
    expect(open.json().document.pdfUrl).toBeTruthy();
    const signed = await r.call('PATCH', `${signerPath}/sign`, {
      fields: [{ id: r.signer.fieldIds[0], text: 'Jane' }],
      consent: 'I agree',
    });
    expect(signed.statusCode, signed.body).toBe(200);

    // The activity and its event say how and where, masked, never the code.
    const rows = await listActivityRows(t.app.platform.database.db, r.documentId);
    const check = rows.find((row) => row.type === 'identity_check');
    expect(check?.details).toMatchObject({ channel: 'email', to: `j•••@${r.email.split('@')[1]}` });
    expect(JSON.stringify(rows)).not.toContain(code);
    const outbox = await t.app.platform.database.db.select().from(events).where(eq(events.documentId, r.documentId));
    expect(outbox.map((event) => event.type)).toContain('recipient.identity_checked');
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/v1/documents/${r.documentId}/activities`,
      headers: { authorization: `Bearer ${r.owner.accessToken}` },
    });
    expect(listed.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'identity_check',
          identityCheck: { channel: 'email', to: `j•••@${r.email.split('@')[1]}` },
        }),
      ]),
    );
  });

  it('stores only a keyed hash of the code, and a code is spent by its first right guess', async () => {
    const r = await checkedRecipient('email');
    await r.send();
    const code = await r.mailedCode();
    const [row] = await t.app.platform.database.db
      .select()
      .from(signerVerificationCodes)
      .where(eq(signerVerificationCodes.signerId, r.signer.id));
    expect(row?.codeHash).not.toContain(code);
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await r.check(code)).statusCode).toBe(200);
    const [spent] = await t.app.platform.database.db
      .select()
      .from(signerVerificationCodes)
      .where(eq(signerVerificationCodes.signerId, r.signer.id));
    expect(spent?.usedAt).not.toBeNull();
  });

  it(`takes ${VERIFICATION_CODE_ATTEMPTS} guesses per code: after them even the right code is refused, with the same answer`, async () => {
    const r = await checkedRecipient('email');
    await r.send();
    const code = await r.mailedCode();
    const answers = [];
    for (let index = 0; index < VERIFICATION_CODE_ATTEMPTS; index++) answers.push(await r.check(wrongOf(code)));
    const late = await r.check(code);
    for (const answer of [...answers, late]) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual(wrong403);
    }
    // A new code works.
    const after = Date.now();
    await r.send();
    expect((await r.check(await r.mailedCode(after))).statusCode).toBe(200);
  });

  it(`sends at most ${VERIFICATION_CODES_PER_WINDOW} codes in 15 minutes, then again after the window`, async () => {
    const r = await checkedRecipient('email');
    for (let index = 0; index < VERIFICATION_CODES_PER_WINDOW; index++) expect((await r.send()).statusCode).toBe(200);
    const refused = await r.send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MESSAGES.tooManyVerificationCodes);
    t.advanceClock(VERIFICATION_CODE_WINDOW_SECONDS * 1000 + 1000);
    expect((await r.send()).statusCode).toBe(200);
  });

  it('refuses a code past its 10 minutes (fake clock) and a code of another link', async () => {
    const r = await checkedRecipient('email');
    await r.send();
    const code = await r.mailedCode();
    t.advanceClock(VERIFICATION_CODE_TTL_SECONDS * 1000 + 1000);
    expect((await r.check(code)).json()).toEqual(wrong403);

    const other = await checkedRecipient('email');
    const after = Date.now();
    await other.send();
    const otherCode = await other.mailedCode(after);
    // The right code typed with another recipient's link: refused.
    const foreign = await r.call('POST', `${r.base}/identity/check`, { channel: 'email', code: otherCode });
    expect(foreign.json()).toEqual(wrong403);
  });

  it('counts 1,000 parallel guesses one by one: exactly the allowed number is evaluated', async () => {
    const r = await checkedRecipient('email');
    await r.send();
    const code = await r.mailedCode();
    const guesses = Array.from({ length: 1000 }, (_, index) =>
      String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(guesses.map((guess) => r.check(guess)));
    expect(answers.every((answer) => answer.statusCode === 403)).toBe(true);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    const [row] = await t.app.platform.database.db
      .select()
      .from(signerVerificationCodes)
      .where(eq(signerVerificationCodes.signerId, r.signer.id));
    expect(row?.attempts).toBe(VERIFICATION_CODE_ATTEMPTS);
    expect((await r.check(code)).statusCode).toBe(403);
  }, 120_000);
});

const wrong403 = { statusCode: 403, code: 'FORBIDDEN', message: MESSAGES.verificationCodeInvalid };

describe('the identity check by SMS code, and both', () => {
  it('texts the code to the number given for the document, masked to the signer', async () => {
    const r = await checkedRecipient('sms');
    const sent = await r.send('sms');
    expect(sent.json()).toEqual({ success: true, to: `+33 ••• •• ${r.phone.slice(-2)}` });
    // A channel the sender did not ask for is refused like a wrong code.
    expect((await r.send('email')).json()).toEqual(wrong403);
    const code = await r.textedCode();
    expect((await r.check(code, 'sms')).statusCode).toBe(200);
    expect((await r.call('GET', r.base)).statusCode).toBe(200);
    const rows = await listActivityRows(t.app.platform.database.db, r.documentId);
    expect(rows.find((row) => row.type === 'identity_check')?.details).toMatchObject({
      channel: 'sms',
      to: `+33 ••• •• ${r.phone.slice(-2)}`,
    });
  });

  it('with both, opens only once both codes are typed', async () => {
    const r = await checkedRecipient('email_sms');
    await r.send('email');
    expect((await r.check(await r.mailedCode(), 'email')).statusCode).toBe(200);
    expect((await r.call('GET', r.base)).json().code).toBe('IDENTITY_CHECK_REQUIRED');
    await r.send('sms');
    expect((await r.check(await r.textedCode(), 'sms')).statusCode).toBe(200);
    expect((await r.call('GET', r.base)).statusCode).toBe(200);
  });
});

describe('the sender chooses the check per recipient', () => {
  it('keeps the number for the document, checks it, and sends the code in the document language', async () => {
    const owner = await authClient(t.app).loggedInUser();
    const docs = documentClient(t.app, owner.accessToken);
    const draft = await docs.createReady('others');
    const email = uniqueEmail('marie');
    const phone = uniquePhone();
    const line = { name: 'Marie', email, order: 1 };
    const patch = (signers: object[]) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/documents/${draft.id}`,
        headers: docs.headers,
        payload: { signers, language: 'fr' },
      });
    const missing = await patch([{ ...line, verification: 'sms' }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain(MESSAGES.verificationPhoneRequired);
    const invalid = await patch([{ ...line, verification: 'sms', phone: '06 12' }]);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain(MESSAGES.verificationPhoneInvalid);
    const saved = await patch([
      { ...line, verification: 'email_sms', phone: `${phone.slice(0, 3)} ${phone.slice(3)}` },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    // The sender sees the number in full.
    const [marie] = saved.json<Document>().signers;
    expect(marie).toMatchObject({ verification: 'email_sms', phone });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/documents/${draft.id}`,
      headers: docs.headers,
      payload: {
        fields: [blankField({ id: randomUUID(), type: 'text', coordinateY: 600, signerId: marie?.id ?? '' })],
      },
    });
    const sent = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/document_sign/documents/${draft.id}/send_out`,
      headers: docs.headers,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const token = linkParam(await waitForMail(t.app, email), 'signAccessToken');
    const call = signerClient(t.app, token);
    const base = `/document_sign/signers/${marie?.id}/document/${draft.id}`;
    const status = await call('GET', `${base}/identity`);
    expect(status.json().checks.map((check: { to: string }) => check.to)).toEqual([
      `m•••@${email.split('@')[1]}`,
      `+33 ••• •• ${phone.slice(-2)}`,
    ]);
    expect(status.body).not.toContain(phone);
    await call('POST', `${base}/identity/send`, { channel: 'email' });
    const mail = await waitForMail(t.app, email, { subject: /code/i });
    expect(mail.subject).toContain('Votre code pour ouvrir');
    await call('POST', `${base}/identity/send`, { channel: 'sms' });
    expect((await lastSms(t.app, phone)).body).toContain('Votre code eSign');
  });
});

describe('the certificate of completion (pdftotext)', () => {
  it('says how, to where (masked) and when each identity was checked', async () => {
    const r = await checkedRecipient('email_sms');
    await r.send('email');
    expect((await r.check(await r.mailedCode(), 'email')).statusCode).toBe(200);
    await r.send('sms');
    expect((await r.check(await r.textedCode(), 'sms')).statusCode).toBe(200);
    const signed = await r.call('PATCH', `/document_sign/documents/${r.documentId}/signers/${r.signer.id}/sign`, {
      fields: [{ id: r.signer.fieldIds[0], text: 'Jane' }],
      consent: 'I agree',
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const sealed = await waitForSealed(t.app, r.documentId);
    const text = pdftotext(await t.app.platform.storage.getBuffer(sealed.resultPdfFileKey ?? '')).replace(/\s+/g, ' ');
    const domain = r.email.split('@')[1] ?? '';
    expect(text).toMatch(
      new RegExp(`Identity checked by e-mail code to j•••@${domain.replace(/\./g, '\\.')} on \\d{4}-\\d\\d-\\d\\d`),
    );
    expect(text).toContain(`Identity checked by SMS code to +33 ••• •• ${r.phone.slice(-2)} on `);
    expect(text).not.toContain(r.phone);
  }, 180_000);
});
