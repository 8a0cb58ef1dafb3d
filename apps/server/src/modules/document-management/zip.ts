import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';
import type { Storage } from '../../platform/storage/storage.js';

export interface ZipEntry {
  key: string;
  name: string;
}

/** A safe, unique file name inside the zip for a document's title. */
export function zipEntryName(title: string, used: Set<string>): string {
  const base =
    [...title]
      .map((char) => (char.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(char) ? '_' : char))
      .join('')
      .trim()
      .slice(0, 100) || 'document';
  let name = `${base}.pdf`;
  for (let copy = 2; used.has(name.toLowerCase()); copy += 1) name = `${base} (${copy}).pdf`;
  used.add(name.toLowerCase());
  return name;
}

/**
 * Streams a zip of the entries, one file after another straight from storage (PDFs are stored, not
 * compressed again), so memory stays flat however many documents are chosen.
 */
export function zipStream(storage: Storage, entries: ZipEntry[]): Readable {
  const output = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      output.destroy(error);
      return;
    }
    output.write(chunk);
    if (final) output.end();
  });
  (async () => {
    for (const entry of entries) {
      const file = new ZipPassThrough(entry.name);
      zip.add(file);
      const source = await storage.get(entry.key);
      for await (const chunk of source) file.push(chunk as Uint8Array);
      file.push(new Uint8Array(0), true);
    }
    zip.end();
  })().catch((error: unknown) => output.destroy(error as Error));
  return output;
}
