import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Peer } from '../../../test/s3-peer.js';
import { assertSafeKey, newFileKey, safeFileName } from './keys.js';
import { LocalStorage } from './local.js';
import { S3Storage } from './s3.js';
import type { Storage } from './storage.js';

describe('file keys', () => {
  it.each([
    '../etc/passwd',
    'a/../../b',
    '/etc/passwd',
    'a\\b',
    'a/%2e%2e/b',
    '%2e%2e/b',
    'a/%252e%252e/b',
    'a//b',
    '',
    'a/./b',
  ])('refuses %j', (key) => {
    expect(() => assertSafeKey(key)).toThrow('Invalid file key');
  });

  it('makes keys from a random id and a safe name', () => {
    const key = newFileKey('documents/123', '../../Contrat signé (final).PDF');
    expect(key).toMatch(/^documents\/123\/[0-9a-f-]{36}\/Contrat_signe_final_.PDF$/);
    expect(safeFileName('...')).toBe('file');
  });
});

/** The same behaviour from both drivers, with real HTTP to the signed URLs. */
function storageContract(
  name: string,
  /** `broken`: the same driver pointed at files it cannot reach (the readiness check's failure). */
  setup: () => Promise<{ storage: Storage; broken: Storage; teardown(): Promise<void> }>,
) {
  describe(`${name} storage`, () => {
    let storage: Storage;
    let broken: Storage;
    let teardown: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, broken, teardown } = await setup());
    });
    afterAll(async () => {
      await teardown?.();
    });

    it('stores, reads, checks and deletes files from buffers and streams', async () => {
      await storage.put('docs/a/one.pdf', Buffer.from('%PDF-1.7 one'), 'application/pdf');
      await storage.put('docs/a/two.bin', Readable.from([Buffer.from('two '), Buffer.from('parts')]), 'text/plain');
      expect((await storage.getBuffer('docs/a/one.pdf')).toString()).toBe('%PDF-1.7 one');
      expect((await storage.getBuffer('docs/a/two.bin')).toString()).toBe('two parts');
      expect(await storage.exists('docs/a/one.pdf')).toBe(true);
      const listed: string[] = [];
      for await (const key of storage.list()) listed.push(key);
      expect(listed).toEqual(expect.arrayContaining(['docs/a/one.pdf', 'docs/a/two.bin']));
      await storage.delete('docs/a/one.pdf');
      expect(await storage.exists('docs/a/one.pdf')).toBe(false);
      await expect(storage.put('../escape.pdf', Buffer.from('x'), 'application/pdf')).rejects.toThrow();
    });

    it('passes the readiness check, which fails when its files cannot be reached', async () => {
      await expect(storage.check()).resolves.toBeUndefined();
      await expect(broken.check()).rejects.toThrow();
    });

    it('hands out signed URLs that read and write the file', async () => {
      const putUrl = await storage.signedPutUrl('docs/b/upload.pdf', { contentType: 'application/pdf' });
      const put = await fetch(putUrl, {
        method: 'PUT',
        body: '%PDF-1.7 uploaded',
        headers: { 'content-type': 'application/pdf' },
      });
      expect(put.status).toBe(200);
      const getUrl = await storage.signedGetUrl('docs/b/upload.pdf', { downloadName: 'Contrat signé.pdf' });
      const got = await fetch(getUrl);
      expect(got.status).toBe(200);
      expect(await got.text()).toBe('%PDF-1.7 uploaded');
      expect(got.headers.get('content-disposition')).toContain("filename*=UTF-8''Contrat%20sign%C3%A9.pdf");
    });

    // s3rver does not check presigned signatures (real S3 does); our own driver must.
    if (name !== 'local') return;
    it('refuses a signed URL that was altered', async () => {
      await storage.put('docs/c/secret.pdf', Buffer.from('secret'), 'application/pdf');
      await storage.put('docs/c/other.pdf', Buffer.from('other'), 'application/pdf');
      const url = new URL(await storage.signedGetUrl('docs/c/secret.pdf'));
      const otherKey = new URL(url);
      otherKey.pathname = otherKey.pathname.replace('secret.pdf', 'other.pdf');
      expect((await fetch(otherKey)).status).toBe(403);
      const tampered = new URL(url);
      const signatureParam = [...tampered.searchParams.keys()].find((key) => /signature/i.test(key)) ?? '';
      tampered.searchParams.set(signatureParam, 'A'.repeat(43));
      expect((await fetch(tampered)).status).toBe(403);
    });
  });
}

storageContract('local', async () => {
  const { default: Fastify } = await import('fastify');
  const { localFileRoutes } = await import('./routes.js');
  const { registerErrorHandler } = await import('../http/error-handler.js');
  const root = mkdtempSync(join(tmpdir(), 'esign-storage-'));
  const app = Fastify();
  registerErrorHandler(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as AddressInfo;
  const storage = new LocalStorage(root, `http://127.0.0.1:${address.port}`, 'test-secret');
  await app.close();
  // Listen again with the routes registered, on the port the URLs name.
  const served = Fastify();
  registerErrorHandler(served);
  await served.register(localFileRoutes, { storage, prefix: '/api/v1' });
  await served.listen({ port: address.port, host: '127.0.0.1' });
  // Its folder's place is taken by a file.
  const blocked = join(root, 'blocked');
  writeFileSync(blocked, 'not a folder');
  return {
    storage,
    broken: new LocalStorage(join(blocked, 'files'), 'http://127.0.0.1', 'test-secret'),
    async teardown() {
      await served.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
});

storageContract('S3 (s3rver)', async () => {
  const peer = await startS3Peer(['esign']);
  return {
    storage: new S3Storage(peer.options('esign')),
    broken: new S3Storage(peer.options('no-such-bucket')),
    teardown: () => peer.close(),
  };
});

describe('local signed URLs', () => {
  it('expire, and live at most one hour', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const storage = new LocalStorage('/nonexistent', 'http://localhost', 'secret', () => now);
    const url = new URL(await storage.signedGetUrl('docs/x/a.pdf', { expiresIn: 7200 }));
    const expires = Number(url.searchParams.get('expires'));
    expect(expires - now.getTime() / 1000).toBe(3600);
    const signature = url.searchParams.get('signature') ?? '';
    const value = { key: 'docs/x/a.pdf', operation: 'get' as const, expires };
    expect(storage.verify(value, signature)).toBe(true);
    expect(storage.verify({ ...value, operation: 'put' }, signature)).toBe(false);
    now = new Date(now.getTime() + 3601 * 1000);
    expect(storage.verify(value, signature)).toBe(false);
  });
});
