// Cause (issue 33): office files went to LibreOffice whatever they unpacked to, so a 199 KB DOCX of 68 MB of XML
// held it at 3.2 GB for minutes; nothing read the zip before LibreOffice did.
import { describe, expect, it } from 'vitest';
import { corpusFile } from '../../../test/documents.js';
import { paragraphBombDocx, randomWordsDocx, smallDocx, zipOf } from '../../../test/office-bombs.js';
import { checkOfficeArchive, isZip, OFFICE_ARCHIVE_LIMITS } from './office-archive.js';

describe('checking an office file before LibreOffice reads it', () => {
  it('refuses the attack file: 68 MB of XML packed 340 times', async () => {
    const bomb = paragraphBombDocx();
    expect(bomb.byteLength).toBeLessThan(250_000);
    expect(await checkOfficeArchive(bomb)).toBe('too-compressed');
  });

  it('unpacks to find the sizes, whatever the headers state', async () => {
    const bomb = Buffer.from(paragraphBombDocx());
    // Every header's stated unpacked size rewritten to 1 KB.
    for (let at = 0; at < bomb.length - 4; at++) {
      const signature = bomb.readUInt32LE(at);
      if (signature === 0x04034b50) bomb.writeUInt32LE(1024, at + 22);
      if (signature === 0x02014b50) bomb.writeUInt32LE(1024, at + 24);
    }
    expect(await checkOfficeArchive(bomb)).toBe('too-compressed');
  });

  it('refuses more entries than any document has', async () => {
    const entries = Array.from({ length: OFFICE_ARCHIVE_LIMITS.maxEntries + 1 }, (_, index) => ({
      name: `part-${index}.xml`,
      data: Buffer.from('<a/>'),
    }));
    expect(await checkOfficeArchive(zipOf(entries))).toBe('too-many-entries');
  });

  it('refuses a file that unpacks past the total, however well it packs', async () => {
    const limits = { ...OFFICE_ARCHIVE_LIMITS, maxUnpackedBytes: 1024 * 1024 };
    expect(await checkOfficeArchive(randomWordsDocx(50_000), limits)).toBe('too-large');
  });

  it.each([
    'office/docx_table_image_cyrillic.docx',
    'office/xlsx_30_sheets_kyc_spec.xlsx',
    'office/pptx_24_slides_capstone.pptx',
    'office/ppsx_slideshow_3_slides.ppsx',
  ])('lets the real file %s through', async (path) => {
    const file = corpusFile(path);
    expect(isZip(file)).toBe(true);
    expect(await checkOfficeArchive(file)).toBe('ok');
  });

  it('lets a long document that packs like text through (its memory is bounded during the conversion)', async () => {
    expect(await checkOfficeArchive(randomWordsDocx(100_000))).toBe('ok');
    expect(await checkOfficeArchive(smallDocx())).toBe('ok');
  });

  it('leaves what it cannot read as a zip to LibreOffice', async () => {
    const truncated = smallDocx().subarray(0, 200);
    expect(isZip(truncated)).toBe(true);
    expect(await checkOfficeArchive(truncated)).toBe('ok');
    expect(isZip(corpusFile('office/doc_legacy_travel_form_utas.doc'))).toBe(false);
  });
});
