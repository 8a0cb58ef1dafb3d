import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { awaitingDocument, signerClient, waitForSealed } from '../../../test/signing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const checkbox = { fields: [{ type: 'checkbox' as const }] };
const asUser = (accessToken: string) => (url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization: `Bearer ${accessToken}` } });

describe('GET document_sign/signers/{signerId}/convertion_status', () => {
  it("answers the signer's link and the owner: completed, then sealed; anyone else 404 or 403", async () => {
    const doc = await awaitingDocument(t.app, { signers: [checkbox, checkbox] });
    const [first, second] = doc.signers;
    if (!first || !second) throw new Error('signers');
    const status = `/document_sign/signers/${first.id}/convertion_status`;
    const asFirst = signerClient(t.app, first.token);
    expect((await asFirst('GET', status)).json()).toMatchObject({
      documentId: doc.documentId,
      status: 'awaiting',
      isCompleted: false,
      isSealed: false,
    });
    // Another signer's link names another signer: refused.
    expect((await signerClient(t.app, second.token)('GET', status)).statusCode).toBe(403);
    // Another account, and no one: 404.
    const stranger = await authClient(t.app).loggedInUser();
    expect((await asUser(stranger.accessToken)(status)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1${status}` })).statusCode).toBe(404);

    for (const signer of doc.signers) {
      const answer = await signerClient(t.app, signer.token)(
        'PATCH',
        `/document_sign/documents/${doc.documentId}/signers/${signer.id}/sign`,
        { fields: [{ id: signer.fieldIds[0], checked: true }], consent: 'I agree' },
      );
      expect(answer.statusCode).toBe(200);
    }
    expect((await asFirst('GET', status)).json()).toMatchObject({ status: 'completed', isCompleted: true });
    await waitForSealed(t.app, doc.documentId);
    expect((await asUser(doc.owner.accessToken)(status)).json()).toMatchObject({ isCompleted: true, isSealed: true });
  });
});

describe('GET document_sign/documents/{id}/preview_pages', () => {
  it('renders the pages once, keeps them in storage, and answers only the signer or the owner', async () => {
    const doc = await awaitingDocument(t.app, { signers: [checkbox] });
    const [signer] = doc.signers;
    if (!signer) throw new Error('signer');
    const path = `/document_sign/documents/${doc.documentId}/preview_pages`;
    const first = await signerClient(t.app, signer.token)('GET', path);
    expect(first.statusCode).toBe(200);
    const { pages } = first.json<{ pages: { pageNumber: number; url: string; width: number; height: number }[] }>();
    // The sample PDF's eight pages, in order.
    expect(pages.map((page) => page.pageNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(Math.max(pages[0]?.width ?? 0, pages[0]?.height ?? 0)).toBe(1200);
    // The picture is a JPEG behind its signed URL.
    const picture = await t.app.inject({ method: 'GET', url: pages[0]?.url ?? '' });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    // Rendered once: the owner's call reads the stored manifest (the pictures are not drawn again).
    const keyOf = (url: string) => new URL(url, 'http://x').pathname;
    const again = await asUser(doc.owner.accessToken)(path);
    expect(again.statusCode).toBe(200);
    expect(again.json<{ pages: { url: string }[] }>().pages.map((page) => keyOf(page.url))).toEqual(
      pages.map((page) => keyOf(page.url)),
    );

    const stranger = await authClient(t.app).loggedInUser();
    expect((await asUser(stranger.accessToken)(path)).statusCode).toBe(404);
    const other = await awaitingDocument(t.app, { signers: [checkbox] });
    expect((await signerClient(t.app, other.signers[0]?.token ?? '')('GET', path)).statusCode).toBe(404);
  });
});
