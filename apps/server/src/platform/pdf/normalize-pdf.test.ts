import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDF, PdfDict, PdfName, PdfString } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { pdfsig } from '../../../test/poppler.js';
import { CONVERSION_MESSAGES } from './conversion-error.js';
import { normalizePdf } from './normalize-pdf.js';
import { sealPdf } from './seal/seal-pdf.js';
import { createSigner, generateSelfSigned } from './seal/signing-identity.js';

const corpus = join(import.meta.dirname, '../../../../../../shared/fixtures/real-world');
const load = (path: string) => new Uint8Array(readFileSync(join(corpus, path)));

describe('normalizePdf on real-world files', () => {
  it('keeps a sound PDF as it is and reads Letter page sizes', async () => {
    const input = load('pdf/text_multipage_tracemonkey_14p.pdf');
    const result = await normalizePdf(input);
    expect(result.bytes).toBe(input);
    expect(result.metadata.pages).toHaveLength(14);
    expect(result.metadata.pages[0]).toEqual({ width: 612, height: 792 });
    expect(result.warning).toBeNull();
  });

  it('reads mixed, landscape, cropped and rotated page sizes as a reader shows them', async () => {
    const mixed = await normalizePdf(load('pdf/mixed_page_sizes_6p.pdf'));
    expect(mixed.metadata.pages.map((page) => [Math.round(page.width), Math.round(page.height)])).toEqual([
      [384, 471],
      [2160, 2160],
      [719, 300],
      [719, 300],
      [612, 792],
      [792, 612],
    ]);
    // The crop box [10 20 582 752] is 572 x 732 points: @libpdf/core's page boxes took the upper corner for the
    // size (582 x 752), so the page frame is read from the page dictionary instead (seal/page-frame.ts).
    const boxes = await normalizePdf(load('pdf/rotate_0_90_180_270_cropbox_qpdf_boxes.pdf'));
    expect(boxes.metadata.pages.map((page) => [page.width, page.height])).toEqual([
      [572, 732],
      [732, 572],
      [572, 732],
      [732, 572],
      [572, 732],
      [732, 572],
      [572, 732],
      [732, 572],
    ]);
    const a3 = await normalizePdf(load('pdf/rotate270_A3_autocad_diagram.pdf'));
    expect(a3.metadata.pages).toEqual([{ width: 1191, height: 842 }]);
  });

  it('decrypts a PDF that opens without a password', async () => {
    const result = await normalizePdf(load('pdf/encrypted_owner_only_rc4_40bit.pdf'));
    const reloaded = await PDF.load(result.bytes);
    expect(reloaded.isEncrypted).toBe(false);
    expect(reloaded.getPageCount()).toBe(1);
  });

  it('repairs a truncated PDF without xref or trailer', async () => {
    const result = await normalizePdf(load('edge/truncated_no_xref_no_trailer_pdf20.pdf'));
    expect(result.metadata.pages).toEqual([{ width: 612, height: 396 }]);
    expect((await PDF.load(result.bytes)).recoveredViaBruteForce).toBe(false);
  });

  it('keeps a signed PDF byte for byte and says when its signatures break', async () => {
    const input = load('pdf/signed_pkcs7_detached_2011.pdf');
    const result = await normalizePdf(input);
    expect(result.bytes).toBe(input);
    expect(result.warning).toBe(CONVERSION_MESSAGES.existingSignatures);
  });

  it('does not call usage rights (/UR3) signatures, nor a form without signatures', async () => {
    // The IRS XFA form has usage rights and document-level scripts: the scripts go, with no word of signatures.
    const input = load('pdf/xfa_form_irs1040.pdf');
    expect(Buffer.from(input).includes('/UR3')).toBe(true);
    const irs = await normalizePdf(input);
    expect(irs.activeContent).toBe('removed');
    expect(irs.warning).toBe(CONVERSION_MESSAGES.activeContentRemoved);
    expect((await normalizePdf(load('pdf/acroform_combed_fields_mixed_orientation_13p.pdf'))).warning).toBeNull();
  });

  it('does not call a DocMDP entry without a signature value a signature', async () => {
    const pdf = await PDF.load(load('pdf/pdf20_latex_2p.pdf'));
    const unsigned = pdf.context.register(PdfDict.of({ Type: PdfName.of('Sig'), Contents: PdfString.fromHex('0000') }));
    pdf.getCatalog().set('Perms', PdfDict.of({ DocMDP: unsigned }));
    expect((await normalizePdf(await pdf.save())).warning).toBeNull();
  });

  it('says plainly that the signatures of an encrypted signed PDF are removed', async () => {
    // An encrypted file that opens without a password, signed (by the seal, on the fly): rewritten decrypted.
    const signed = await sealPdf({
      original: load('pdf/encrypted_owner_only_rc4_40bit.pdf'),
      fields: [],
      certificate: { title: 'T', documentId: 'd', completedAt: null, signers: [] },
      signer: await createSigner(generateSelfSigned('Earlier signer', new Date())),
      signingTime: new Date(),
    });
    expect(pdfsig(signed.bytes)).toContain('Earlier signer');
    const result = await normalizePdf(signed.bytes);
    expect(result.warning).toBe(CONVERSION_MESSAGES.existingSignaturesRemoved);
    expect((await PDF.load(result.bytes)).isEncrypted).toBe(false);
  });

  it("removes a form's scripts (document-level and the fields' own) and keeps its fields and links", async () => {
    const input = load('pdf/javascript_form_scribus.pdf');
    const result = await normalizePdf(input);
    expect(result.activeContent).toBe('removed');
    expect(result.warning).toBe(CONVERSION_MESSAGES.activeContentRemoved);
    const text = Buffer.from(result.bytes).toString('latin1');
    expect(text).not.toContain('/JavaScript');
    expect(text).not.toContain('this.getField');
    expect(text).toContain('https://cccsbg.at/about/statuten.pdf');
    const before = (await PDF.load(input)).getForm()?.getFields().length;
    expect((await PDF.load(result.bytes)).getForm()?.getFields()).toHaveLength(before ?? -1);
  });

  it('keeps an /OpenAction that only opens a page, byte for byte', async () => {
    const input = load('pdf/pdf20_latex_2p.pdf');
    expect(Buffer.from(input).includes('/OpenAction')).toBe(true);
    expect((await normalizePdf(input)).bytes).toBe(input);
  });

  it.each([
    ['pdf/encrypted_user_password_ELXRTQWS.pdf', CONVERSION_MESSAGES.passwordProtected],
    ['edge/header_only_invalid.pdf', CONVERSION_MESSAGES.damaged],
    ['edge/zero_bytes.pdf', CONVERSION_MESSAGES.empty],
  ])('refuses %s with a sentence for the user', async (path, message) => {
    await expect(normalizePdf(load(path))).rejects.toThrow(message);
  });
});
