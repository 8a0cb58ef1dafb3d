import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blankField } from '@esign/shared';
import { PDF } from '@libpdf/core';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusFile } from '../../../../test/documents.js';
import { pdfsig, pdftotext } from '../../../../test/poppler.js';
import { formatInstant } from './certificate.js';
import { sealPdf, sha256Hex } from './seal-pdf.js';
import { assertSealingCertificate, createSigner, generateSelfSigned, loadSigningIdentity } from './signing-identity.js';
import { TEST_MODE_WATERMARK } from './watermark.js';

const dataDir = mkdtempSync(join(tmpdir(), 'esign-seal-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('signing identity', { timeout: 120_000 }, () => {
  it('generates a self-signed certificate once, kept in a file only its owner reads', () => {
    const first = loadSigningIdentity({ dataDir });
    const second = loadSigningIdentity({ dataDir });
    expect(Buffer.from(second.p12).equals(Buffer.from(first.p12))).toBe(true);
    expect(statSync(join(dataDir, 'signing-certificate.json')).mode & 0o777).toBe(0o600);
  });

  it('uses the configured PKCS#12 and its password', async () => {
    const configured = generateSelfSigned('Configured Seal', new Date());
    const path = join(dataDir, 'configured.p12');
    writeFileSync(path, configured.p12);
    const identity = loadSigningIdentity({ dataDir, p12Path: path, password: configured.password });
    expect(identity.password).toBe(configured.password);
    const original = new Uint8Array(corpusFile('pdf/pdf20_latex_2p.pdf'));
    const sealed = await sealPdf({
      original,
      fields: [],
      certificate: { title: 'T', documentId: 'd', completedAt: null, signers: [] },
      signer: await createSigner(identity),
      signingTime: new Date(),
    });
    expect(pdfsig(sealed.bytes)).toContain('Signer Certificate Common Name: Configured Seal');
  });
});

describe('sealing certificate checks', () => {
  /** A self-signed certificate made by openssl with the given key usage and validity: its DER. */
  function opensslCertificate(keyUsage: string, days: number): Uint8Array {
    const dir = mkdtempSync(join(tmpdir(), 'esign-cert-'));
    try {
      execFileSync('openssl', [
        ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'k.pem'), '-out', join(dir, 'c.pem')],
        ...['-days', String(days), '-subj', '/CN=Operator Seal', '-addext', `keyUsage=${keyUsage}`],
      ]);
      return new Uint8Array(execFileSync('openssl', ['x509', '-in', join(dir, 'c.pem'), '-outform', 'DER']));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('refuses an expired certificate and one without digitalSignature, naming it; accepts a proper one', () => {
    // The cause of a failure now and then: `now` was taken before openssl made the certificate, whose notBefore
    // (whole seconds) could then fall after it ('valid only from'). The instant is taken once both exist (the second
    // one, made after it, failed the same way).
    const proper = opensslCertificate('critical,digitalSignature,nonRepudiation', 30);
    const noSigning = opensslCertificate('critical,keyEncipherment', 30);
    const now = new Date();
    expect(() => assertSealingCertificate(proper, now)).not.toThrow();
    const later = new Date(now.getTime() + 40 * 86_400_000);
    expect(() => assertSealingCertificate(proper, later)).toThrow(
      /SIGNING_CERT_P12: the certificate "Operator Seal" expired on/,
    );
    expect(() => assertSealingCertificate(noSigning, now)).toThrow(/"Operator Seal" has no digitalSignature key usage/);
  });
});

