import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { API_PREFIX } from '@esign/shared';
import { assertSafeKey } from './keys.js';
import { type SignedUrlOptions, type Storage, urlLifetime } from './storage.js';

export const LOCAL_FILES_PATH = `${API_PREFIX}/files`;

/**
 * How much of a streamed file may wait in memory for the disk. The default (16 KB) makes a stream wait for
 * every single write of a network-sized chunk before it takes the next, so a 1.4 MB upload took several times
 * longer to store than to receive; with more room, chunks that arrive while a write runs go out together in one
 * system call (writev).
 */
const STREAM_WRITE_BYTES = 1024 * 1024;

export type LocalOperation = 'get' | 'put';

export interface LocalSignature {
  key: string;
  operation: LocalOperation;
  expires: number;
  downloadName?: string | undefined;
  contentType?: string | undefined;
}

/** Local disk under `<dataDir>/files`. Its URLs point at this server and carry an HMAC and an expiry. */
export class LocalStorage implements Storage {
  readonly driver = 'local' as const;

  constructor(
    private readonly root: string,
    private readonly appUrl: string,
    private readonly secret: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private path(key: string): string {
    return join(this.root, assertSafeKey(key));
  }

  async put(key: string, body: Buffer | Readable, _contentType: string): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    // Written beside the target and renamed, so a half-written file is never read.
    const temporary = `${target}.${randomUUID()}.partial`;
    try {
      if (Buffer.isBuffer(body)) await writeFile(temporary, body);
      else await pipeline(body, createWriteStream(temporary, { highWaterMark: STREAM_WRITE_BYTES }));
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Readable> {
    const path = this.path(key);
    await stat(path);
    return createReadStream(path);
  }

  async getBuffer(key: string): Promise<Buffer> {
    // One read into one buffer of the file's size, not a stream of small chunks joined afterwards.
    return readFile(this.path(key));
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.R_OK | constants.W_OK);
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.path(key))).isFile();
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async *list(): AsyncIterable<string> {
    let entries: string[];
    try {
      entries = await readdir(this.root, { recursive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.endsWith('.partial')) continue;
      const path = join(this.root, entry);
      if (!(await stat(path)).isFile()) continue;
      yield relative(this.root, path).split(sep).join('/');
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    if (!prefix.endsWith('/')) throw new Error('a prefix is a folder');
    await rm(this.path(prefix.slice(0, -1)), { recursive: true, force: true });
  }

  async signedGetUrl(key: string, options?: SignedUrlOptions): Promise<string> {
    return this.signedUrl({ key, operation: 'get', downloadName: options?.downloadName }, options);
  }

  async signedPutUrl(key: string, options?: SignedUrlOptions): Promise<string> {
    return this.signedUrl({ key, operation: 'put', contentType: options?.contentType }, options);
  }

  private signedUrl(base: Omit<LocalSignature, 'expires'>, options?: SignedUrlOptions): string {
    assertSafeKey(base.key);
    const expires = Math.floor(this.now().getTime() / 1000) + urlLifetime(options);
    const signature = this.sign({ ...base, expires });
    const query = new URLSearchParams({ op: base.operation, expires: String(expires), signature });
    if (base.downloadName) query.set('name', base.downloadName);
    if (base.contentType) query.set('type', base.contentType);
    return `${this.appUrl}${LOCAL_FILES_PATH}/${base.key}?${query.toString()}`;
  }

  private sign(value: LocalSignature): string {
    const payload = [value.operation, value.key, value.expires, value.downloadName ?? '', value.contentType ?? ''];
    return createHmac('sha256', this.secret).update(JSON.stringify(payload)).digest('base64url');
  }

  /** True when the URL's signature matches every signed part and it has not expired. */
  verify(value: LocalSignature, signature: string): boolean {
    if (value.expires < Math.floor(this.now().getTime() / 1000)) return false;
    const expected = Buffer.from(this.sign(value));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
