import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { pdfsig } from '../../../test/poppler.js';
import { startS3Peer } from '../../../test/s3-peer.js';
import { awaitingDocument, signerClient, waitForSealed } from '../../../test/signing.js';
import { teamClient } from '../../../test/teams.js';
import { templateClient } from '../../../test/templates.js';
import { findNonEmptyTable, listTables } from '../../data/backup.js';
import type { S3Options } from '../../platform/storage/s3.js';
import { backupInstance, type Manifest, RestoreRefused, restoreInstance } from './index.js';

/**
 * A populated instance backed up and restored into a fresh one, on the database the run names (PGlite, or
 * PostgreSQL with DATABASE_URL), with local files and with S3 files (s3rver).
 */
const OPERATOR_TOKEN = 'operator-key-for-backup-tests';
const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'esign-backup-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

function instance(app: FastifyInstance, dir: string) {
  const { database, storage, config } = app.platform;
  return { database, storage, dataDir: config.dataDir, jwtSecret: config.jwtSecret, dir };
}

/** A file through the signed URL the app hands out: the app's own route for local files, the peer's for S3. */
async function download(app: FastifyInstance, accessToken: string, key: string): Promise<Buffer> {
  const link = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/get_signed_download_url',
    headers: { authorization: `Bearer ${accessToken}` },
    payload: { key },
  });
  expect(link.statusCode, link.body).toBe(200);
  const url = new URL(link.json<{ result: string }>().result);
  if (url.origin === app.platform.config.appUrl) {
    const answer = await app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(answer.statusCode).toBe(200);
    return answer.rawPayload;
  }
  const answer = await fetch(url);
  expect(answer.status).toBe(200);
  return Buffer.from(await answer.arrayBuffer());
}

async function storedKeys(app: FastifyInstance): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of app.platform.storage.list()) keys.push(key);
  return keys;
}

