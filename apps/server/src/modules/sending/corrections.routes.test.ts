// Issue 36, item 4: the sender corrects a signer of a sent document who has not signed yet.
import { type Document, type DocumentActivity, SIGN_ACCESS_TOKEN_HEADER } from '@esign/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, linkParam, type TestApp, uniqueEmail, waitForMail } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { awaitingDocument, signerClient } from '../../../test/signing.js';
import { events } from '../../platform/db/schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const asUser = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
const correct = (accessToken: string, documentId: string, signerId: string, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/documents/${documentId}/signers/${signerId}`,
    headers: { ...asUser(accessToken), 'user-agent': 'SenderBrowser/1.0' },
    payload,
  });

describe('PATCH documents/{id}/signers/{signerId}: a correction after sending', () => {
  it("changes a pending signer's name and e-mail: the old link dies, a new one is mailed, the history names both", async () => {
    const made = await awaitingDocument(t.app, {
      signers: [{ name: 'Wrong Person', fields: [{ type: 'text' }] }, { fields: [{ type: 'text' }] }],
    });
    const [first] = made.signers;
    if (!first) throw new Error('no signer');
    await signerClient(t.app, first.token)(
      'POST',
      `/document_sign/documents/${made.documentId}/signers/${first.id}/signatory_opened`,
    );
    const email = uniqueEmail('right');

    const answer = await correct(made.owner.accessToken, made.documentId, first.id, { name: 'Right Person', email });
    expect(answer.statusCode, answer.body).toBe(200);
    const signer = answer.json<Document>().signers.find((row) => row.id === first.id);
    expect(signer).toMatchObject({ name: 'Right Person', email, isFinished: false });

    // The old link answers as any link that is not valid; the new one, mailed with the invitation, opens.
    const old = await signerClient(t.app, first.token)('GET', `/document_sign/documents/${made.documentId}/signers`);
    expect(old.statusCode).toBe(404);
    const token = linkParam(await waitForMail(t.app, email, { subject: /to sign/ }), 'signAccessToken');
    const opened = await signerClient(t.app, token)('GET', `/document_sign/documents/${made.documentId}/signers`);
    expect(opened.statusCode, opened.body).toBe(200);

    // The history keeps the view under the person who made it, and shows the correction with both people.
    const activities = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/documents/${made.documentId}/activities`,
        headers: asUser(made.owner.accessToken),
      })
    ).json<DocumentActivity[]>();
    const view = activities.find((row) => row.type === 'view');
    expect(view?.signers[0]?.name).toBe('Wrong Person');
    const correction = activities.find((row) => row.type === 'correct');
    expect(correction?.change).toEqual({
      from: { name: 'Wrong Person', email: first.email },
      to: { name: 'Right Person', email },
      reason: null,
    });
    expect(activities.at(-1)).toMatchObject({ type: 'send', signers: [{ id: first.id, name: 'Right Person' }] });

    // The outbox has the event for webhooks and realtime.
    const rows = await t.app.platform.database.db
      .select()
      .from(events)
      .where(and(eq(events.documentId, made.documentId), eq(events.type, 'recipient.updated')));
    expect(rows).toHaveLength(1);
  });

  it('gives a signer their own access code and language: the new link asks for that code, the mail and page are in it', async () => {
    const made = await awaitingDocument(t.app, { signers: [{ fields: [{ type: 'text' }] }] });
    const [first] = made.signers;
    if (!first) throw new Error('no signer');
    const email = uniqueEmail('anna');
    const answer = await correct(made.owner.accessToken, made.documentId, first.id, {
      email,
      accessCode: 'TULPE-42',
      language: 'de',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const mail = await waitForMail(t.app, email);
    expect(mail.subject).toContain('zur Unterschrift');
    const signer = signerClient(t.app, linkParam(mail, 'signAccessToken'));
    const page = `/document_sign/signers/${first.id}/document/${made.documentId}`;
    expect((await signer('GET', page)).json<{ code: string }>().code).toBe('ACCESS_CODE_REQUIRED');
    const wrong = await signer('POST', `/document_sign/signers/${first.id}/document/${made.documentId}/confirm_code`, {
      codeAccess: 'nope',
    });
    expect(wrong.statusCode).toBe(403);
    const right = await signer('POST', `/document_sign/signers/${first.id}/document/${made.documentId}/confirm_code`, {
      codeAccess: 'TULPE-42',
    });
    expect(right.statusCode, right.body).toBe(200);
    const view = await signer('GET', page);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json<{ document: { language: string } }>().document.language).toBe('de');
  });

  it('refuses a signer who signed, an e-mail another signer has, a bad e-mail, and anyone but the owner', async () => {
    const made = await awaitingDocument(t.app, {
      signers: [{ fields: [{ type: 'text', required: false }] }, { fields: [{ type: 'text' }] }],
    });
    const [first, second] = made.signers;
    if (!first || !second) throw new Error('no signers');
    const signed = await signerClient(t.app, first.token)(
      'PATCH',
      `/document_sign/documents/${made.documentId}/signers/${first.id}/sign`,
      { fields: [], consent: 'I agree' },
    );
    expect(signed.statusCode, signed.body).toBe(200);

    const takeOver = await correct(made.owner.accessToken, made.documentId, first.id, { email: uniqueEmail('thief') });
    expect(takeOver.statusCode).toBe(409);
    const duplicate = await correct(made.owner.accessToken, made.documentId, second.id, { email: first.email });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json<{ message: string }>().message).toBe('Signer is duplicated');
    const invalid = await correct(made.owner.accessToken, made.documentId, second.id, { email: 'not-an-address' });
    expect(invalid.statusCode).toBe(400);
    const stranger = await authClient(t.app).loggedInUser();
    const hidden = await correct(stranger.accessToken, made.documentId, second.id, { name: 'Mallory' });
    expect(hidden.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/documents/${made.documentId}/signers/${second.id}`,
      headers: { [SIGN_ACCESS_TOKEN_HEADER]: second.token },
      payload: { name: 'Mallory' },
    });
    expect(anonymous.statusCode).toBe(401);
    // Nothing changed: the second signer's link still opens.
    const still = await signerClient(t.app, second.token)('GET', `/document_sign/documents/${made.documentId}/signers`);
    expect(still.statusCode).toBe(200);
  });

  it('turns the reassignment switch on for the owner only', async () => {
    const made = await awaitingDocument(t.app, { signers: [{ fields: [{ type: 'text' }] }] });
    const url = `/api/v1/documents/${made.documentId}/reassignment`;
    const on = await t.app.inject({
      method: 'PATCH',
      url,
      headers: asUser(made.owner.accessToken),
      payload: { allowReassign: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<Document>().allowReassign).toBe(true);
    const stranger = await authClient(t.app).loggedInUser();
    const refused = await t.app.inject({
      method: 'PATCH',
      url,
      headers: asUser(stranger.accessToken),
      payload: { allowReassign: false },
    });
    expect(refused.statusCode).toBe(404);
  });
});
