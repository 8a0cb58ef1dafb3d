import { Readable } from 'node:stream';

/**
 * Passes a service's download on until it passes `maxBytes`, then ends it early and says so (`isTruncated`), like
 * the multipart reader at its file size limit, so an upload's checks refuse it as too large; the source is
 * destroyed then, so the rest of a large file is never fetched. A source that breaks, or sends nothing for
 * `idleMs`, fails the stream and is reported by `hasFailed` (the service, not the file, was at fault).
 */
export function limitBytes(source: Readable, maxBytes: number, idleMs: number) {
  let size = 0;
  let isTruncated = false;
  let hasFailed = false;
  let idle: NodeJS.Timeout | undefined;
  const watch = () => {
    clearTimeout(idle);
    idle = setTimeout(() => source.destroy(new Error(`no bytes for ${idleMs} ms`)), idleMs);
  };
  async function* limited() {
    watch();
    try {
      for await (const chunk of source) {
        watch();
        const buffer = chunk as Buffer;
        size += buffer.length;
        if (size > maxBytes) {
          isTruncated = true;
          source.destroy();
          return;
        }
        yield buffer;
      }
    } catch (error) {
      hasFailed = true;
      throw error;
    } finally {
      clearTimeout(idle);
    }
  }
  return {
    stream: Readable.from(limited(), { objectMode: false }),
    isTruncated: () => isTruncated,
    hasFailed: () => hasFailed,
  };
}
