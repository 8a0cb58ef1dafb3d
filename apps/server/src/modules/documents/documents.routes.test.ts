import { type Document, MESSAGES } from '@esign/shared';
import { PDF } from '@libpdf/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { corpusFile, documentClient } from '../../../test/documents.js';
import { documentParts } from '../../platform/db/schema.js';

let t: TestApp;
let docs: ReturnType<typeof documentClient>;
let other: ReturnType<typeof documentClient>;
beforeAll(async () => {
  t = await createTestApp();
  const auth = authClient(t.app);
  docs = documentClient(t.app, (await auth.loggedInUser()).accessToken);
  other = documentClient(t.app, (await auth.loggedInUser()).accessToken);
});
afterAll(async () => {
  await t?.close();
});

const pdf = () => corpusFile('pdf/pdf20_latex_2p.pdf');

async function storedKeys() {
  const { readdir } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const root = join(t.app.platform.config.dataDir, 'files');
  try {
    return (await readdir(root, { recursive: true })).filter((entry) => /\.\w+$/.test(entry));
  } catch {
    return [];
  }
}

describe('documents: upload and conversion', () => {
  it('converts a PDF and an image, combines them in order, and reorders them', async () => {
    const document = await docs.create();
    expect(document).toMatchObject({ status: 'draft', type: 'me_and_other', parts: [] });
    const first = await docs.uploadOk(document.id, 'contract.pdf', pdf());
    expect(first).toMatchObject({ originalFileName: 'contract.pdf', filesUploaded: false, order: 0 });
    const second = await docs.uploadOk(document.id, 'photo.jpg', corpusFile('images/jpeg_exif_orientation_6.jpg'));
    expect(second.order).toBe(1);

    const finished = await docs.waitUntilFinished(document.id);
    expect(finished.parts.map((part) => [part.pagesTotal, part.errorText])).toEqual([
      [2, null],
      [1, null],
    ]);
    const combined = (await docs.get(document.id)).json<Document>();
    expect(combined.pdfMetadata?.pages).toHaveLength(3);
    expect(combined.pdfMetadata?.pages[2]).toEqual({ width: 1350, height: 900 });
    const bytes = await t.app.platform.storage.getBuffer(combined.pdfFileKey ?? '');
    expect((await PDF.load(new Uint8Array(bytes))).getPageCount()).toBe(3);

    const reordered = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/documents/${document.id}`,
      headers: docs.headers,
      payload: {
        parts: [
          { id: first.id, order: 1 },
          { id: second.id, order: 0 },
        ],
      },
    });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json<Document>().parts.map((part) => part.id)).toEqual([second.id, first.id]);
    await docs.waitUntilFinished(document.id);
    const after = (await docs.get(document.id)).json<Document>();
    expect(after.pdfMetadata?.pages[0]).toEqual({ width: 1350, height: 900 });
    expect(after.pdfFileKey).not.toBe(combined.pdfFileKey);
  });

  it.each([
    ['pdf/encrypted_user_password_ELXRTQWS.pdf', 'locked.pdf', 'protected by a password'],
    ['edge/header_only_invalid.pdf', 'header.pdf', 'damaged'],
    ['edge/zero_bytes.pdf', 'empty.pdf', 'empty'],
  ])('finishes %s with a part error the user understands', async (path, name, text) => {
    const document = await docs.create();
    await docs.uploadOk(document.id, name, corpusFile(path));
    const finished = await docs.waitUntilFinished(document.id);
    expect(finished.parts[0]?.errorText).toContain(text);
    expect((await docs.get(document.id)).json<Document>().pdfFileKey).toBeNull();
  });

  it('tells the user that existing digital signatures will not stay valid', async () => {
    const document = await docs.create();
    await docs.uploadOk(document.id, 'signed.pdf', corpusFile('pdf/signed_pkcs7_detached_2011.pdf'));
    await docs.waitUntilFinished(document.id);
    const part = (await docs.get(document.id)).json<Document>().parts[0];
    expect(part?.warningText).toMatch(/digital signatures/);
    expect(part?.filesUploaded).toBe(true);
  });
});

describe('documents: upload limits and bad input', () => {
  async function expectRefused(response: { statusCode: number; json: () => { message: string } }, message: string) {
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  }

  it('refuses a file over 40 MB and stores nothing', async () => {
    const document = await docs.create();
    const before = await storedKeys();
    const big = Buffer.alloc(41_943_041, 0x20);
    big.write('%PDF-1.7\n');
    await expectRefused(await docs.upload(document.id, 'big.pdf', big), MESSAGES.fileTooLarge);
    expect(await storedKeys()).toEqual(before);
    expect((await docs.get(document.id)).json<Document>().parts).toEqual([]);
  });

  it('refuses a sixth file, and more than 100 MB in all', async () => {
    const document = await docs.create();
    for (let i = 0; i < 5; i++) await docs.uploadOk(document.id, `part-${i}.pdf`, pdf());
    // Stored while it arrived, then removed when the document's limits refused it (combined PDFs of the five
    // may still be written meanwhile, so only the originals are compared).
    const originals = async () => (await storedKeys()).filter((key) => key.includes('/originals/')).sort();
    const before = await originals();
    await expectRefused(await docs.upload(document.id, 'sixth.pdf', pdf()), MESSAGES.documentFilesLimit);
    expect(await originals()).toEqual(before);

    const heavy = await docs.create();
    const chunk = Buffer.alloc(40_000_000, 0x20);
    chunk.write('%PDF-1.7\n');
    await docs.uploadOk(heavy.id, 'a.pdf', chunk);
    await docs.uploadOk(heavy.id, 'b.pdf', chunk);
    await expectRefused(await docs.upload(heavy.id, 'c.pdf', chunk), MESSAGES.documentFilesLimit);
  });

  it('keeps the limit of 5 files when uploads race', async () => {
    const document = await docs.create();
    const answers = await Promise.all(
      Array.from({ length: 7 }, (_, i) => docs.upload(document.id, `p${i}.pdf`, pdf())),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(2);
  });

  it('refuses a wrong type renamed to .pdf, a type not accepted, and a long name', async () => {
    const document = await docs.create();
    const png = corpusFile('images/png_rgba_semitransparent_dice.png');
    await expectRefused(await docs.upload(document.id, 'renamed.pdf', png), MESSAGES.fileContentMismatch);
    await expectRefused(await docs.upload(document.id, 'tool.exe', Buffer.from('MZ')), MESSAGES.fileTypeNotAllowed);
    await expectRefused(await docs.upload(document.id, `${'n'.repeat(97)}.pdf`, pdf()), MESSAGES.fileNameTooLong);
    await expectRefused(await docs.upload(document.id, 'x.pdf', pdf(), 'other'), MESSAGES.fileMissing);
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/v1/documents/${document.id}/file_upload`,
      headers: docs.headers,
      payload: { upload: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect((await docs.get(document.id)).json<Document>().parts).toEqual([]);
  });

  it('removes one part or all of them', async () => {
    const document = await docs.create();
    const first = await docs.uploadOk(document.id, 'a.pdf', pdf());
    await docs.uploadOk(document.id, 'b.pdf', pdf());
    const clean = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/documents/${document.id}/file_clean`,
        headers: docs.headers,
        payload: body,
      });
    const one = await clean({ documentPartId: first.id });
    expect(one.json<Document>().parts.map((part) => part.originalFileName)).toEqual(['b.pdf']);
    expect((await clean({})).json<Document>().parts).toEqual([]);
  });
});

describe('documents: file names', () => {
  // Cause: a file name kept its bidirectional controls, so 'lease\u202Excod.pdf' (U+202E, right-to-left override)
  // was shown as 'leasefdp.docx' in the file list and in the name a download was saved under.
  it('are kept and shown without bidirectional controls, names stored before and download names included', async () => {
    const document = await docs.create();
    const part = await docs.uploadOk(document.id, 'lease\u202Excod\u200E\u2066\u061C.pdf', pdf());
    expect(part.originalFileName).toBe('leasexcod.pdf');
    const { db } = t.app.platform.database;
    const [row] = await db
      .select({ name: documentParts.originalFileName })
      .from(documentParts)
      .where(eq(documentParts.id, part.id));
    expect(row?.name).toBe('leasexcod.pdf');

    // A name stored before the rule is shown without them too.
    await db
      .update(documentParts)
      .set({ originalFileName: 'old\u202Efdp.exe\u202A\u2069\u200F.pdf' })
      .where(eq(documentParts.id, part.id));
    const shown = (await docs.get(document.id)).json<Document>();
    expect(shown.parts.map((each) => each.originalFileName)).toEqual(['oldfdp.exe.pdf']);

    // The name a download is saved under.
    await docs.waitUntilFinished(document.id);
    const converted = (await docs.get(document.id)).json<Document>();
    const signed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/get_signed_download_url',
      headers: docs.headers,
      payload: { key: converted.parts[0]?.files[0]?.fileKey, fileName: 'invoice\u202Efdp.exe' },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const download = await t.app.inject({ method: 'GET', url: signed.json<{ result: string }>().result });
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="invoicefdp.exe"; filename*=UTF-8''invoicefdp.exe`,
    );
  });
});

describe('documents: access', () => {
  it('answers 404 to another user for every document call, and 401 without a token', async () => {
    const document = await docs.create();
    const part = await docs.uploadOk(document.id, 'a.pdf', pdf());
    expect((await other.get(document.id)).statusCode).toBe(404);
    expect((await other.upload(document.id, 'b.pdf', pdf())).statusCode).toBe(404);
    const calls = [
      { method: 'GET' as const, url: `/api/v1/documents/${document.id}/convertion_data` },
      { method: 'POST' as const, url: `/api/v1/documents/${document.id}/file_clean`, payload: {} },
      {
        method: 'PATCH' as const,
        url: `/api/v1/documents/${document.id}`,
        payload: { parts: [{ id: part.id, order: 0 }] },
      },
    ];
    for (const call of calls) {
      expect((await t.app.inject({ ...call, headers: other.headers })).statusCode).toBe(404);
      expect((await t.app.inject(call)).statusCode).toBe(401);
    }
    expect((await docs.get(document.id)).json<Document>().parts).toHaveLength(1);
    const malformed = await docs.get('not-a-uuid');
    expect(malformed.statusCode).toBe(400);
  });
});
