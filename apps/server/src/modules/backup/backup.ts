import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  inSnapshot,
  listReferencedFileKeys,
  listTables,
  readMigrationLevel,
  readRows,
  readSequences,
} from '../../data/backup.js';
import { AppError } from '../../platform/errors.js';
import { assertSafeKey } from '../../platform/storage/keys.js';
import {
  FORMAT,
  FORMAT_VERSION,
  type HashedFile,
  hashFile,
  hashing,
  type InstanceCopyOptions,
  MANIFEST_FILE,
  type Manifest,
  SECRETS_FILE,
  secretFingerprint,
} from './manifest.js';

/** Rows fetched from the snapshot's cursor at a time. */
const BATCH_ROWS = 1000;

export interface BackupSummary {
  manifest: Manifest;
  tables: number;
  rows: number;
  files: number;
  bytes: number;
}

/**
 * Copies the database (one snapshot) and every stored file into `dir`, with their SHA-256 in manifest.json,
 * written last. Runs beside a live server on PostgreSQL; files stored after the snapshot are copied too (harmless),
 * files the rows name but storage no longer holds are listed in `missingFiles`.
 */
export async function backupInstance(options: InstanceCopyOptions): Promise<BackupSummary> {
  const { database, storage, dir } = options;
  const log = options.log ?? (() => {});
  await prepareEmptyFolder(dir);

  log(`Reading the database (${database.kind}) in one snapshot...`);
  const snapshot = await inSnapshot(database.db, async (tx) => {
    const tables = await listTables(tx);
    const migrations = await readMigrationLevel(tx);
    const sequences = await readSequences(tx);
    const written: Manifest['database']['tables'] = [];
    for (const table of tables) {
      const path = `database/${table.name}.jsonl`;
      const target = createWriteStream(join(dir, path), { flags: 'wx' });
      const hash = hashing();
      let rows = 0;
      const lines = async function* () {
        for await (const batch of readRows(tx, table, BATCH_ROWS)) {
          rows += batch.length;
          yield `${batch.join('\n')}\n`;
        }
      };
      await pipeline(lines, hash.step, target);
      written.push({ name: table.name, rows, path, ...hash.result() });
      if (rows > 0) log(`  ${table.name}: ${rows} rows`);
    }
    const referenced = await listReferencedFileKeys(tx);
    return { tables: written, migrations, sequences, referenced };
  });

  log('Copying the stored files...');
  const files: HashedFile[] = [];
  let bytes = 0;
  for await (const key of storage.list()) {
    const path = join(dir, 'files', assertSafeKey(key));
    await mkdir(dirname(path), { recursive: true });
    const hash = hashing();
    try {
      await pipeline(await storage.get(key), hash.step, createWriteStream(path, { flags: 'wx' }));
    } catch (error) {
      // Removed between the listing and the copy: a rows' file is reported below, another one is not needed.
      if (!(await storage.exists(key))) continue;
      throw error;
    }
    const file = { path: key, ...hash.result() };
    files.push(file);
    bytes += file.bytes;
    if (files.length % 100 === 0) log(`  ${files.length} files (${megabytes(bytes)})`);
  }
  const copied = new Set(files.map((file) => file.path));
  const missingFiles = [...new Set(snapshot.referenced)].filter((key) => !copied.has(key)).sort();

  const manifest: Manifest = {
    format: FORMAT,
    version: FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    database: {
      kind: database.kind,
      migrations: snapshot.migrations,
      sequences: snapshot.sequences,
      tables: snapshot.tables,
    },
    files,
    missingFiles,
    secrets: { fingerprint: secretFingerprint(options.jwtSecret), file: await copySecrets(options) },
  };
  await writeFile(join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 1)}\n`, { flag: 'wx' });
  const rows = snapshot.tables.reduce((sum, table) => sum + table.rows, 0);
  return { manifest, tables: snapshot.tables.length, rows, files: files.length, bytes };
}

/** A new folder, or an empty one: a backup never mixes with another. Readable by its owner only (it holds secrets). */
async function prepareEmptyFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if ((await readdir(dir)).length > 0) {
    throw new AppError('VALIDATION_ERROR', `${dir} is not empty: a backup is written into a new folder`);
  }
  await chmod(dir, 0o700);
  await mkdir(join(dir, 'database'));
  await mkdir(join(dir, 'files'));
}

/** The generated secrets file, when it is the one in use (the secrets were not given in the environment). */
async function copySecrets(options: InstanceCopyOptions): Promise<HashedFile | null> {
  const source = join(options.dataDir, SECRETS_FILE);
  if (!existsSync(source)) return null;
  const secrets = JSON.parse(readFileSync(source, 'utf8')) as { jwtSecret?: string };
  if (secrets.jwtSecret !== options.jwtSecret) return null;
  const target = join(options.dir, SECRETS_FILE);
  await copyFile(source, target);
  await chmod(target, 0o600);
  return { path: SECRETS_FILE, ...(await hashFile(target)) };
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
