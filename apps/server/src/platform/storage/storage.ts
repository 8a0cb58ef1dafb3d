import type { Readable } from 'node:stream';
import { withoutBidiControls } from '@esign/shared';

/** The longest a signed URL may live. */
export const MAX_SIGNED_URL_SECONDS = 60 * 60;

export interface SignedUrlOptions {
  /** Seconds; capped at one hour. */
  expiresIn?: number;
  /** For downloads: the file name the browser saves. */
  downloadName?: string;
  /** For uploads: the content type the PUT must carry. */
  contentType?: string;
}

/**
 * Where file bytes live: local disk (the embedded default) or S3-compatible object storage.
 * Keys are always made by the server (see keys.ts) and checked again by every driver.
 */
export interface Storage {
  readonly driver: 'local' | 's3';
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  get(key: string): Promise<Readable>;
  getBuffer(key: string): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Every stored key, in no particular order (the backup's copy); a half-written local file is not listed. */
  list(): AsyncIterable<string>;
  /** Deletes every file whose key starts with `prefix` (a folder, ending in '/'). */
  deletePrefix(prefix: string): Promise<void>;
  signedGetUrl(key: string, options?: SignedUrlOptions): Promise<string>;
  signedPutUrl(key: string, options?: SignedUrlOptions): Promise<string>;
  /** Throws when files cannot be read and written now (the readiness check). */
  check(): Promise<void>;
}

export function urlLifetime(options?: SignedUrlOptions): number {
  const requested = options?.expiresIn ?? MAX_SIGNED_URL_SECONDS;
  return Math.max(1, Math.min(MAX_SIGNED_URL_SECONDS, Math.floor(requested)));
}

export async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** A Content-Disposition value with an ASCII fallback and the UTF-8 name (RFC 6266), without bidi controls. */
export function contentDisposition(type: 'attachment' | 'inline', name: string): string {
  const fileName = withoutBidiControls(name);
  const ascii = fileName.replace(/[^\x20-\x7E]+/g, '_').replace(/["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
