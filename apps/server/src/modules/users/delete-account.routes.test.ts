import { API_PREFIX, MESSAGES } from '@esign/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail, waitForMail } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { documentFactory } from '../../../test/document-factory.js';
import { signerClient } from '../../../test/signing.js';
import { insertDownloadLink } from '../../data/download-links.js';
import { DELETED_ACCOUNT_ID } from '../../data/users.js';
import { hashToken, randomToken } from '../../platform/crypto/tokens.js';
import { documentActivities, documents, users } from '../../platform/db/schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('DELETE user', () => {
  it('voids awaiting documents, keeps completed ones for their signers, and erases the account', async () => {
    const { db } = t.app.platform.database;
    const auth = authClient(t.app);
    const owner = await auth.loggedInUser();
    const factory = documentFactory(t.app);
    const waiting = { name: 'Wanda Waiting', email: uniqueEmail('wanda') };
    const awaiting = await factory.create(owner.id, { title: 'Lease', status: 'awaiting', signers: [waiting] });
    const signerId = awaiting.signers[0]?.id ?? '';
    const signingToken = await factory.token(awaiting.id, signerId);
    expect(
      (await signerClient(t.app, signingToken)('GET', `/document_sign/signers/${signerId}/document/${awaiting.id}`))
        .statusCode,
    ).toBe(200);

    const completed = await factory.create(owner.id, {
      title: 'Sale',
      status: 'completed',
      result: Buffer.from('%PDF-1.7 sealed'),
      signers: [{ name: 'Carl Completed', email: uniqueEmail('carl'), isFinished: true }],
    });
    const hash = randomToken();
    const carlId = completed.signers[0]?.id ?? '';
    await insertDownloadLink(db, { documentId: completed.id, signerId: carlId, tokenHash: hashToken(hash) });
    const draft = await factory.create(owner.id, { title: 'Draft', pdf: Buffer.from('%PDF-1.7 draft') });
    const storage = t.app.platform.storage;
    expect(await storage.exists(draft.pdfFileKey ?? '')).toBe(true);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `${API_PREFIX}/user`,
      headers: { authorization: `Bearer ${owner.accessToken}` },
    });
    expect(deleted.json()).toEqual({ message: MESSAGES.accountDeleted });

    // The session ended with the account, and the address no longer signs in.
    const me = await t.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/user`,
      headers: { authorization: `Bearer ${owner.accessToken}` },
    });
    expect(me.statusCode).toBe(401);
    expect((await auth.signIn(owner.email, owner.password)).response.statusCode).toBe(401);
    expect(await db.select().from(users).where(eq(users.id, owner.id))).toEqual([]);

    // The awaiting document's signer is told, and the link stops working.
    const voided = await waitForMail(t.app, waiting.email, { subject: /no longer needs your signature/ });
    expect(voided.text).toContain('Lease');
    const signerCall = await signerClient(t.app, signingToken)(
      'GET',
      `/document_sign/signers/${signerId}/document/${awaiting.id}`,
    );
    expect(signerCall.statusCode).toBeGreaterThanOrEqual(400);

    // The completed document stays downloadable through the signer's link, its audit rows without the user id.
    const download = await t.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/document_sign/documents/${completed.id}/signed_download_url/hash`,
      query: { hash, signerId: carlId },
    });
    expect(download.statusCode, download.body).toBe(200);
    const [kept] = await db.select().from(documents).where(eq(documents.id, completed.id));
    expect(kept?.userId).toBe(DELETED_ACCOUNT_ID);
    const audit = await db.select().from(documentActivities).where(eq(documentActivities.documentId, completed.id));
    expect(audit.map((row) => [row.type, row.userId, row.sourceIp])).toEqual([['create', null, '127.0.0.1']]);

    // Everything else went with the account, stored files included; the kept document's result stays.
    expect(await storage.exists(draft.pdfFileKey ?? '')).toBe(false);
    expect(await storage.exists(completed.resultPdfFileKey ?? '')).toBe(true);
    expect(await db.select().from(documents).where(eq(documents.id, draft.id))).toEqual([]);
    expect(await db.select().from(documents).where(eq(documents.id, awaiting.id))).toEqual([]);
  });

  it('refuses an anonymous caller', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: `${API_PREFIX}/user` })).statusCode).toBe(401);
  });
});
