import { Readable } from 'node:stream';
import { MESSAGES, UPLOAD_LIMITS } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import { streamToBuffer } from '../../platform/storage/storage.js';
import { openUpload, UPLOAD_HEAD_BYTES } from './documents.service.js';

const content = Buffer.from(Array.from({ length: 300_000 }, (_, index) => index % 251));

/** The content as a stream of 64 KB chunks, as a multipart parser delivers it. */
function upload(bytes: Buffer, options: { isTruncated?: boolean } = {}) {
  const chunks = Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, index) =>
    bytes.subarray(index * 65536, (index + 1) * 65536),
  );
  return { fileName: 'a.pdf', stream: Readable.from(chunks), isTruncated: () => options.isTruncated ?? false };
}

describe('openUpload', () => {
  it.each([
    ['a file longer than the head', content],
    ['a file shorter than the head', content.subarray(0, 1000)],
    ['an empty file', Buffer.alloc(0)],
  ])('gives the head and then the same bytes in all, for %s', async (_name, bytes) => {
    const opened = await openUpload(upload(bytes));
    // The head is the file's start, at least UPLOAD_HEAD_BYTES long unless the file is shorter.
    expect(opened.head.length).toBeGreaterThanOrEqual(Math.min(bytes.length, UPLOAD_HEAD_BYTES));
    expect(opened.head.equals(bytes.subarray(0, opened.head.length))).toBe(true);
    expect((await streamToBuffer(opened.body)).equals(bytes)).toBe(true);
    expect(opened.size()).toBe(bytes.length);
  });

  it('refuses a file over the limit while it streams', async () => {
    const opened = await openUpload(upload(Buffer.alloc(UPLOAD_LIMITS.maxFileBytes + 1)));
    await expect(streamToBuffer(opened.body)).rejects.toThrow(MESSAGES.fileTooLarge);
  });

  it('refuses a file the multipart parser cut at its size limit', async () => {
    const opened = await openUpload(upload(content, { isTruncated: true }));
    await expect(streamToBuffer(opened.body)).rejects.toThrow(MESSAGES.fileTooLarge);
  });

  it('reads the rest of a refused file away', async () => {
    const source = upload(content);
    const opened = await openUpload(source);
    opened.discard();
    await new Promise((resolve) => source.stream.once('end', resolve));
    expect(source.stream.readableEnded).toBe(true);
  });
});
