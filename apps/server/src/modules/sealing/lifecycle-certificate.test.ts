import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { pdftotext } from '../../../test/poppler.js';
import { awaitingDocument, signerClient, signerRequisite, waitForSealed } from '../../../test/signing.js';
import { recordActivity } from '../../data/activity.js';
import { issueSigningToken } from '../../data/signing-tokens.js';
import { documents, signers } from '../../platform/db/schema.js';
import { certificateHistory } from './lifecycle-evidence.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 60 * 60 * 1000;

describe('the certificate of completion of a document resent after a decline (pdftotext)', () => {
  it('tells where the document came from, who declined that one and why, and each change of its expiry date', async () => {
    const { db } = t.app.platform.database;
    const declined = await awaitingDocument(t.app, {
      title: 'Flat lease',
      signers: [{ name: 'Ann Tenant', email: 'ann.tenant@example.com', fields: [{ type: 'signature' }] }],
    });
    const [ann] = declined.signers;
    if (!ann) throw new Error('no signer');
    const reason = 'The rent is 950, we agreed on 900.';
    const decline = await signerClient(t.app, ann.token)(
      'POST',
      `/document_sign/documents/${declined.documentId}/signers/${ann.id}/decline`,
      { reason },
    );
    expect(decline.statusCode, decline.body).toBe(200);

    const owner = { authorization: `Bearer ${declined.owner.accessToken}` };
    const copied = await t.app.inject({
      method: 'POST',
      url: `/api/v1/documents/${declined.documentId}/resend_copy`,
      headers: owner,
    });
    expect(copied.statusCode, copied.body).toBe(200);
    const copyId = copied.json<{ id: string }>().id;

    // The copy sent (as the send-out leaves it), then its expiry date set.
    await db.update(documents).set({ status: 'awaiting', sentAt: new Date() }).where(eq(documents.id, copyId));
    const [copySigner] = await db.select().from(signers).where(eq(signers.documentId, copyId));
    if (!copySigner) throw new Error('no signer in the copy');
    await recordActivity(db, {
      documentId: copyId,
      type: 'send',
      userId: declined.owner.id,
      signerIds: [copySigner.id],
    });
    const date = new Date(Date.now() + 7 * DAY).toISOString().slice(0, 10);
    const extended = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/documents/${copyId}/expiry`,
      headers: owner,
      payload: { expiresAt: date },
    });
    expect(extended.statusCode, extended.body).toBe(200);

    const token = await issueSigningToken(db, { documentId: copyId, signerId: copySigner.id });
    const asAnn = signerClient(t.app, token);
    const document = (await asAnn('GET', `/document_sign/signers/${copySigner.id}/document/${copyId}`)).json();
    const signature = await signerRequisite(t.app, copySigner.id);
    const signed = await asAnn('PATCH', `/document_sign/documents/${copyId}/signers/${copySigner.id}/sign`, {
      fields: document.fields.map((field: { id: string }) => ({ id: field.id, requisiteId: signature })),
      consent: 'I agree',
    });
    expect(signed.statusCode, signed.body).toBe(200);

    const sealed = await waitForSealed(t.app, copyId);
    const text = pdftotext(await t.app.platform.storage.getBuffer(sealed.resultPdfFileKey ?? '')).replace(/\s+/g, ' ');
    expect(text).toContain('Certificate of completion');
    expect(text).toContain('History');
    expect(text).toContain(
      `Made with Edit & Resend from document ${declined.documentId}, which was declined by Ann Tenant <ann.tenant@example.com> on`,
    );
    expect(text).toContain(`Reason given: "${reason}"`);
    expect(text).toContain(`the sender set the expiry date ${date}.`);
    // The declined document itself was never sealed.
    const [original] = await db.select().from(documents).where(eq(documents.id, declined.documentId));
    expect(original).toMatchObject({ status: 'declined', resultPdfFileKey: null, sealedAt: null });
  }, 120_000);
});

describe('certificateHistory', () => {
  const at = (iso: string) => new Date(iso);
  it('is empty for a document that went through none of the lifecycle', () => {
    expect(certificateHistory([{ type: 'create', details: null, createdAt: at('2026-01-01T00:00:00Z') }])).toEqual([]);
  });

  it('says an expiry and its reopening, oldest first', () => {
    const lines = certificateHistory([
      {
        type: 'extend',
        details: { expiresAt: '2026-02-10', from: 'expired' },
        createdAt: at('2026-02-03T10:00:00Z'),
      },
      { type: 'expire', details: null, createdAt: at('2026-02-02T00:00:00Z') },
    ]);
    expect(lines).toEqual([
      '2026-02-02 00:00:00 UTC (+00:00): the expiry date passed; the document expired.',
      '2026-02-03 10:00:00 UTC (+00:00): the sender set the expiry date 2026-02-10 and made the document signable again with the same links.',
    ]);
  });
});
