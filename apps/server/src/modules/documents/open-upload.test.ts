import { Readable } from 'node:stream';
import { MESSAGES, UPLOAD_LIMITS } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import { readUpload } from './service.js';

const content = Buffer.from(Array.from({ length: 300_000 }, (_, index) => index % 251));

/** The content as a stream of 64 KB chunks, as a multipart parser delivers it. */
function upload(bytes: Buffer, sizeHint?: number) {
  const chunks = Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, index) =>
    bytes.subarray(index * 65536, (index + 1) * 65536),
  );
  return { fileName: 'a.pdf', stream: Readable.from(chunks), isTruncated: () => false, sizeHint };
}

describe('readUpload', () => {
  it.each([
    ['the request length (file plus multipart framing)', content.length + 200],
    ['the exact length', content.length],
    ['a length shorter than the file', 100_000],
    ['no length', undefined],
  ])('reads the same bytes given %s', async (_name, sizeHint) => {
    const bytes = await readUpload(upload(content, sizeHint));
    expect(bytes.equals(content)).toBe(true);
  });

  it('refuses a file over the limit, whatever length the request claims', async () => {
    const tooLarge = Buffer.alloc(UPLOAD_LIMITS.maxFileBytes + 1);
    await expect(readUpload(upload(tooLarge, 1000))).rejects.toThrow(MESSAGES.fileTooLarge);
    await expect(readUpload(upload(tooLarge, tooLarge.length + 200))).rejects.toThrow(MESSAGES.fileTooLarge);
  });
});
