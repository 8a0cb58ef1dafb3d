import { Readable } from 'node:stream';

/**
 * Passes a stream on until it passes `maxBytes`, then ends it early and says so (`isTruncated`), like the
 * multipart reader at its file size limit, so an upload's checks refuse it as too large. The source is destroyed
 * then: the rest of a large file is never fetched.
 */
export function limitBytes(source: Readable, maxBytes: number) {
  let size = 0;
  let isTruncated = false;
  async function* limited() {
    for await (const chunk of source) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      if (size > maxBytes) {
        isTruncated = true;
        source.destroy();
        return;
      }
      yield buffer;
    }
  }
  return { stream: Readable.from(limited(), { objectMode: false }), isTruncated: () => isTruncated };
}