function backupAndRestore(name: string, storageOf: () => Promise<{ s3: (bucket: string) => S3Options | undefined }>) {
  describe(`backup and restore with ${name}`, { timeout: 300_000 }, () => {
    let s3: (bucket: string) => S3Options | undefined;
    let source: TestApp;
    const targets: TestApp[] = [];
    let closePeer = async () => {};
    beforeAll(async () => {
      ({ s3 } = await storageOf().then((peer) => {
        closePeer = (peer as { close?: () => Promise<void> }).close ?? closePeer;
        return peer;
      }));
      source = await createTestApp({ config: { s3: s3('source'), operatorToken: OPERATOR_TOKEN } });
    });
    afterAll(async () => {
      for (const target of targets) await target.close();
      await source?.close();
      await closePeer();
    });
    const fresh = async (bucket: string) => {
      const target = await createTestApp({
        config: { s3: s3(bucket), jwtSecret: source.app.platform.config.jwtSecret },
      });
      targets.push(target);
      return target;
    };

    let dir: string;
    let manifest: Manifest;
    let sealed: { documentId: string; key: string; bytes: Buffer; title: string };
    let owner: { email: string; password: string };
    let teamOwner: { email: string; password: string };

    it('backs up a populated instance: every table, every file, with their SHA-256', async () => {
      const { app } = source;
      // A team (its owner and a member), a live template, and a completed, sealed document.
      const team = await teamClient(app).team(1);
      teamOwner = team.owner;
      const templates = templateClient(app, team.owner.accessToken);
      await templates.live(['Client'], 'Kept template');
      const doc = await awaitingDocument(app, {
        title: 'Kept lease',
        signers: [{ fields: [{ type: 'checkbox' }] }],
      });
      owner = doc.owner;
      const [signer] = doc.signers;
      if (!signer) throw new Error('no signer');
      const signed = await signerClient(app, signer.token)(
        'PATCH',
        `/document_sign/documents/${doc.documentId}/signers/${signer.id}/sign`,
        { fields: [{ id: signer.fieldIds[0], checked: true }], consent: 'I agree' },
      );
      expect(signed.statusCode, signed.body).toBe(200);
      const row = await waitForSealed(app, doc.documentId);
      const key = row.resultPdfFileKey ?? '';
      sealed = { documentId: doc.documentId, key, bytes: await app.platform.storage.getBuffer(key), title: row.title };

      dir = folder();
      const lines: string[] = [];
      const summary = await backupInstance({ ...instance(app, dir), log: (line) => lines.push(line) });
      manifest = summary.manifest;
      expect(lines.join('\n')).toContain('users: 4 rows');
      const table = (name: string) => manifest.database.tables.find((entry) => entry.name === name);
      expect(table('users')?.rows).toBe(4);
      expect(table('teams')?.rows).toBe(1);
      expect(table('documents')?.rows).toBeGreaterThanOrEqual(2);
      expect(manifest.database.migrations.count).toBeGreaterThan(30);
      expect(manifest.missingFiles).toEqual([]);
      const file = manifest.files.find((entry) => entry.path === key);
      expect(file?.sha256).toBe((await import('node:crypto')).createHash('sha256').update(sealed.bytes).digest('hex'));
      expect(readFileSync(join(dir, 'files', key)).equals(sealed.bytes)).toBe(true);
      expect(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).format).toBe('esign-backup');
      // A backup goes into a new folder only.
      await expect(backupInstance(instance(app, dir))).rejects.toThrow('is not empty');
    });

    it('restores into a fresh instance: users sign in, documents list, the sealed PDF is the same and valid', async () => {
      const target = await fresh('restored');
      const summary = await restoreInstance(instance(target.app, dir));
      expect(summary.files).toBe(manifest.files.length);

      const auth = authClient(target.app);
      const signedIn = await auth.signIn(owner.email, owner.password);
      expect(signedIn.body.type).toBe('authorized');
      const { accessToken } = signedIn.body as { accessToken: string };
      const list = await target.app.inject({
        method: 'GET',
        url: '/api/v1/documents?limit=100',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(list.statusCode).toBe(200);
      expect(list.body).toContain(sealed.title);

      const bytes = await download(target.app, accessToken, sealed.key);
      expect(bytes.equals(sealed.bytes)).toBe(true);
      expect(pdfsig(bytes)).toContain('Signature is Valid.');

      // The team's owner signs in and sees the template; new rows continue after the restored ones.
      const teamSignIn = await auth.signIn(teamOwner.email, teamOwner.password);
      expect(teamSignIn.body.type).toBe('authorized');
      const teamToken = (teamSignIn.body as { accessToken: string }).accessToken;
      const templates = templateClient(target.app, teamToken);
      expect((await templates.liveList()).map((template) => template.title)).toContain('Kept template');
      await templates.live(['Client'], 'Made after the restore');

      // A second restore into it is refused: it is no longer empty.
      await expect(restoreInstance(instance(target.app, dir))).rejects.toThrow(/not empty \(table \w+ has rows\)/);
    });

    it('refuses a backup whose file was changed, before writing anything', async () => {
      const tampered = folder();
      cpSync(dir, tampered, { recursive: true });
      const path = join(tampered, 'files', sealed.key);
      const bytes = readFileSync(path);
      bytes[bytes.length - 10] = (bytes[bytes.length - 10] ?? 0) ^ 1;
      writeFileSync(path, bytes);
      const target = await fresh('tampered');
      const refused = restoreInstance(instance(target.app, tampered));
      await expect(refused).rejects.toBeInstanceOf(RestoreRefused);
      await expect(restoreInstance(instance(target.app, tampered))).rejects.toThrow(
        /does not match its manifest.*files/,
      );
      const { db } = target.app.platform.database;
      expect(await findNonEmptyTable(db, await listTables(db))).toBeNull();
      expect(await storedKeys(target.app)).toEqual([]);
    });

    it('writes a backup through the running server (the operator route), with the operator key only', async () => {
      const backup = (dir: string, token = OPERATOR_TOKEN) =>
        source.app.inject({
          method: 'POST',
          url: '/api/v1/operator/backup',
          headers: { authorization: `Bearer ${token}` },
          payload: { dir },
        });
      const dir = folder();
      const answer = await backup(dir);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ files: manifest.files.length, missingFiles: [] });
      const written = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
      expect(written.files.find((file) => file.path === sealed.key)?.sha256).toBe(
        manifest.files.find((file) => file.path === sealed.key)?.sha256,
      );
      expect((await backup(folder(), 'wrong-key')).statusCode).toBe(404);
      expect((await backup('relative/folder')).statusCode).toBe(400);
      const again = await backup(dir);
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toContain('is not empty');
    });

    it('reports a file the rows name that storage lost', async () => {
      await source.app.platform.storage.delete(sealed.key);
      const summary = await backupInstance(instance(source.app, folder()));
      expect(summary.manifest.missingFiles).toEqual([sealed.key]);
      expect(summary.manifest.files.map((file) => file.path)).not.toContain(sealed.key);
    });
  });
}

backupAndRestore('local files', async () => ({ s3: () => undefined }));
backupAndRestore('S3 files', async () => {
  const peer = await startS3Peer(['source', 'restored', 'tampered']);
  return { s3: (bucket: string) => peer.options(bucket), close: () => peer.close() };
});
