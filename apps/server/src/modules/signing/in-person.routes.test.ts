// Issue 36, item 8: the logged-in sender hosts a signing on their own device.
import { type DocumentActivity, SIGN_ACCESS_TOKEN_HEADER } from '@esign/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { pdftotext } from '../../../test/poppler.js';
import { awaitingDocument, signerClient, waitForSealed } from '../../../test/signing.js';
import { signingTokens } from '../../platform/db/schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const start = (accessToken: string | null, documentId: string, signerId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/documents/${documentId}/signers/${signerId}/in_person`,
    headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
  });

describe('POST documents/{id}/signers/{signerId}/in_person', () => {
  it('gives the sender a single-use link: the signature is recorded as hosted, with the device, and the link dies', async () => {
    const made = await awaitingDocument(t.app, {
      codeAccess: 'SECRET-1',
      signers: [{ name: 'Walk In', fields: [{ type: 'text' }] }],
    });
    const [first] = made.signers;
    if (!first) throw new Error('no signer');
    const answer = await start(made.owner.accessToken, made.documentId, first.id);
    expect(answer.statusCode, answer.body).toBe(200);
    const { token, expiresAt } = answer.json<{ token: string; expiresAt: string }>();
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(30 * 60 * 1000);

    // The sender, who sees the access code, hands over the device: the code is not asked again.
    const tablet = signerClient(t.app, token);
    const page = await tablet('GET', `/document_sign/signers/${first.id}/document/${made.documentId}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<{ document: { inPersonHost: string } }>().document.inPersonHost).toBe('Ada Lovelace');
    await tablet('POST', `/document_sign/documents/${made.documentId}/signers/${first.id}/signatory_opened`);
    const signed = await tablet(
      'PATCH',
      `/document_sign/documents/${made.documentId}/signers/${first.id}/sign`,
      { fields: [{ id: first.fieldIds[0], text: 'Walk In' }], consent: 'I agree' },
      { 'user-agent': 'SenderTablet/2.0' },
    );
    expect(signed.statusCode, signed.body).toBe(200);
    // Single use: the link is gone with the signature.
    expect((await tablet('GET', `/document_sign/documents/${made.documentId}/signers`)).statusCode).toBe(404);

    const activities = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/documents/${made.documentId}/activities`,
        headers: { authorization: `Bearer ${made.owner.accessToken}` },
      })
    ).json<DocumentActivity[]>();
    const sign = activities.find((row) => row.type === 'sign');
    expect(sign).toMatchObject({ hostedBy: 'Ada Lovelace', signers: [{ name: 'Walk In' }] });
    expect(sign?.sourceIP).toBeTruthy();

    // The certificate of completion says so, with the tablet's user agent.
    const sealed = await waitForSealed(t.app, made.documentId);
    const certificate = pdftotext(await t.app.platform.storage.getBuffer(sealed.resultPdfFileKey ?? '')).replace(
      /\s+/g,
      ' ',
    );
    expect(certificate).toContain('Signed in person, hosted by Ada Lovelace');
    expect(certificate).toContain('SenderTablet/2.0');
  }, 120_000);

  it('refuses without a log-in, to a stranger, for a signer who signed; an expired link does not open', async () => {
    const made = await awaitingDocument(t.app, {
      signers: [{ fields: [{ type: 'text', required: false }] }, { fields: [{ type: 'text' }] }],
    });
    const [first, second] = made.signers;
    if (!first || !second) throw new Error('no signers');
    expect((await start(null, made.documentId, second.id)).statusCode).toBe(401);
    const stranger = await authClient(t.app).loggedInUser();
    expect((await start(stranger.accessToken, made.documentId, second.id)).statusCode).toBe(404);
    // A signer's own link is not a log-in.
    const bySigner = await t.app.inject({
      method: 'POST',
      url: `/api/v1/documents/${made.documentId}/signers/${second.id}/in_person`,
      headers: { [SIGN_ACCESS_TOKEN_HEADER]: second.token },
    });
    expect(bySigner.statusCode).toBe(401);
    await signerClient(t.app, first.token)(
      'PATCH',
      `/document_sign/documents/${made.documentId}/signers/${first.id}/sign`,
      {
        fields: [],
        consent: 'I agree',
      },
    );
    expect((await start(made.owner.accessToken, made.documentId, first.id)).statusCode).toBe(409);

    const answer = await start(made.owner.accessToken, made.documentId, second.id);
    const { token } = answer.json<{ token: string }>();
    await t.app.platform.database.db
      .update(signingTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(signingTokens.signerId, second.id), isNotNull(signingTokens.hostedByUserId)));
    const expired = await signerClient(t.app, token)('GET', `/document_sign/documents/${made.documentId}/signers`);
    expect(expired.statusCode).toBe(404);
    // The mailed link (no expiry) still opens.
    const mailed = await signerClient(t.app, second.token)(
      'GET',
      `/document_sign/documents/${made.documentId}/signers`,
    );
    expect(mailed.statusCode).toBe(200);
  });
});