describe('sealPdf', { timeout: 120_000 }, () => {
  it("marks every page of a test document 'not legally binding', and only a test document", async () => {
    // Blank pages, so that the rotated line is the only text to read.
    const blank = PDF.create();
    blank.addPage({ size: 'letter' });
    blank.addPage({ size: 'a4' });
    const original = await blank.save();
    const seal = async (isTestMode: boolean) =>
      sealPdf({
        original,
        fields: [],
        certificate: { title: 'T', documentId: 'd', completedAt: null, signers: [] },
        signer: await createSigner(loadSigningIdentity({ dataDir })),
        signingTime: new Date(),
        isTestMode,
      });
    const marked = await seal(true);
    for (const page of [1, 2]) {
      // Rotated glyphs come out one by one: compared without spaces.
      const text = pdftotext(marked.bytes, { first: page, last: page }, '-raw').replace(/\s+/g, '');
      expect(text).toContain(TEST_MODE_WATERMARK.replace(/\s+/g, ''));
    }
    expect(pdfsig(marked.bytes)).toContain('Total document signed');
    expect(pdftotext((await seal(false)).bytes, {}, '-raw')).not.toContain('BINDING');
  });

  it("keeps an uploaded file's own signature valid for the version it signed (what the upload warning says)", async () => {
    const original = new Uint8Array(corpusFile('pdf/signed_pkcs7_detached_2011.pdf'));
    const sealed = await sealPdf({
      original,
      fields: [],
      certificate: { title: 'T', documentId: 'd', completedAt: null, signers: [] },
      signer: await createSigner(loadSigningIdentity({ dataDir })),
      signingTime: new Date(),
    });
    const [earlier, seal] = pdfsig(sealed.bytes).split(/Signature #2:/);
    expect(earlier).toContain('Signature Field Name: Signature1');
    expect(earlier).toContain('Signature Validation: Signature is Valid.');
    expect(earlier).toContain('Not total document signed');
    expect(seal).toContain('Total document signed');
  });

  it("embeds a signer's attached file as its bytes are, read back the same", async () => {
    // Issue 37: the writer deflated every attached file (in JavaScript), then threw the result away for the PDF, PNG
    // and JPEG files signers attach (compressed already): most of a seal's time with a few MB attached. Now the file
    // is written as it is. A PDF whose streams are not compressed is used here, which deflating would have changed.
    const attachedPdf = PDF.create();
    attachedPdf.addPage({ size: 'a4' }).drawText('Proof of address '.repeat(20), { x: 20, y: 700, size: 8 });
    const file = await attachedPdf.save({ compressStreams: false });
    const sealed = await sealPdf({
      original: new Uint8Array(corpusFile('pdf/pdf20_latex_2p.pdf')),
      fields: [],
      certificate: { title: 'T', documentId: 'd', completedAt: null, signers: [] },
      attachments: [{ name: 'attachment-1-proof.pdf', bytes: file, mimeType: 'application/pdf', description: 'Proof' }],
      signer: await createSigner(loadSigningIdentity({ dataDir })),
      signingTime: new Date(),
    });
    expect(Buffer.from(sealed.bytes).indexOf(Buffer.from(file))).toBeGreaterThan(0);
    expect(
      sha256Hex((await PDF.load(sealed.bytes)).attachments.get('attachment-1-proof.pdf') ?? new Uint8Array()),
    ).toBe(sha256Hex(file));
    expect(pdfsig(sealed.bytes)).toContain('Signature Validation: Signature is Valid.');
  });

  it('stamps, appends the certificate and signs so that pdfsig calls the whole document valid', async () => {
    const original = new Uint8Array(corpusFile('pdf/rotate_0_90_180_270_cropbox_qpdf_boxes.pdf'));
    const signedAt = new Date('2026-03-04T05:06:07.000Z');
    const result = await sealPdf({
      original,
      fields: [
        {
          ...blankField({
            id: 'stamped',
            type: 'text',
            pageNumber: 2,
            coordinateX: 50,
            coordinateY: 60,
            width: 120,
            height: 20,
            text: 'Stamped text',
            fontFamily: 'roboto',
            fontSize: 12,
          }),
          image: null,
        },
      ],
      certificate: {
        title: 'Lease <script>alert(1)</script>',
        documentId: '6f1c2f43-54a4-4c58-a1b8-4b8f0a3e1d11',
        completedAt: signedAt,
        signers: [
          {
            role: 'signer',
            actedAt: null,
            rejection: null,
            name: 'Ёлка Signer',
            email: 'yolka@example.com',
            ipAddress: '203.0.113.7',
            userAgent: `Mozilla/5.0 (X11; Linux x86_64) ${'AppleWebKit/537.36 '.repeat(8)}`,
            sentAt: new Date('2026-03-01T10:00:00.000Z'),
            viewedAt: null,
            signedAt,
            consent: 'I agree to sign electronically.',
          },
        ],
      },
      signer: await createSigner(loadSigningIdentity({ dataDir })),
      signingTime: signedAt,
    });
    expect(result.originalSha256).toBe(sha256Hex(original));
    expect(result.sha256).toBe(sha256Hex(result.bytes));

    const report = pdfsig(result.bytes);
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature Validation: Signature is Valid.');

    const pages = (await PDF.load(result.bytes)).getPageCount();
    expect(pages).toBe(9);
    const certificate = pdftotext(result.bytes, { first: 9, last: 9 });
    for (const expected of [
      'Certificate of completion',
      'Lease <script>alert(1)</script>',
      '6f1c2f43-54a4-4c58-a1b8-4b8f0a3e1d11',
      result.originalSha256,
      'Ёлка Signer',
      'yolka@example.com',
      '203.0.113.7',
      formatInstant(signedAt),
      '2026-03-01 10:00:00 UTC (+00:00)',
      'I agree to sign electronically.',
    ]) {
      expect(certificate).toContain(expected);
    }
    expect(certificate).toMatch(/Viewed\s+unknown/);
    expect(pdftotext(result.bytes, { first: 2, last: 2 })).toContain('Stamped text');
  });
});
