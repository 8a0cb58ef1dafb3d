import { randomBytes } from 'node:crypto';
import { crc32, deflateRawSync } from 'node:zlib';

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
const DOCUMENT_START =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>';
const DOCUMENT_END = '</w:body></w:document>';

/** A zip of deflated entries (local headers, data, central directory), made with Node's own zlib. */
export function zipOf(entries: { name: string; data: Uint8Array }[]): Uint8Array {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const deflated = deflateRawSync(entry.data);
    const fields = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at); // version needed
      header.writeUInt16LE(0, at + 2); // flags
      header.writeUInt16LE(8, at + 4); // deflate
      header.writeUInt32LE(0, at + 6); // time and date
      header.writeUInt32LE(crc32(entry.data), at + 10);
      header.writeUInt32LE(deflated.length, at + 14);
      header.writeUInt32LE(entry.data.byteLength, at + 18);
      header.writeUInt16LE(name.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    fields(local, 4);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4); // version made by
    fields(record, 6);
    record.writeUInt32LE(offset, 42);
    locals.push(local, name, deflated);
    central.push(record, name);
    offset += local.length + name.length + deflated.length;
  }
  const centralSize = central.reduce((total, part) => total + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...central, end]);
}

/**
 * A DOCX of `paragraphs` paragraphs, made in memory. `text` makes each paragraph's text: the same letter for all
 * gives the attack's file of issue 33 (2,000,000 one-letter paragraphs: 68 MB of XML in a 199 KB file); random
 * words give a file as heavy for LibreOffice that compresses only about 5 times, like any long document.
 */
export function docxOfParagraphs(paragraphs: number, text?: (index: number) => string): Uint8Array {
  const paragraph = (content: string) => `<w:p><w:r><w:t>${content}</w:t></w:r></w:p>`;
  const body = text
    ? Array.from({ length: paragraphs }, (_, index) => paragraph(text(index))).join('')
    : paragraph('a').repeat(paragraphs);
  return zipOf([
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
    { name: '_rels/.rels', data: Buffer.from(RELS) },
    { name: 'word/document.xml', data: Buffer.from(DOCUMENT_START + body + DOCUMENT_END) },
  ]);
}

/** The attack's file of issue 33: 2,000,000 one-letter paragraphs (68 MB of XML, about 200 KB zipped). */
export function paragraphBombDocx(): Uint8Array {
  return docxOfParagraphs(2_000_000);
}

/** Eight random lowercase letters per paragraph: a long document that compresses like real text does. */
export function randomWordsDocx(paragraphs: number): Uint8Array {
  const letters = randomBytes(paragraphs * 8);
  return docxOfParagraphs(paragraphs, (index) =>
    String.fromCharCode(...letters.subarray(index * 8, index * 8 + 8).map((byte) => 97 + (byte % 26))),
  );
}

/** A small DOCX of a few paragraphs of text. */
export function smallDocx(): Uint8Array {
  return docxOfParagraphs(20, (index) => `Paragraph ${index + 1} of a small contract.`);
}
