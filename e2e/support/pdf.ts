/**
 * A plain multi-page PDF made on the fly (Helvetica text and a few lines a page), for tests and benchmarks that
 * need a document of a given length without shipping one.
 */
export function makePdf(pageCount: number, size = { width: 612, height: 792 }): Buffer {
  const objects: string[] = [];
  const pageIds: number[] = [];
  // 1: catalog, 2: pages, 3: font; then a page and its content stream for each page.
  for (let index = 0; index < pageCount; index++) {
    const pageId = 4 + index * 2;
    pageIds.push(pageId);
    const lines = Array.from(
      { length: 30 },
      (_, line) => `72 ${size.height - 120 - line * 20} m ${size.width - 72} ${size.height - 120 - line * 20} l S`,
    ).join('\n');
    const content = `BT /F1 28 Tf 72 ${size.height - 80} Td (Page ${index + 1}) Tj ET\n0.8 G\n${lines}`;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${size.width} ${size.height}] ` +
      `/Resources << /Font << /F1 3 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`;
  }
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageCount} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(body);
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xrefAt = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * A PDF like a colour scan: each page one uncompressed RGB picture of `bytesPerPage` bytes of noise (so nothing in
 * the pipeline can shrink it), for benchmarks that need a large file of a known size.
 */
export function makeScanPdf(pageCount: number, bytesPerPage: number, size = { width: 612, height: 792 }): Buffer {
  const width = 1200;
  const height = Math.max(1, Math.floor(bytesPerPage / (width * 3)));
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (part: Buffer | string) => {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    parts.push(bytes);
    length += bytes.length;
  };
  const object = (id: number, ...body: (Buffer | string)[]) => {
    offsets[id] = length;
    push(`${id} 0 obj\n`);
    for (const part of body) push(part);
    push('\nendobj\n');
  };
  push('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  const pageIds = Array.from({ length: pageCount }, (_, index) => 3 + index * 3);
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageCount} >>`);
  for (const pageId of pageIds) {
    const content = `q ${size.width} 0 0 ${size.height} 0 0 cm /Im0 Do Q`;
    object(
      pageId,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${size.width} ${size.height}] ` +
        `/Resources << /XObject << /Im0 ${pageId + 2} 0 R >> >> /Contents ${pageId + 1} 0 R >>`,
    );
    object(pageId + 1, `<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    const pixels = Buffer.alloc(width * height * 3);
    for (let index = 0; index < pixels.length; index++) pixels[index] = 200 + Math.floor(Math.random() * 56);
    object(
      pageId + 2,
      `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB ` +
        `/BitsPerComponent 8 /Length ${pixels.length} >>\nstream\n`,
      pixels,
      '\nendstream',
    );
  }
  const count = 3 + pageCount * 3;
  const xrefAt = length;
  push(`xref\n0 ${count}\n0000000000 65535 f \n`);
  for (let id = 1; id < count; id++) push(`${String(offsets[id]).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`);
  return Buffer.concat(parts);
}

/** A 1 x 1 PNG: an image a signer uploads or draws, where its look does not matter. */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
