import type { Document } from '@esign/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { corpusFile, documentClient } from '../../../test/documents.js';

let t: TestApp;
let owner: ReturnType<typeof documentClient>;
let stranger: ReturnType<typeof documentClient>;
let document: Document;
beforeAll(async () => {
  t = await createTestApp();
  const auth = authClient(t.app);
  owner = documentClient(t.app, (await auth.loggedInUser()).accessToken);
  stranger = documentClient(t.app, (await auth.loggedInUser()).accessToken);
  document = await owner.create();
  await owner.uploadOk(document.id, 'contract.pdf', corpusFile('pdf/pdf20_latex_2p.pdf'));
  await owner.waitUntilFinished(document.id);
  document = (await owner.get(document.id)).json<Document>();
});
afterAll(async () => {
  await t?.close();
});

const post = (client: ReturnType<typeof documentClient>, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: client.headers, payload });

/** Follows a signed URL of the local driver through the app itself. */
const follow = (url: string, method: 'GET' | 'PUT' = 'GET', body?: Buffer, contentType?: string) => {
  const { pathname, search } = new URL(url);
  return t.app.inject({
    method,
    url: `${pathname}${search}`,
    ...(body ? { payload: body, headers: { 'content-type': contentType ?? 'application/octet-stream' } } : {}),
  });
};

describe('signed URLs', () => {
  it('reads a file of an own document, alone, in bulk and as a download', async () => {
    const key = document.pdfFileKey ?? '';
    const single = await post(owner, '/auth/get_signed_url', { key });
    expect(single.statusCode).toBe(200);
    const file = await follow(single.json().url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const bulk = await post(owner, '/auth/get_signed_url/bulk', { keys: [key, key] });
    expect(Object.keys(bulk.json())).toEqual([key]);

    const download = await post(owner, '/auth/get_signed_download_url', { key, fileName: 'Contrat signé.pdf' });
    const saved = await follow(download.json().result);
    expect(saved.headers['content-disposition']).toContain("filename*=UTF-8''Contrat%20sign%C3%A9.pdf");
  });

  it("answers 404 for another user's document and 401 without a token", async () => {
    const key = document.pdfFileKey ?? '';
    expect((await post(stranger, '/auth/get_signed_url', { key })).statusCode).toBe(404);
    expect((await post(stranger, '/auth/get_signed_url/bulk', { keys: [key] })).statusCode).toBe(404);
    expect((await post(stranger, '/auth/get_signed_download_url', { key })).statusCode).toBe(404);
    expect(
      (
        await post(stranger, '/auth/put_signed_url', {
          documentId: document.id,
          fileName: 'x.pdf',
          contentType: 'application/pdf',
        })
      ).statusCode,
    ).toBe(404);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/auth/get_signed_url', payload: { key } });
    expect(anonymous.statusCode).toBe(401);
  });

  it.each([
    `documents/${'0'.repeat(8)}-0000-0000-0000-000000000000/../../secrets.json`,
    '/etc/passwd',
    'documents/%2e%2e/secrets.json',
    'secrets.json',
  ])('refuses the key %s', async (key) => {
    const response = await post(owner, '/auth/get_signed_url', { key });
    expect([400, 404]).toContain(response.statusCode);
    expect(response.statusCode).not.toBe(200);
  });

  it('lets the owner PUT a new file of a draft and an image asset, under keys the server chose', async () => {
    const put = await post(owner, '/auth/put_signed_url', {
      documentId: document.id,
      fileName: '../../evil name.pdf',
      contentType: 'application/pdf',
    });
    expect(put.statusCode).toBe(200);
    const { key, url } = put.json();
    expect(key).toMatch(new RegExp(`^documents/${document.id}/uploads/[0-9a-f-]{36}/evil_name.pdf$`));
    expect((await follow(url, 'PUT', Buffer.from('%PDF-1.7 x'), 'text/plain')).statusCode).toBe(403);
    expect((await follow(url, 'PUT', Buffer.from('%PDF-1.7 x'), 'application/pdf')).statusCode).toBe(200);
    expect((await t.app.platform.storage.getBuffer(key)).toString()).toBe('%PDF-1.7 x');

    const asset = await post(owner, '/auth/put_signed_asset_url', { fileName: 'logo.png', contentType: 'image/png' });
    expect(asset.json().key).toMatch(/^users\/[0-9a-f-]{36}\/assets\/[0-9a-f-]{36}\/logo.png$/);
    const otherAsset = await post(stranger, '/auth/get_signed_url', { key: asset.json().key });
    expect(otherAsset.statusCode).toBe(404);
    const bad = await post(owner, '/auth/put_signed_asset_url', { fileName: 'x.svg', contentType: 'image/svg+xml' });
    expect(bad.statusCode).toBe(400);
  });
});
