import { once } from 'node:events';
import { createInflateRaw } from 'node:zlib';

/**
 * What a zip-based office file (DOCX, XLSX, PPTX, PPSX, ODT) may unpack to before LibreOffice is given it. The
 * attack's file of issue 33 was a 199 KB DOCX whose one XML part unpacked to 68 MB (340 times its packed size)
 * and took LibreOffice to 3.2 GB. Real files are far from these limits:
 * - `maxEntries`: a zip entry is a part of the document (a slide, a sheet, an image, their relationships); a
 *   500-slide presentation has about 2,000. The real-world corpus's largest has 111.
 * - `maxUnpackedBytes`: images and media are stored already compressed, and XML packs 5 to 20 times, so a file
 *   within the 40 MB upload limit unpacks to at most a few hundred MB; LibreOffice needs several times the XML it
 *   reads, so a file past 512 MB could never convert within its memory bound anyway.
 * - `maxRatio` above `ratioFromBytes`: an entry of more than 1 MB that unpacks to over 100 times its packed size is
 *   a bomb, not a document: the rule (and its 1 % figure) of Apache POI's ZipSecureFile, which reads the same
 *   formats. The corpus's parts pack at most 32 times.
 * Sizes are those found by unpacking (the stated ones may lie), stopped as soon as a limit is passed, a few KB at a
 * time, so the check holds no more than that in memory.
 */
export const OFFICE_ARCHIVE_LIMITS = {
  maxEntries: 10_000,
  maxUnpackedBytes: 512 * 1024 * 1024,
  maxRatio: 100,
  ratioFromBytes: 1024 * 1024,
};

export type ArchiveVerdict = 'ok' | 'too-many-entries' | 'too-large' | 'too-compressed';

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_MARKER = 0xffffffff;

interface Entry {
  method: number;
  packedBytes: number;
  dataStart: number;
}

/** Whether the bytes start like a zip (every zip-based office format does). */
export function isZip(bytes: Uint8Array): boolean {
  return bytes.byteLength >= 4 && Buffer.from(bytes.buffer, bytes.byteOffset, 4).readUInt32LE(0) === LOCAL_HEADER;
}

/**
 * Judges a zip-based office file against OFFICE_ARCHIVE_LIMITS. A file this cannot read as a zip is 'ok': not
 * proven absurd, it goes to LibreOffice, whose own bounds of time and memory still hold.
 */
export async function checkOfficeArchive(bytes: Uint8Array, limits = OFFICE_ARCHIVE_LIMITS): Promise<ArchiveVerdict> {
  const zip = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const directory = readCentralDirectory(zip);
  if (directory === undefined) return 'ok';
  if (directory.count > limits.maxEntries) return 'too-many-entries';
  let total = 0;
  for (const entry of directory.entries) {
    const data = zip.subarray(entry.dataStart, entry.dataStart + entry.packedBytes);
    // Stored entries are their own size; other methods than deflate are left to LibreOffice to refuse.
    if (entry.method !== 8) {
      total += data.byteLength;
      if (total > limits.maxUnpackedBytes) return 'too-large';
      continue;
    }
    const ratioLimit = Math.max(limits.ratioFromBytes, entry.packedBytes * limits.maxRatio);
    const entryLimit = Math.min(ratioLimit, limits.maxUnpackedBytes - total);
    const unpacked = await unpackedSize(data, entryLimit);
    if (unpacked > ratioLimit) return 'too-compressed';
    total += unpacked;
    if (total > limits.maxUnpackedBytes) return 'too-large';
  }
  return 'ok';
}

/** The entries the central directory lists (their count as the end record states it), or undefined if unreadable. */
function readCentralDirectory(zip: Buffer): { count: number; entries: Entry[] } | undefined {
  // The end record is in the last 22 bytes plus a comment of at most 65,535.
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) return undefined;
  const count = zip.readUInt16LE(end + 10);
  // 0xFFFF means a ZIP64 count of 65,535 entries or more: far past any limit.
  if (count === 0xffff) return { count: Number.POSITIVE_INFINITY, entries: [] };
  const entries: Entry[] = [];
  let at = zip.readUInt32LE(end + 16);
  for (let index = 0; index < count; index++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL_HEADER) return undefined;
    const method = zip.readUInt16LE(at + 10);
    let packedBytes = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    let localAt = zip.readUInt32LE(at + 42);
    if (packedBytes === ZIP64_MARKER || localAt === ZIP64_MARKER) {
      const zip64 = readZip64Sizes(zip.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength), {
        hasUnpacked: zip.readUInt32LE(at + 24) === ZIP64_MARKER,
        hasPacked: packedBytes === ZIP64_MARKER,
        hasOffset: localAt === ZIP64_MARKER,
      });
      if (!zip64) return undefined;
      packedBytes = zip64.packedBytes ?? packedBytes;
      localAt = zip64.localAt ?? localAt;
    }
    if (localAt + 30 > zip.length || zip.readUInt32LE(localAt) !== LOCAL_HEADER) return undefined;
    const dataStart = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28);
    entries.push({ method, packedBytes, dataStart });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { count, entries };
}

/** The packed size and header offset of a ZIP64 extra field (id 1), whose values come in a fixed order. */
function readZip64Sizes(
  extra: Buffer,
  present: { hasUnpacked: boolean; hasPacked: boolean; hasOffset: boolean },
): { packedBytes?: number; localAt?: number } | undefined {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (id === 1) {
      let field = at + 4;
      const next = () => {
        const value = field + 8 <= at + 4 + size ? Number(extra.readBigUInt64LE(field)) : undefined;
        field += 8;
        return value;
      };
      if (present.hasUnpacked) next();
      const packedBytes = present.hasPacked ? next() : undefined;
      const localAt = present.hasOffset ? next() : undefined;
      return { ...(packedBytes === undefined ? {} : { packedBytes }), ...(localAt === undefined ? {} : { localAt }) };
    }
    at += 4 + size;
  }
  return undefined;
}

/**
 * How many bytes `data` (raw deflate) unpacks to, counted as it streams and stopped once past `limit` (the
 * answer is then above it). Damaged data counts what unpacked before the damage.
 */
async function unpackedSize(data: Buffer, limit: number): Promise<number> {
  const inflate = createInflateRaw();
  let size = 0;
  inflate.on('data', (chunk: Buffer) => {
    size += chunk.byteLength;
    if (size > limit) inflate.destroy();
  });
  inflate.end(data);
  await Promise.race([once(inflate, 'end'), once(inflate, 'close')]).catch(() => {});
  return size;
}
