import { type Document, MESSAGES } from '@esign/shared';
import { PDF } from '@libpdf/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { includesText, pdfWith, SCRIPT_MARKERS, signed } from '../../../test/active-content.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { documentClient } from '../../../test/documents.js';
import { documents } from '../../platform/db/schema.js';
import { CONVERSION_MESSAGES } from '../../platform/pdf/conversion-error.js';

let t: TestApp;
let docs: ReturnType<typeof documentClient>;
let other: ReturnType<typeof documentClient>;
let signedScripted: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  const auth = authClient(t.app);
  docs = documentClient(t.app, (await auth.loggedInUser()).accessToken);
  other = documentClient(t.app, (await auth.loggedInUser()).accessToken);
  signedScripted = Buffer.from(await signed(await pdfWith(['openActionJavaScript', 'pageAdditionalActions'])));
});
afterAll(async () => {
  await t?.close();
});

function choose(client: ReturnType<typeof documentClient>, documentId: string, partId: string, choice: string) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/v1/documents/${documentId}/parts/${partId}/active_content`,
    headers: client.headers,
    payload: { choice },
  });
}

/** A draft whose first part is a signed PDF with an /OpenAction script (kept as uploaded), converted. */
async function draftWithSignedScript(extra: Buffer[] = []) {
  const document = await docs.create();
  const part = await docs.uploadOk(document.id, 'signed.pdf', signedScripted);
  for (const [index, file] of extra.entries()) await docs.uploadOk(document.id, `plain-${index}.pdf`, file);
  await docs.waitUntilFinished(document.id);
  return { documentId: document.id, partId: part.id };
}

const storedPdf = async (documentId: string) => {
  const document = (await docs.get(documentId)).json<Document>();
  return new Uint8Array(await t.app.platform.storage.getBuffer(document.pdfFileKey ?? ''));
};

describe('PATCH documents/{id}/parts/{partId}/active_content', () => {
  it('keeps a signed file with active content as uploaded and offers the choice; keep records it', async () => {
    const { documentId, partId } = await draftWithSignedScript();
    const document = (await docs.get(documentId)).json<Document>();
    expect(document.parts[0]).toMatchObject({
      activeContent: 'found',
      warningText: CONVERSION_MESSAGES.activeContentInSignedFile,
      filesUploaded: true,
    });
    expect(Buffer.from(await storedPdf(documentId)).equals(signedScripted)).toBe(true);

    const kept = await choose(docs, documentId, partId, 'keep');
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<Document>().parts[0]?.activeContent).toBe('kept');
    expect(kept.json<Document>().pdfFileKey).toBe(document.pdfFileKey);
    expect(Buffer.from(await storedPdf(documentId)).equals(signedScripted)).toBe(true);
  });

  it('removes the active content on request, converting the part again and combining the document anew', async () => {
    const { documentId, partId } = await draftWithSignedScript([Buffer.from(await pdfWith())]);
    const before = (await docs.get(documentId)).json<Document>();
    expect(includesText(await storedPdf(documentId), SCRIPT_MARKERS.pageOpen)).toBe(true);

    const removing = await choose(docs, documentId, partId, 'remove');
    expect(removing.statusCode, removing.body).toBe(200);
    expect(removing.json<Document>().parts[0]).toMatchObject({ activeContent: 'removed', filesUploaded: false });
    expect(removing.json<Document>().pdfFileKey).toBeNull();

    await docs.waitUntilFinished(documentId);
    const after = (await docs.get(documentId)).json<Document>();
    expect(after.parts[0]).toMatchObject({
      activeContent: 'removed',
      warningText: CONVERSION_MESSAGES.activeContentRemovedFromSignedFile,
      filesUploaded: true,
    });
    expect(after.pdfMetadata).toEqual(before.pdfMetadata);
    const combined = await storedPdf(documentId);
    for (const marker of Object.values(SCRIPT_MARKERS)) expect(includesText(combined, marker)).toBe(false);
    expect((await PDF.load(combined)).getPageCount()).toBe(4);

    // Done: there is nothing left to choose about.
    const again = await choose(docs, documentId, partId, 'remove');
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(MESSAGES.activeContentNotChoosable);
  });

  it("answers 404 for another account's document and changes nothing", async () => {
    const { documentId, partId } = await draftWithSignedScript();
    for (const choice of ['keep', 'remove']) {
      const response = await choose(other, documentId, partId, choice);
      expect(response.statusCode).toBe(404);
      expect(response.json<{ message: string }>().message).toBe(MESSAGES.documentNotFound);
    }
    expect((await docs.get(documentId)).json<Document>().parts[0]?.activeContent).toBe('found');
  });

  it('refuses a part of another document, a bad choice, a file without active content and a sent document', async () => {
    const { documentId, partId } = await draftWithSignedScript();
    const plain = await docs.create();
    const plainPart = await docs.uploadOk(plain.id, 'plain.pdf', Buffer.from(await pdfWith()));
    await docs.waitUntilFinished(plain.id);

    const elsewhere = await choose(docs, plain.id, partId, 'keep');
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json<{ message: string }>().message).toBe(MESSAGES.partNotFound);
    expect((await choose(docs, documentId, partId, 'delete')).statusCode).toBe(400);
    const nothing = await choose(docs, plain.id, plainPart.id, 'remove');
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json<{ message: string }>().message).toBe(MESSAGES.activeContentNotChoosable);

    await t.app.platform.database.db.update(documents).set({ status: 'awaiting' }).where(eq(documents.id, documentId));
    const sent = await choose(docs, documentId, partId, 'remove');
    expect(sent.statusCode).toBe(409);
    expect(sent.json<{ message: string }>().message).toBe(MESSAGES.documentNotDraft);
  });
});
