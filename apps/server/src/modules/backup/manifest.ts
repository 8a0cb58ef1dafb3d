import { createHash, createHmac } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { MigrationLevel, SequenceValue } from '../../data/backup.js';
import type { Database, DatabaseKind } from '../../platform/db/client.js';
import type { Storage } from '../../platform/storage/storage.js';

export const MANIFEST_FILE = 'manifest.json';
export const SECRETS_FILE = 'secrets.json';
export const FORMAT = 'esign-backup';
export const FORMAT_VERSION = 1;

export interface HashedFile {
  /** A table's file (`database/<table>.jsonl`) or a stored file's key (under `files/`). */
  path: string;
  bytes: number;
  sha256: string;
}

/** What `manifest.json` says: written last, so a backup without it is incomplete. */
export interface Manifest {
  format: typeof FORMAT;
  version: typeof FORMAT_VERSION;
  createdAt: string;
  database: {
    kind: DatabaseKind;
    migrations: MigrationLevel;
    sequences: SequenceValue[];
    tables: Array<HashedFile & { name: string; rows: number }>;
  };
  files: HashedFile[];
  /** Keys the rows name that storage no longer held when they were copied. */
  missingFiles: string[];
  secrets: {
    /** Names the instance's JWT secret without revealing it: the restore compares it. */
    fingerprint: string;
    /** The instance's generated `DATA_DIR/secrets.json`, when its secrets were not given in the environment. */
    file: HashedFile | null;
  };
}

export function secretFingerprint(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('esign-backup-secret-fingerprint').digest('hex');
}

/** Passes chunks through while counting their SHA-256 and size (a pipeline's step). */
export function hashing(): {
  step: (chunks: AsyncIterable<Buffer | string>) => AsyncGenerator<Buffer>;
  result(): { sha256: string; bytes: number };
} {
  const hash = createHash('sha256');
  let bytes = 0;
  return {
    async *step(chunks) {
      for await (const chunk of chunks) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
        hash.update(buffer);
        bytes += buffer.length;
        yield buffer;
      }
    },
    result: () => ({ sha256: hash.digest('hex'), bytes }),
  };
}

export async function hashStream(stream: Readable): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

export function hashFile(path: string): Promise<{ sha256: string; bytes: number }> {
  return hashStream(createReadStream(path));
}

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  json: 'application/json',
};

/** Storage keeps no content type the backup can read back; the key's extension says it. */
export function contentTypeOf(key: string): string {
  const extension = key.split('.').pop()?.toLowerCase() ?? '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/**
 * An instance and the folder of its copy, as backup and restore both take them: the database and the files (for a
 * restore, a target migrated by the same version that took the backup, and empty), the instance's DATA_DIR (its
 * generated secrets) and JWT secret, the folder (`dir`: new or empty for a backup) and where progress is written.
 */
export interface InstanceCopyOptions {
  database: Database;
  storage: Storage;
  dataDir: string;
  jwtSecret: string;
  dir: string;
  log?: (line: string) => void;
}
