import { ACCESS_CODE_LINK_FAILURE_LIMIT, MESSAGES } from '@esign/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, linkParam, type TestApp, waitForMail } from '../../../test/app.js';
import { documentClient } from '../../../test/documents.js';
import { awaitingDocument, signerClient, signerRequisite, todayMmDdYyyy } from '../../../test/signing.js';
import { listActivityRows } from '../../data/activity.js';
import { revokeSigningTokens } from '../../data/signing-tokens.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const signatureAndDate = { fields: [{ type: 'signature' as const }, { type: 'date' as const }] };

describe('signer access: the link token first', () => {
  it('answers the token own signer, and refuses other documents, other signers and revoked links', async () => {
    const doc = await awaitingDocument(t.app, { signers: [signatureAndDate, signatureAndDate] });
    const otherDoc = await awaitingDocument(t.app, { signers: [signatureAndDate] });
    const [first, second] = doc.signers as [(typeof doc.signers)[0], (typeof doc.signers)[0]];
    const asFirst = signerClient(t.app, first.token);

    const available = await asFirst('GET', `/document_sign/documents/${doc.documentId}/signers`);
    expect(available.statusCode).toBe(200);
    expect(available.json()).toEqual([
      expect.objectContaining({ id: first.id, email: first.email, isFinished: false }),
    ]);

    // Another document's token, no token at all: the document is not found for this caller.
    const foreign = signerClient(t.app, otherDoc.signers[0]?.token as string);
    expect((await foreign('GET', `/document_sign/documents/${doc.documentId}/signers`)).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/v1/document_sign/documents/${doc.documentId}/signers`,
    });
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json().message).toBe(MESSAGES.signingLinkInvalid);

    // The right document, another signer of it: forbidden, on every call.
    const asOther = `/document_sign/signers/${second.id}/document/${doc.documentId}`;
    expect((await asFirst('GET', asOther)).statusCode).toBe(403);
    const otherFields = await asFirst(
      'PATCH',
      `/document_sign/documents/${doc.documentId}/signers/${second.id}/fields`,
      {
        fields: [],
      },
    );
    expect(otherFields.statusCode).toBe(403);
    const otherSign = await asFirst('PATCH', `/document_sign/documents/${doc.documentId}/signers/${second.id}/sign`, {
      consent: 'I agree',
    });
    expect(otherSign.statusCode).toBe(403);

    await revokeSigningTokens(t.app.platform.database.db, { documentId: doc.documentId, now: new Date() });
    expect((await asFirst('GET', `/document_sign/documents/${doc.documentId}/signers`)).statusCode).toBe(404);
  });

  it('shows the document with a signed PDF URL, its own values and only the signed flags of others', async () => {
    const doc = await awaitingDocument(t.app, {
      signers: [{ fields: [{ type: 'text', required: false }] }, { fields: [{ type: 'text' }] }],
      redirectionPage: 'javascript:alert(1)',
      testMode: true,
    });
    const [first, second] = doc.signers as [(typeof doc.signers)[0], (typeof doc.signers)[0]];
    const asSecond = signerClient(t.app, second.token);
    const filled = await asSecond('PATCH', `/document_sign/documents/${doc.documentId}/signers/${second.id}/fields`, {
      fields: [{ id: second.fieldIds[0], text: 'private value' }],
    });
    expect(filled.statusCode).toBe(200);

    const response = await signerClient(t.app, first.token)(
      'GET',
      `/document_sign/signers/${first.id}/document/${doc.documentId}`,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.document).toMatchObject({ testMode: true, redirectionPage: null, status: 'awaiting' });
    expect(body.isMyTurn).toBe(true);
    const theirs = body.fields.find((field: { id: string }) => field.id === second.fieldIds[0]);
    expect(theirs).toMatchObject({ signed: true, text: null });
    expect(JSON.stringify(body)).not.toContain('private value');

    const pdf = await t.app.inject({
      method: 'GET',
      url: new URL(body.document.pdfUrl).pathname + new URL(body.document.pdfUrl).search,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('a signing link that no longer opens', () => {
  it("tells the sender's name for a link replaced by Edit & Resend, and nothing for a made-up token or document", async () => {
    // Cause: a link that does not open sent the signer to '/', the log-in page, with no word of why or whom to ask;
    // the page had no way to learn who sent the document without leaking more of it.
    const doc = await awaitingDocument(t.app, { signers: [signatureAndDate] });
    const [signer] = doc.signers as [(typeof doc.signers)[0]];
    const asSigner = signerClient(t.app, signer.token);
    const statusPath = `/document_sign/documents/${doc.documentId}/link_status`;

    // Edit & Resend: the document goes back to draft and every link of it stops working.
    const reverted = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/documents/${doc.documentId}/revert`,
      headers: { authorization: `Bearer ${doc.owner.accessToken}` },
    });
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect((await asSigner('GET', `/document_sign/documents/${doc.documentId}/signers`)).statusCode).toBe(404);

    const stale = await asSigner('GET', statusPath);
    expect(stale.statusCode).toBe(200);
    // The sender's name and nothing else of the document.
    expect(stale.json()).toEqual({ senderName: 'Ada Lovelace' });

    const madeUp = signerClient(t.app, 'f'.repeat(64));
    expect((await madeUp('GET', statusPath)).json()).toEqual({ senderName: null });
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/v1${statusPath}` });
    expect(anonymous.json()).toEqual({ senderName: null });
    // The real token, another document: nothing either.
    const other = await awaitingDocument(t.app, { signers: [signatureAndDate] });
    expect((await asSigner('GET', `/document_sign/documents/${other.documentId}/link_status`)).json()).toEqual({
      senderName: null,
    });
    const unknown = await asSigner('GET', '/document_sign/documents/00000000-0000-4000-8000-000000000000/link_status');
    expect(unknown.json()).toEqual({ senderName: null });
  });
});

describe('access code', () => {
  it('is required before the document opens, and at most 5 wrong codes count in 15 minutes even in parallel', async () => {
    const doc = await awaitingDocument(t.app, { signers: [signatureAndDate], codeAccess: 'open-sesame' });
    const signer = doc.signers[0] as (typeof doc.signers)[0];
    const asSigner = signerClient(t.app, signer.token);
    const documentPath = `/document_sign/signers/${signer.id}/document/${doc.documentId}`;

    const locked = await asSigner('GET', documentPath);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().code).toBe('ACCESS_CODE_REQUIRED');
    const opened = await asSigner(
      'POST',
      `/document_sign/documents/${doc.documentId}/signers/${signer.id}/signatory_opened`,
    );
    expect(opened.json().code).toBe('ACCESS_CODE_REQUIRED');

    const guesses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        asSigner('POST', `${documentPath}/confirm_code`, { codeAccess: `guess-${index}` }),
      ),
    );
    const statuses = guesses.map((guess) => guess.statusCode).sort();
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429, 429, 429, 429, 429]);
    expect(guesses.find((guess) => guess.statusCode === 403)?.json().message).toBe(MESSAGES.accessCodeIncorrect);

    // Even the right code waits for the window to pass.
    expect((await asSigner('POST', `${documentPath}/confirm_code`, { codeAccess: 'open-sesame' })).statusCode).toBe(
      429,
    );
    t.advanceClock(15 * 60 * 1000 + 1000);
    expect((await asSigner('POST', `${documentPath}/confirm_code`, { codeAccess: 'open-sesame' })).statusCode).toBe(
      200,
    );
    expect((await asSigner('GET', documentPath)).statusCode).toBe(200);
  });
});

// Security issue, finding 4: five wrong access codes from anywhere locked the signer out for 15 minutes, so anyone
// holding a forwarded link could keep the real signer out.
describe('access code limits', () => {
  const confirmFrom = (token: string, path: string, code: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1${path}/confirm_code`,
      headers: { 'x-sign-access-token': token },
      payload: { codeAccess: code },
      remoteAddress,
    });

  it("limits one address's guesses without locking the signer out from another address", async () => {
    const doc = await awaitingDocument(t.app, { signers: [signatureAndDate], codeAccess: 'open-sesame' });
    const signer = doc.signers[0] as (typeof doc.signers)[0];
    const path = `/document_sign/signers/${signer.id}/document/${doc.documentId}`;
    const statuses = [];
    for (let guess = 0; guess < 6; guess++) {
      statuses.push((await confirmFrom(signer.token, path, `guess-${guess}`, '10.8.0.1')).statusCode);
    }
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);
    expect((await confirmFrom(signer.token, path, 'open-sesame', '10.8.0.1')).statusCode).toBe(429);
    expect((await confirmFrom(signer.token, path, 'open-sesame', '10.8.0.2')).statusCode).toBe(200);
  });

  it('locks a link after 25 wrong codes from all addresses; the owner sees it and a new link lets the signer in', async () => {
    const doc = await awaitingDocument(t.app, { signers: [signatureAndDate], codeAccess: 'open-sesame' });
    const signer = doc.signers[0] as (typeof doc.signers)[0];
    const path = `/document_sign/signers/${signer.id}/document/${doc.documentId}`;
    for (let guess = 0; guess < ACCESS_CODE_LINK_FAILURE_LIMIT; guess++) {
      const response = await confirmFrom(signer.token, path, `guess-${guess}`, `10.9.${guess}.1`);
      expect(response.statusCode).toBe(403);
    }
    expect((await confirmFrom(signer.token, path, 'open-sesame', '10.9.200.1')).statusCode).toBe(429);

    const ownerHeaders = { authorization: `Bearer ${doc.owner.accessToken}` };
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/documents', headers: ownerHeaders });
    const item = listed
      .json<{ items: { id: string; signers: { id: string; accessLockedAt: string | null }[] }[] }>()
      .items.find((row) => row.id === doc.documentId);
    expect(item?.signers.find((row) => row.id === signer.id)?.accessLockedAt).toEqual(expect.any(String));

    const issued = await t.app.inject({
      method: 'GET',
      url: `/api/v1/document_sign/documents/${doc.documentId}/signing_url?userId=${signer.id}`,
      headers: ownerHeaders,
    });
    expect(issued.statusCode).toBe(200);
    const newToken =
      new URL(issued.json<{ signingUrl: string }>().signingUrl).searchParams.get('signAccessToken') ?? '';
    expect((await confirmFrom(newToken, path, 'open-sesame', '10.9.201.1')).statusCode).toBe(200);
    const relisted = await t.app.inject({ method: 'GET', url: '/api/v1/documents', headers: ownerHeaders });
    const after = relisted
      .json<{ items: { id: string; signers: { id: string; accessLockedAt: string | null }[] }[] }>()
      .items.find((row) => row.id === doc.documentId);
    expect(after?.signers.find((row) => row.id === signer.id)?.accessLockedAt).toBeNull();
  });
});

