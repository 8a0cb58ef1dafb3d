import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Document } from '@esign/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { corpusDir, corpusFile, documentClient } from '../../../test/documents.js';

/**
 * Every file of the shared real-world corpus goes through the real upload and conversion: each ends
 * converted with the right page count, or with a part error a user understands. None answers 5xx and
 * none stays unfinished. Office page counts are those LibreOffice's own `--convert-to pdf` gives.
 */
const EXPECTED: Record<string, number | RegExp> = {
  'pdf/text_multipage_tracemonkey_14p.pdf': 14,
  'pdf/scanned_image_only_epson_A4.pdf': 1,
  'pdf/mixed_page_sizes_6p.pdf': 6,
  'pdf/rotate_0_90_180_270_cropbox_qpdf_boxes.pdf': 8,
  'pdf/rotate270_A3_autocad_diagram.pdf': 1,
  'pdf/acroform_combed_fields_mixed_orientation_13p.pdf': 13,
  'pdf/xfa_form_irs1040.pdf': 2,
  'pdf/annotations_highlight_ink_stamp_popup.pdf': 14,
  'pdf/encrypted_owner_only_rc4_40bit.pdf': 1,
  'pdf/encrypted_user_password_ELXRTQWS.pdf': /protected by a password/,
  'pdf/signed_pkcs7_detached_2011.pdf': 1,
  'pdf/linearized_objstm_206p_irs1040_instructions.pdf': 206,
  'pdf/pdf20_latex_2p.pdf': 2,
  'pdf/cjk_chinese_table.pdf': 1,
  'pdf/javascript_form_scribus.pdf': 1,
  'office/docx_table_image_cyrillic.docx': 15,
  'office/doc_legacy_travel_form_utas.doc': 3,
  // 71 with Debian's Noto fonts installed (its Calibri falls back to Noto Sans); 95 with only Liberation and DejaVu.
  'office/xlsx_30_sheets_kyc_spec.xlsx': 71,
  'office/xls_legacy_govdocs1_bankruptcy_table.xls': 2,
  'office/pptx_24_slides_capstone.pptx': 24,
  'office/ppsx_slideshow_3_slides.ppsx': 3,
  'office/ppt_legacy_fpki_security.ppt': 23,
  'office/rtf_credit_card_agreement_tables.rtf': 7,
  'images/png_rgba_semitransparent_dice.png': 1,
  'images/png_content_only_in_alpha_channel.png': 1,
  'images/jpeg_exif_orientation_6.jpg': 1,
  'images/gif_animated_42_frames.gif': 1,
  'images/bmp_v5_header_24bit.bmp': 1,
  'images/jpeg_giant_20000x14000.jpg': /too large/,
  'text/txt_utf8_multiscript_UTF-8-demo.txt': 4,
  'edge/truncated_no_xref_no_trailer_pdf20.pdf': 1,
  'edge/header_only_invalid.pdf': /damaged/,
  'edge/zero_bytes.pdf': /empty/,
};

let t: TestApp;
let docs: ReturnType<typeof documentClient>;
beforeAll(async () => {
  t = await createTestApp();
  docs = documentClient(t.app, (await authClient(t.app).loggedInUser()).accessToken);
});
afterAll(async () => {
  await t?.close();
});

describe('the real-world corpus', () => {
  it('names every file of the corpus', () => {
    const files = ['pdf', 'office', 'images', 'text', 'edge'].flatMap((folder) =>
      readdirSync(join(corpusDir, folder)).map((name) => `${folder}/${name}`),
    );
    expect(files.sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.entries(EXPECTED))('%s', { timeout: 120_000 }, async (path, expected) => {
    const document = await docs.create();
    const upload = await docs.upload(document.id, path.split('/').pop() ?? path, corpusFile(path));
    expect(upload.statusCode).toBe(200);
    const finished = await docs.waitUntilFinished(document.id, 110_000);
    const part = finished.parts[0];
    if (typeof expected === 'number') {
      expect(part?.errorText).toBeNull();
      expect(part?.pagesTotal).toBe(expected);
      const combined = (await docs.get(document.id)).json<Document>();
      expect(combined.pdfMetadata?.pages).toHaveLength(expected);
      for (const page of combined.pdfMetadata?.pages ?? []) {
        expect(page.width).toBeGreaterThan(0);
        expect(page.height).toBeGreaterThan(0);
      }
    } else {
      expect(part?.errorText).toMatch(expected);
    }
  });
});
