import { MESSAGES } from '@esign/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, waitForMail } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { awaitingDocument, signerClient, waitForSealed } from '../../../test/signing.js';
import { listActivityRows } from '../../data/activity.js';
import { documents } from '../../platform/db/schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const checkboxSigner = { fields: [{ type: 'checkbox' as const }] };

async function sealJobsFor(documentId: string): Promise<number> {
  const result = await t.app.platform.database.db.execute(
    sql`select count(*)::int as count from pgboss.job where name = 'documents.seal' and data->>'documentId' = ${documentId}`,
  );
  const rows = (result as unknown as { rows: { count: number }[] }).rows;
  return rows[0]?.count ?? 0;
}

async function signAll(doc: Awaited<ReturnType<typeof awaitingDocument>>) {
  return Promise.all(
    doc.signers.map((signer) =>
      signerClient(t.app, signer.token)(
        'PATCH',
        `/document_sign/documents/${doc.documentId}/signers/${signer.id}/sign`,
        {
          fields: [{ id: signer.fieldIds[0], checked: true }],
          consent: 'I agree',
        },
      ),
    ),
  );
}

describe('completion', () => {
  it('two signers finishing at the same moment complete the document exactly once and queue one seal', async () => {
    const doc = await awaitingDocument(t.app, { signers: [checkboxSigner, checkboxSigner, checkboxSigner] });
    // The first signer finishes alone; the last two at once.
    const [alone, ...last] = doc.signers;
    await signAll({ ...doc, signers: alone ? [alone] : [] });
    const answers = await signAll({ ...doc, signers: last });
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.filter((answer) => answer.json().documentStatus === 'completed').length).toBeGreaterThanOrEqual(1);

    await waitForSealed(t.app, doc.documentId);
    const rows = await listActivityRows(t.app.platform.database.db, doc.documentId);
    expect(rows.filter((row) => row.type === 'sign')).toHaveLength(3);
    expect(rows.filter((row) => row.type === 'complete')).toHaveLength(1);
    expect(await sealJobsFor(doc.documentId)).toBe(1);
    const [stored] = await t.app.platform.database.db.select().from(documents).where(eq(documents.id, doc.documentId));
    expect(stored?.status).toBe('completed');
    expect(stored?.completedAt).not.toBeNull();

    // A signer of a completed document cannot change anything; a repeated submit still answers.
    const again = await signAll({ ...doc, signers: last.slice(0, 1) });
    expect(again[0]?.json()).toMatchObject({ isFinished: true, documentStatus: 'completed' });
    expect(await sealJobsFor(doc.documentId)).toBe(1);
  });

  it('lists the activity to the owner only, with signers, source IP and time', async () => {
    const doc = await awaitingDocument(t.app, { signers: [checkboxSigner] });
    const signer = doc.signers[0] as (typeof doc.signers)[0];
    await signerClient(t.app, signer.token)(
      'POST',
      `/document_sign/documents/${doc.documentId}/signers/${signer.id}/signatory_opened`,
    );
    await signAll(doc);
    await waitForSealed(t.app, doc.documentId);

    const asOwner = await t.app.inject({
      method: 'GET',
      url: `/api/v1/documents/${doc.documentId}/activities`,
      headers: { authorization: `Bearer ${doc.owner.accessToken}` },
    });
    expect(asOwner.statusCode).toBe(200);
    const activities = asOwner.json();
    expect(activities.map((activity: { type: string }) => activity.type)).toEqual(['view', 'sign', 'complete']);
    expect(activities[1]).toMatchObject({ signers: [{ id: signer.id, email: signer.email }], sourceIP: '127.0.0.1' });
    expect(Date.parse(activities[1].createdAt)).not.toBeNaN();

    const stranger = await authClient(t.app).loggedInUser();
    const asStranger = await t.app.inject({
      method: 'GET',
      url: `/api/v1/documents/${doc.documentId}/activities`,
      headers: { authorization: `Bearer ${stranger.accessToken}` },
    });
    expect(asStranger.statusCode).toBe(404);
    const asSigner = await signerClient(t.app, signer.token)('GET', `/documents/${doc.documentId}/activities`);
    expect(asSigner.statusCode).toBe(401);
  });
});

