// Issue 37: an attachment field. The signer uploads a PDF or an image (checked by content, 20 MB at most) for their
// own field through the signing link's checks; submit refuses a required one without a file; the sender lists and
// downloads it (another account gets 404); the seal embeds it, stays pdfsig-valid and prints its SHA-256.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, EsignApiError } from '@esign/client';
import {
  API_PREFIX,
  ATTACHMENT_MAX_BYTES,
  type FieldAttachment,
  MESSAGES,
  SIGN_ACCESS_TOKEN_HEADER,
} from '@esign/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyClient, injectFetch } from '../../../test/api-keys.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { corpusFile } from '../../../test/documents.js';
import { pdfsig, pdftotext } from '../../../test/poppler.js';
import { awaitingDocument, SAMPLE_PDF, signerClient, waitForSealed } from '../../../test/signing.js';
import { listFields } from '../../data/document-fields.js';
import { documentFields, fieldAttachments } from '../../platform/db/schema.js';

const OPERATOR_TOKEN = 'operator-token-for-attachment-tests-0123456789';
const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { operatorToken: OPERATOR_TOKEN } });
});
afterAll(async () => {
  await t?.close();
});

const PNG = () => corpusFile('images/png_content_only_in_alpha_channel.png');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function withAttachment(required = true) {
  const doc = await awaitingDocument(t.app, {
    signers: [{ name: 'Dana Fox', fields: [{ type: 'attachment', required, width: 200, height: 20 }] }],
  });
  const signer = doc.signers[0] as (typeof doc.signers)[number];
  const fieldId = signer.fieldIds[0] as string;
  const base = `/document_sign/documents/${doc.documentId}/signers/${signer.id}`;
  const upload = (
    fileName: string,
    content: Buffer,
    token = signer.token,
    path = `${base}/fields/${fieldId}/attachment`,
  ) => {
    const form = new FormData();
    form.append('file', new Blob([content]), fileName);
    return t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}${path}`,
      headers: { [SIGN_ACCESS_TOKEN_HEADER]: token },
      payload: form,
    });
  };
  const as = signerClient(t.app, signer.token);
  const sign = () =>
    as('PATCH', `${base}/sign`, { fields: [{ id: fieldId, text: 'ignored.pdf' }], consent: 'I agree' });
  const owner = (path: string, accessToken = doc.owner.accessToken) =>
    t.app.inject({ method: 'GET', url: `${API_PREFIX}${path}`, headers: { authorization: `Bearer ${accessToken}` } });
  return { doc, signer, fieldId, base, upload, sign, owner };
}

describe('an attachment field', () => {
  it('takes a PNG: recorded with its SHA-256, its name the field value; a second file replaces it', async () => {
    const { doc, fieldId, upload } = await withAttachment();
    const png = PNG();
    const first = await upload('id-card.png', png);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<FieldAttachment>()).toEqual({
      fieldId,
      fileName: 'id-card.png',
      contentType: 'image/png',
      sizeBytes: png.length,
      sha256: sha256(png),
      downloadPath: `/documents/${doc.documentId}/attachments/${fieldId}/download_url`,
    });
    const pdf = corpusFile(SAMPLE_PDF);
    const second = await upload('passport.pdf', pdf);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<FieldAttachment>()).toMatchObject({ contentType: 'application/pdf', sha256: sha256(pdf) });
    const rows = await listFields(t.app.platform.database.db, doc.documentId);
    expect(rows[0]?.text).toBe('passport.pdf');
    const stored: string[] = [];
    for await (const key of t.app.platform.storage.list()) {
      if (key.startsWith(`documents/${doc.documentId}/attachments/`)) stored.push(key);
    }
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/passport\.pdf$/);
  });

  it('refuses another type, a file whose content is not what its name says, and a file over 20 MB', async () => {
    const { upload } = await withAttachment();
    const gif = await upload('anim.gif', corpusFile('images/gif_animated_42_frames.gif'));
    expect(gif.statusCode).toBe(400);
    expect(gif.json().message).toBe(MESSAGES.attachmentTypeNotAllowed);
    const disguised = await upload('photo.png', Buffer.from('%PDF-1.4 not a picture'));
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().message).toBe(MESSAGES.fileContentMismatch);
    const empty = await upload('empty.pdf', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const big = Buffer.alloc(ATTACHMENT_MAX_BYTES + 1, 0x20);
    big.write('%PDF-1.4\n');
    const tooBig = await upload('big.pdf', big);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe(MESSAGES.attachmentTooLarge);
  });

  it("refuses another document's signing link, and a field that is not an attachment of the signer's", async () => {
    const { upload, base } = await withAttachment();
    const other = await withAttachment();
    const foreign = await upload('id.png', PNG(), other.signer.token);
    expect(foreign.statusCode).toBe(404);
    const wrongField = await upload('id.png', PNG(), undefined, `${base}/fields/${other.fieldId}/attachment`);
    expect(wrongField.statusCode).toBe(403);
  });

  it('submit refuses a required attachment without a file and takes it with one (the signer cannot set its text)', async () => {
    const { upload, sign, doc } = await withAttachment();
    // A text set by other means (a sender's value) is no file: it does not count.
    await t.app.platform.database.db
      .update(documentFields)
      .set({ text: 'not-uploaded.pdf' })
      .where(eq(documentFields.documentId, doc.documentId));
    const refused = await sign();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MESSAGES.requiredFieldsUnsigned);
    expect((await upload('id.png', PNG())).statusCode).toBe(200);
    const signed = await sign();
    expect(signed.statusCode, signed.body).toBe(200);
    expect((await listFields(t.app.platform.database.db, doc.documentId))[0]?.text).toBe('id.png');
  });

  it('the sender lists and downloads it; another account gets 404', async () => {
    const { upload, owner, doc, fieldId } = await withAttachment();
    const png = PNG();
    await upload('id card.png', png);
    const list = await owner(`/documents/${doc.documentId}/attachments`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<FieldAttachment[]>().map((item) => [item.fileName, item.sha256])).toEqual([
      ['id card.png', sha256(png)],
    ]);
    const link = await owner(`/documents/${doc.documentId}/attachments/${fieldId}/download_url`);
    expect(link.statusCode, link.body).toBe(200);
    const url = new URL(link.json<{ url: string }>().url, 'http://localhost');
    const file = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(png)).toBe(true);

    const stranger = await authClient(t.app).loggedInUser();
    expect((await owner(`/documents/${doc.documentId}/attachments`, stranger.accessToken)).statusCode).toBe(404);
    const foreign = await owner(
      `/documents/${doc.documentId}/attachments/${fieldId}/download_url`,
      stranger.accessToken,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('the public API and its typed client list it and give its download URL; another account gets 404', async () => {
    const { upload, doc, fieldId } = await withAttachment();
    const png = PNG();
    await upload('id.png', png);
    const { key } = await apiKeyClient(t.app, doc.owner.accessToken).newKey();
    const client = createClient({ baseUrl: 'http://localhost', apiKey: key, fetch: injectFetch(t.app) });
    expect(await client.documentAttachments(doc.documentId)).toEqual([
      {
        fieldId,
        fileName: 'id.png',
        contentType: 'image/png',
        sizeBytes: png.length,
        sha256: sha256(png),
        downloadPath: `/documents/${doc.documentId}/attachments/${fieldId}/download_url`,
      },
    ]);
    const { url } = await client.attachmentDownloadUrl(doc.documentId, fieldId);
    const link = new URL(url, 'http://localhost');
    const file = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(file.rawPayload.equals(png)).toBe(true);

    const stranger = await authClient(t.app).loggedInUser();
    const other = await apiKeyClient(t.app, stranger.accessToken).newKey();
    const foreign = createClient({ baseUrl: 'http://localhost', apiKey: other.key, fetch: injectFetch(t.app) });
    const refused = await foreign.documentAttachments(doc.documentId).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(EsignApiError);
    expect((refused as EsignApiError).status).toBe(404);
  });

  it('is sealed: embedded in the PDF, its SHA-256 on the certificate, its name in its box, pdfsig-valid', async () => {
    const { upload, sign, doc } = await withAttachment();
    const pdf = corpusFile(SAMPLE_PDF);
    expect((await upload('proof-of-address.pdf', pdf)).statusCode).toBe(200);
    expect((await sign()).statusCode).toBe(200);
    const sealed = await waitForSealed(t.app, doc.documentId);
    const bytes = await t.app.platform.storage.getBuffer(sealed.resultPdfFileKey as string);
    expect(pdfsig(bytes)).toContain('Signature Validation: Signature is Valid.');
    expect(pdftotext(bytes, { first: 1, last: 1 })).toContain('proof-of-address.pdf');
    const text = pdftotext(bytes).replace(/\s+/g, ' ');
    expect(text).toContain('Attachments');
    expect(text).toContain(sha256(pdf));
    const dir = mkdtempSync(join(tmpdir(), 'attach-'));
    try {
      writeFileSync(join(dir, 'sealed.pdf'), bytes);
      expect(execFileSync('pdfdetach', ['-list', join(dir, 'sealed.pdf')]).toString()).toContain(
        'attachment-1-proof-of-address.pdf',
      );
      execFileSync('pdfdetach', [
        '-savefile',
        'attachment-1-proof-of-address.pdf',
        '-o',
        join(dir, 'out.pdf'),
        join(dir, 'sealed.pdf'),
      ]);
      expect(sha256(readFileSync(join(dir, 'out.pdf')))).toBe(sha256(pdf));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('goes with the document: the retention rule removes its file and its row', async () => {
    const { upload, sign, doc, owner } = await withAttachment();
    expect((await upload('id.png', PNG())).statusCode).toBe(200);
    const [row] = await t.app.platform.database.db
      .select()
      .from(fieldAttachments)
      .where(eq(fieldAttachments.documentId, doc.documentId));
    expect(row?.fileKey.startsWith(`documents/${doc.documentId}/attachments/`)).toBe(true);
    expect((await sign()).statusCode).toBe(200);
    await waitForSealed(t.app, doc.documentId);
    const rule = await t.app.inject({
      method: 'PUT',
      url: `${API_PREFIX}/user/retention`,
      headers: { authorization: `Bearer ${doc.owner.accessToken}` },
      payload: { retentionDays: 30, legalHold: false },
    });
    expect(rule.statusCode).toBe(200);
    const sweep = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/operator/documents/retention-sweep`,
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      payload: { asOf: new Date(Date.now() + 31 * DAY_MS).toISOString() },
    });
    expect(sweep.json().removed).toBeGreaterThanOrEqual(1);
    expect(await t.app.platform.storage.exists(row?.fileKey as string)).toBe(false);
    expect(
      await t.app.platform.database.db
        .select()
        .from(fieldAttachments)
        .where(eq(fieldAttachments.documentId, doc.documentId)),
    ).toEqual([]);
    expect((await owner(`/documents/${doc.documentId}/attachments`)).json()).toEqual([]);
  });
});
