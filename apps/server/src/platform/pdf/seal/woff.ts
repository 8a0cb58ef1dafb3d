import { inflateSync } from 'node:zlib';

/**
 * Turns a WOFF 1.0 font (what the @fontsource packages ship) back into the TrueType/OpenType file it wraps, so the
 * PDF library can embed and subset it. Each table is stored zlib-compressed or as it is; the header and table
 * directory are rebuilt with 4-byte aligned offsets.
 */
export function woffToSfnt(woff: Uint8Array): Uint8Array {
  const input = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (input.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font');
  const flavor = input.readUInt32BE(4);
  const numTables = input.readUInt16BE(12);
  const tables: { tag: number; checksum: number; data: Buffer }[] = [];
  for (let index = 0; index < numTables; index++) {
    const entry = 44 + index * 20;
    const tag = input.readUInt32BE(entry);
    const offset = input.readUInt32BE(entry + 4);
    const compLength = input.readUInt32BE(entry + 8);
    const origLength = input.readUInt32BE(entry + 12);
    const checksum = input.readUInt32BE(entry + 16);
    const stored = input.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : Buffer.from(stored);
    if (data.length !== origLength) throw new Error('damaged WOFF table');
    tables.push({ tag, checksum, data });
  }
  let searchRange = 1;
  let entrySelector = 0;
  while (searchRange * 2 <= numTables) {
    searchRange *= 2;
    entrySelector++;
  }
  const headerLength = 12 + numTables * 16;
  const total = tables.reduce((sum, table) => sum + align4(table.data.length), headerLength);
  const output = Buffer.alloc(total);
  output.writeUInt32BE(flavor, 0);
  output.writeUInt16BE(numTables, 4);
  output.writeUInt16BE(searchRange * 16, 6);
  output.writeUInt16BE(entrySelector, 8);
  output.writeUInt16BE(numTables * 16 - searchRange * 16, 10);
  let offset = headerLength;
  tables.forEach((table, index) => {
    const entry = 12 + index * 16;
    output.writeUInt32BE(table.tag, entry);
    output.writeUInt32BE(table.checksum, entry + 4);
    output.writeUInt32BE(offset, entry + 8);
    output.writeUInt32BE(table.data.length, entry + 12);
    table.data.copy(output, offset);
    offset += align4(table.data.length);
  });
  return new Uint8Array(output.buffer, output.byteOffset, output.byteLength);
}

function align4(length: number): number {
  return (length + 3) & ~3;
}
