import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertSafeKey } from './keys.js';
import { contentDisposition, type SignedUrlOptions, type Storage, streamToBuffer, urlLifetime } from './storage.js';

export interface S3Options {
  endpoint?: string | undefined;
  bucket: string;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
}

/** S3-compatible object storage; the browser reads and writes through presigned URLs. */
export class S3Storage implements Storage {
  readonly driver = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly options: S3Options) {
    this.client = new S3Client({
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
    });
  }

  private object(key: string) {
    return { Bucket: this.options.bucket, Key: assertSafeKey(key) };
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    const payload = Buffer.isBuffer(body) ? body : await streamToBuffer(body);
    await this.client.send(new PutObjectCommand({ ...this.object(key), Body: payload, ContentType: contentType }));
  }

  async get(key: string): Promise<Readable> {
    const result = await this.client.send(new GetObjectCommand(this.object(key)));
    return result.Body as Readable;
  }

  async getBuffer(key: string): Promise<Buffer> {
    return streamToBuffer(await this.get(key));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand(this.object(key)));
      return true;
    } catch (error) {
      if (error instanceof NotFound || (error as { name?: string }).name === 'NotFound') return false;
      throw error;
    }
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.options.bucket }));
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand(this.object(key)));
  }

  async *list(prefix?: string): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.options.bucket,
          ...(prefix ? { Prefix: prefix } : {}),
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async deletePrefix(prefix: string): Promise<void> {
    if (!prefix.endsWith('/')) throw new Error('a prefix is a folder');
    for await (const key of this.list(`${assertSafeKey(prefix.slice(0, -1))}/`)) {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
    }
  }

  async signedGetUrl(key: string, options?: SignedUrlOptions): Promise<string> {
    const command = new GetObjectCommand({
      ...this.object(key),
      ...(options?.downloadName
        ? { ResponseContentDisposition: contentDisposition('attachment', options.downloadName) }
        : {}),
    });
    return getSignedUrl(this.client, command, { expiresIn: urlLifetime(options) });
  }

  async signedPutUrl(key: string, options?: SignedUrlOptions): Promise<string> {
    const command = new PutObjectCommand({
      ...this.object(key),
      ...(options?.contentType ? { ContentType: options.contentType } : {}),
    });
    return getSignedUrl(this.client, command, { expiresIn: urlLifetime(options) });
  }
}
