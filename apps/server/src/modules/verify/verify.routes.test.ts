import { execFileSync } from 'node:child_process';
import { MESSAGES } from '@esign/shared';
import { PDF } from '@libpdf/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, waitForMail } from '../../../test/app.js';
import { corpusFile } from '../../../test/documents.js';
import { awaitingDocument, signerClient, waitForSealed } from '../../../test/signing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function verify(bytes: Uint8Array, name = 'file.pdf', remoteAddress = '127.0.0.1') {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  return t.app.inject({ method: 'POST', url: '/api/v1/verify', payload: form, remoteAddress });
}

/** A document signed by one signer and sealed by this instance: its sealed bytes. */
async function sealedPdf(): Promise<{ bytes: Buffer; title: string }> {
  const doc = await awaitingDocument(t.app, { title: 'Verified lease', signers: [{ fields: [{ type: 'checkbox' }] }] });
  const [signer] = doc.signers;
  if (!signer) throw new Error('signer');
  const answer = await signerClient(t.app, signer.token)(
    'PATCH',
    `/document_sign/documents/${doc.documentId}/signers/${signer.id}/sign`,
    { fields: [{ id: signer.fieldIds[0], checked: true }], consent: 'I agree' },
  );
  expect(answer.statusCode).toBe(200);
  const row = await waitForSealed(t.app, doc.documentId);
  return { bytes: await t.app.platform.storage.getBuffer(row.resultPdfFileKey ?? ''), title: 'Verified lease' };
}

describe('POST /verify', () => {
  it("says 'intact' for a sealed file, with the document's title and signers", async () => {
    const { bytes } = await sealedPdf();
    const answer = await verify(bytes);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.verdict).toBe('intact');
    expect(body.signatures).toHaveLength(1);
    expect(body.signatures[0]).toMatchObject({ isValid: true, coversWholeFile: true });
    expect(body.signatures[0].signer.subject).toContain('CN=');
    expect(body.sealedDocument).toMatchObject({ title: 'Verified lease', signers: [{ name: 'Signer 1' }] });
    // The certificate of completion and the completion mails point at this page.
    const text = execFileSync('pdftotext', ['-', '-'], { input: bytes }).toString();
    expect(text.replace(/\s+/g, ' ')).toContain('Verify this document at http://localhost:3000/verify');
    const mail = await waitForMail(t.app, body.sealedDocument.signers[0].email);
    expect(mail.text).toContain('Verify this document at http://localhost:3000/verify');
  });

  it("says 'changed after sealing' for the same file with an incremental update adding a page", async () => {
    const { bytes } = await sealedPdf();
    const pdf = await PDF.load(bytes);
    pdf.addPage();
    const changed = await pdf.save({ incremental: true });
    expect(Buffer.from(changed.subarray(0, bytes.length)).equals(bytes)).toBe(true);
    const body = (await verify(changed)).json();
    expect(body.verdict).toBe('changedAfterSealing');
    // The signature itself still verifies over what it signed; only its coverage betrays the change.
    expect(body.signatures[0]).toMatchObject({ isValid: true, coversWholeFile: false });
    expect(body.sealedDocument.title).toBe('Verified lease');
    // Update by update: the seal (covered by its signature), then the page added after it.
    expect(body.evidence.updates).toEqual([
      { kinds: expect.arrayContaining(['signature']), isCovered: true },
      { kinds: expect.arrayContaining(['page']), isCovered: false },
    ]);
    // Without authorities a seal is B-B, by a self-signed certificate.
    expect(body.evidence.level).toBe('B-B');
    expect(body.signatures[0]).toMatchObject({ kind: 'signature', isSelfSigned: true, timestamp: null });
  });

  it("says 'invalid' when a signed byte changed, 'not sealed by this service' and 'no signature' for others' files", async () => {
    const { bytes } = await sealedPdf();
    const tampered = Buffer.from(bytes);
    const at = tampered.indexOf('/Type');
    tampered[at + 1] = 'X'.charCodeAt(0);
    expect((await verify(tampered)).json().verdict).toBe('invalid');

    const elsewhere = (await verify(corpusFile('pdf/signed_pkcs7_detached_2011.pdf'))).json();
    // A qualified signature of 2011 (pdfsig: 'Signature is Valid.', 'Total document signed').
    expect(elsewhere.verdict).toBe('notSealedHere');
    expect(elsewhere.signatures[0]).toMatchObject({ isValid: true, coversWholeFile: true });
    expect(elsewhere.signatures[0].signer.subject).toContain('CN=Paul Frey');
    expect(elsewhere.sealedDocument).toBeNull();

    const plain = (await verify(corpusFile('pdf/pdf20_latex_2p.pdf'))).json();
    expect(plain).toMatchObject({ verdict: 'noSignature', signatures: [], sealedDocument: null });

    const notPdf = await verify(Buffer.from('hello'), 'a.txt');
    expect(notPdf.statusCode).toBe(400);
  });

  it('answers one address 30 checks a minute, then 429 with Retry-After; another address is not held back', async () => {
    const plain = Buffer.from('%PDF-1.4\n%%EOF\n');
    const answers = [];
    for (let call = 0; call < 31; call++) answers.push(await verify(plain, 'plain.pdf', '203.0.113.7'));
    expect(answers.slice(0, 30).every((answer) => answer.statusCode !== 429)).toBe(true);
    const limited = answers[30];
    expect(limited?.statusCode).toBe(429);
    expect(limited?.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: MESSAGES.tooManyRequests });
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    expect((await verify(plain, 'plain.pdf', '203.0.113.8')).statusCode).not.toBe(429);
  });
});