describe('opening, filling in and signing', () => {
  it('records one view per link session with IP and user agent', async () => {
    const doc = await awaitingDocument(t.app, { signers: [signatureAndDate] });
    const signer = doc.signers[0] as (typeof doc.signers)[0];
    const asSigner = signerClient(t.app, signer.token);
    const path = `/document_sign/documents/${doc.documentId}/signers/${signer.id}/signatory_opened`;
    expect((await asSigner('POST', path)).statusCode).toBe(200);
    expect((await asSigner('POST', path)).statusCode).toBe(200);
    const views = (await listActivityRows(t.app.platform.database.db, doc.documentId)).filter(
      (row) => row.type === 'view',
    );
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ signerIds: [signer.id], sourceIp: '127.0.0.1', userAgent: 'SignerTest/1.0' });
    const notice = await waitForMail(t.app, doc.owner.email, { subject: /opened/ });
    expect(notice.text).toContain('Signer 1');
  });

  it('accepts only the signer own fields, valid values and own saved signatures', async () => {
    const doc = await awaitingDocument(t.app, {
      signers: [
        { fields: [{ type: 'signature' }, { type: 'text' }, { type: 'date' }, { type: 'checkbox' }] },
        signatureAndDate,
      ],
    });
    const [first, second] = doc.signers as [(typeof doc.signers)[0], (typeof doc.signers)[0]];
    const asFirst = signerClient(t.app, first.token);
    const fieldsPath = `/document_sign/documents/${doc.documentId}/signers/${first.id}/fields`;
    const [signatureId, textId, dateId, checkboxId] = first.fieldIds;

    const notMine = await asFirst('PATCH', fieldsPath, { fields: [{ id: second.fieldIds[0], requisiteId: null }] });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().message).toBe(MESSAGES.notYourField);

    const tooLong = await asFirst('PATCH', fieldsPath, { fields: [{ id: textId, text: 'x'.repeat(101) }] });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(MESSAGES.maxLength100);

    const past = await asFirst('PATCH', fieldsPath, { fields: [{ id: dateId, text: '01/01/2021' }] });
    expect(past.json().message).toBe(MESSAGES.dateBeforeToday);
    const wrongFormat = await asFirst('PATCH', fieldsPath, { fields: [{ id: dateId, text: '2030-01-01' }] });
    expect(wrongFormat.json().message).toBe('Enter the date in the format MM/DD/YYYY');

    const othersSignature = await signerRequisite(t.app, second.id);
    const stolen = await asFirst('PATCH', fieldsPath, { fields: [{ id: signatureId, requisiteId: othersSignature }] });
    expect(stolen.json().message).toBe(MESSAGES.requisiteInvalid);
    const initialsInSignature = await signerRequisite(t.app, first.id, 'initial');
    const wrongType = await asFirst('PATCH', fieldsPath, {
      fields: [{ id: signatureId, requisiteId: initialsInSignature }],
    });
    expect(wrongType.statusCode).toBe(400);

    const own = await signerRequisite(t.app, first.id);
    const saved = await asFirst('PATCH', fieldsPath, {
      fields: [
        { id: signatureId, requisiteId: own },
        { id: textId, text: '<b>Main street 1</b>' },
        { id: dateId, text: todayMmDdYyyy() },
        { id: checkboxId, checked: true },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().every((field: { signed: boolean }) => field.signed)).toBe(true);
    expect(saved.json().find((field: { id: string }) => field.id === textId).text).toBe('<b>Main street 1</b>');
  });

  it('keeps the order: a later signer waits until the earlier ones have signed', async () => {
    const doc = await awaitingDocument(t.app, {
      signers: [{ fields: [{ type: 'checkbox' }] }, { fields: [{ type: 'checkbox' }] }],
      isOrdered: true,
    });
    const [first, second] = doc.signers as [(typeof doc.signers)[0], (typeof doc.signers)[0]];
    const asSecond = signerClient(t.app, second.token);
    const early = await asSecond('PATCH', `/document_sign/documents/${doc.documentId}/signers/${second.id}/sign`, {
      fields: [{ id: second.fieldIds[0], checked: true }],
      consent: 'I agree',
    });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(MESSAGES.notYourTurn);
    const view = await asSecond('GET', `/document_sign/signers/${second.id}/document/${doc.documentId}`);
    expect(view.json().isMyTurn).toBe(false);

    const firstSigned = await signerClient(t.app, first.token)(
      'PATCH',
      `/document_sign/documents/${doc.documentId}/signers/${first.id}/sign`,
      {
        fields: [{ id: first.fieldIds[0], checked: true }],
        consent: 'I agree',
      },
    );
    expect(firstSigned.json()).toEqual({ isFinished: true, documentStatus: 'awaiting', redirectionPage: null });
    // The next signer is mailed a link of its own, which works for that signer.
    const invitation = await waitForMail(t.app, second.email, { subject: /to sign/ });
    // Its invitation is in the audit trail as a `send` naming it (the certificate's 'Sent').
    const activities = await t.app.inject({
      method: 'GET',
      url: `/api/v1/documents/${doc.documentId}/activities`,
      headers: { authorization: `Bearer ${doc.owner.accessToken}` },
    });
    expect(activities.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'send', signers: [expect.objectContaining({ id: second.id })] }),
      ]),
    );
    const mailedToken = linkParam(invitation, 'signAccessToken');
    const viaMail = await signerClient(t.app, mailedToken)('GET', `/document_sign/documents/${doc.documentId}/signers`);
    expect(viaMail.json()).toEqual([expect.objectContaining({ id: second.id })]);
    const now = await asSecond('PATCH', `/document_sign/documents/${doc.documentId}/signers/${second.id}/sign`, {
      fields: [{ id: second.fieldIds[0], checked: true }],
      consent: 'I agree',
    });
    expect(now.json()).toMatchObject({ isFinished: true, documentStatus: 'completed' });
  });

  it('needs every required field, records the consent, and answers a second submit as the first', async () => {
    const doc = await awaitingDocument(t.app, {
      signers: [
        { fields: [{ type: 'checkbox' }, { type: 'text', required: false }] },
        { fields: [{ type: 'checkbox' }] },
      ],
      redirectionPage: 'https://example.com/thanks',
    });
    const signer = doc.signers[0] as (typeof doc.signers)[0];
    const asSigner = signerClient(t.app, signer.token);
    const signPath = `/document_sign/documents/${doc.documentId}/signers/${signer.id}/sign`;

    const missing = await asSigner('PATCH', signPath, { consent: 'I agree' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MESSAGES.requiredFieldsUnsigned);

    const body = { fields: [{ id: signer.fieldIds[0], checked: true }], consent: 'I agree to sign electronically' };
    const first = await asSigner('PATCH', signPath, body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      isFinished: true,
      documentStatus: 'awaiting',
      redirectionPage: 'https://example.com/thanks',
    });
    const again = await asSigner('PATCH', signPath, {
      fields: [{ id: signer.fieldIds[0], checked: false }],
      consent: 'other',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());

    const rows = await listActivityRows(t.app.platform.database.db, doc.documentId);
    const signs = rows.filter((row) => row.type === 'sign');
    expect(signs).toHaveLength(1);
    expect(signs[0]).toMatchObject({
      signerIds: [signer.id],
      sourceIp: '127.0.0.1',
      userAgent: 'SignerTest/1.0',
      details: { consent: 'I agree to sign electronically' },
    });
    const afterwards = await asSigner(
      'PATCH',
      `/document_sign/documents/${doc.documentId}/signers/${signer.id}/fields`,
      {
        fields: [{ id: signer.fieldIds[0], checked: false }],
      },
    );
    expect(afterwards.statusCode).toBe(409);
    const owner = documentClient(t.app, doc.owner.accessToken);
    const stored = (await owner.get(doc.documentId)).json();
    expect(stored.fields.find((field: { id: string }) => field.id === signer.fieldIds[0]).checked).toBe(true);
  });
});