describe('after completion: mails and downloads', () => {
  it("answers 'Download isn't ready yet' while a completed document is not sealed", async () => {
    const doc = await awaitingDocument(t.app, { signers: [checkboxSigner] });
    const signer = doc.signers[0] as (typeof doc.signers)[0];
    // Completed but never sealed (no seal job queued): as between the last signature and the seal.
    await t.app.platform.database.db
      .update(documents)
      .set({ status: 'completed', completedAt: new Date() })
      .where(eq(documents.id, doc.documentId));
    const early = await signerClient(t.app, signer.token)(
      'GET',
      `/document_sign/documents/${doc.documentId}/signed_download_url/jwt`,
    );
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(MESSAGES.downloadNotReady);
  });

  it('mails the owner and every signer a link of their own, which downloads the sealed PDF', async () => {
    const doc = await awaitingDocument(t.app, { signers: [checkboxSigner, checkboxSigner], title: 'Deal <b>1</b>' });
    const [first, second] = doc.signers as [(typeof doc.signers)[0], (typeof doc.signers)[0]];
    await signAll(doc);
    // The seal stores the result and then queues these mails.
    const ownerMail = await waitForMail(t.app, doc.owner.email, { subject: /Completed/ });
    const firstMail = await waitForMail(t.app, first.email, { subject: /Completed/ });
    await waitForMail(t.app, second.email, { subject: /Completed/ });
    expect(ownerMail.html).toContain('Deal &lt;b&gt;1&lt;/b&gt;');

    const link = (text: string) => new URL(text.match(/https?:\/\/\S+download\?hash=\S+/)?.[0] ?? '');
    const ownerLink = link(ownerMail.text);
    expect(ownerLink.pathname).toBe(`/documents/${doc.documentId}/download`);
    const firstLink = link(firstMail.text);
    expect(firstLink.pathname).toBe(`/documents/${doc.documentId}/${first.id}/download`);

    const byHash = (hash: string, signerId?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/document_sign/documents/${doc.documentId}/signed_download_url/hash`,
        query: { hash, ...(signerId ? { signerId } : {}) },
      });
    const ownerDownload = await byHash(ownerLink.searchParams.get('hash') as string);
    expect(ownerDownload.statusCode).toBe(200);
    const file = await t.app.inject({
      method: 'GET',
      url: new URL(ownerDownload.json().url).pathname + new URL(ownerDownload.json().url).search,
    });
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const firstHash = firstLink.searchParams.get('hash') as string;
    expect((await byHash(firstHash, first.id)).statusCode).toBe(200);
    // A signer's link names that signer; another signer, no signer, or a made-up hash cannot download.
    const wrongSigner = await byHash(firstHash, second.id);
    expect(wrongSigner.statusCode).toBe(404);
    expect(wrongSigner.json().message).toBe(MESSAGES.couldNotDownload);
    expect((await byHash(firstHash)).statusCode).toBe(404);
    expect((await byHash('made-up-hash')).statusCode).toBe(404);

    // By token: the signing link, and the owner's account.
    const bySigner = await signerClient(t.app, first.token)(
      'GET',
      `/document_sign/documents/${doc.documentId}/signed_download_url/jwt`,
    );
    expect(bySigner.statusCode).toBe(200);
    const byOwner = await t.app.inject({
      method: 'GET',
      url: `/api/v1/document_sign/documents/${doc.documentId}/signed_download_url/jwt`,
      headers: { authorization: `Bearer ${doc.owner.accessToken}` },
    });
    expect(byOwner.statusCode).toBe(200);
    const stranger = await authClient(t.app).loggedInUser();
    const byStranger = await t.app.inject({
      method: 'GET',
      url: `/api/v1/document_sign/documents/${doc.documentId}/signed_download_url/jwt`,
      headers: { authorization: `Bearer ${stranger.accessToken}` },
    });
    expect(byStranger.statusCode).toBe(404);
  });
});
