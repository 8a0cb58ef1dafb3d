import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MESSAGES } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import { detectFile } from './detect.js';

const corpus = join(import.meta.dirname, '../../../../../../shared/fixtures/real-world');
const fixture = (path: string) => readFileSync(join(corpus, path));

describe('detectFile', () => {
  it.each([
    ['pdf/text_multipage_tracemonkey_14p.pdf', 'pdf'],
    ['edge/header_only_invalid.pdf', 'pdf'],
    ['edge/truncated_no_xref_no_trailer_pdf20.pdf', 'pdf'],
    ['images/jpeg_exif_orientation_6.jpg', 'image'],
    ['images/png_rgba_semitransparent_dice.png', 'image'],
    ['images/gif_animated_42_frames.gif', 'image'],
    ['images/bmp_v5_header_24bit.bmp', 'image'],
    ['office/docx_table_image_cyrillic.docx', 'office'],
    ['office/doc_legacy_travel_form_utas.doc', 'office'],
    ['office/xlsx_30_sheets_kyc_spec.xlsx', 'office'],
    ['office/xls_legacy_govdocs1_bankruptcy_table.xls', 'office'],
    ['office/pptx_24_slides_capstone.pptx', 'office'],
    ['office/ppsx_slideshow_3_slides.ppsx', 'office'],
    ['office/ppt_legacy_fpki_security.ppt', 'office'],
    ['office/rtf_credit_card_agreement_tables.rtf', 'office'],
    ['text/txt_utf8_multiscript_UTF-8-demo.txt', 'office'],
  ])('recognises %s as %s', async (path, kind) => {
    const name = path.split('/').pop() ?? path;
    expect((await detectFile(name, fixture(path))).kind).toBe(kind);
  });

  it('accepts an empty file, which then fails its conversion', async () => {
    expect(await detectFile('zero_bytes.pdf', fixture('edge/zero_bytes.pdf'))).toMatchObject({ kind: 'pdf' });
  });

  it('refuses content that does not match the extension', async () => {
    const png = fixture('images/png_rgba_semitransparent_dice.png');
    await expect(detectFile('contract.pdf', png)).rejects.toThrow(MESSAGES.fileContentMismatch);
    await expect(detectFile('contract.docx', png)).rejects.toThrow(MESSAGES.fileContentMismatch);
    await expect(detectFile('notes.txt', png)).rejects.toThrow(MESSAGES.fileContentMismatch);
    const pdf = fixture('pdf/pdf20_latex_2p.pdf');
    await expect(detectFile('photo.jpg', pdf)).rejects.toThrow(MESSAGES.fileContentMismatch);
  });

  it('refuses types the product does not accept', async () => {
    await expect(detectFile('program.exe', Buffer.from('MZ'))).rejects.toThrow(MESSAGES.fileTypeNotAllowed);
    await expect(detectFile('noextension', Buffer.from('x'))).rejects.toThrow(MESSAGES.fileTypeNotAllowed);
  });
});
