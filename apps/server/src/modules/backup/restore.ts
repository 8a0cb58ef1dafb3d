import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import {
  beginRestore,
  findNonEmptyTable,
  finishRestore,
  insertRows,
  listTables,
  readMigrationLevel,
} from '../../data/backup.js';
import type { Database } from '../../platform/db/client.js';
import { assertSafeKey } from '../../platform/storage/keys.js';
import { megabytes } from './backup.js';
import {
  contentTypeOf,
  FORMAT,
  FORMAT_VERSION,
  hashFile,
  hashing,
  type InstanceCopyOptions,
  MANIFEST_FILE,
  type Manifest,
  SECRETS_FILE,
  secretFingerprint,
} from './manifest.js';

/** Rows per INSERT, and the most bytes of JSON one INSERT carries. */
const INSERT_ROWS = 500;
const INSERT_BYTES = 4 * 1024 * 1024;

/** Why a restore was refused before it changed anything. */
export class RestoreRefused extends Error {}

/**
 * Brings a backup into an empty instance: checks the manifest and every file's SHA-256 first, refuses a
 * database holding any row, then writes the files and inserts every table's rows in one transaction.
 */
export async function restoreInstance(options: InstanceCopyOptions): Promise<{ rows: number; files: number }> {
  const { database, storage, dir } = options;
  const log = options.log ?? (() => {});
  const manifest = await readManifest(dir);

  const target = await readMigrationLevel(database.db);
  const source = manifest.database.migrations;
  if (target.count !== source.count || target.hash !== source.hash) {
    throw new RestoreRefused(
      `The backup was taken at migration ${source.count} and this version is at migration ${target.count}: ` +
        'restore with the version that took it, then start the newer one (it migrates at start).',
    );
  }
  const tables = await listTables(database.db);
  const nonEmpty = await findNonEmptyTable(database.db, tables);
  if (nonEmpty) {
    throw new RestoreRefused(
      `The target instance is not empty (table ${nonEmpty} has rows): restore only into a new, empty instance.`,
    );
  }
  const known = new Map(tables.map((table) => [table.name, table]));
  const unknown = manifest.database.tables.find((table) => !known.has(table.name));
  if (unknown) throw new RestoreRefused(`The backup has a table this version does not know: ${unknown.name}.`);

  log('Checking every file of the backup against its SHA-256...');
  const mismatched: string[] = [];
  const checked = [
    ...manifest.database.tables.map((table) => ({ ...table, path: join(dir, table.path) })),
    ...manifest.files.map((file) => ({ ...file, path: join(dir, 'files', assertSafeKey(file.path)) })),
    ...(manifest.secrets.file ? [{ ...manifest.secrets.file, path: join(dir, SECRETS_FILE) }] : []),
  ];
  for (const file of checked) {
    const actual = existsSync(file.path) ? await hashFile(file.path) : null;
    if (actual?.sha256 !== file.sha256 || actual.bytes !== file.bytes) mismatched.push(file.path);
  }
  if (mismatched.length > 0) {
    throw new RestoreRefused(
      `The backup does not match its manifest (changed or missing): ${mismatched.slice(0, 10).join(', ')}` +
        (mismatched.length > 10 ? ` and ${mismatched.length - 10} more` : ''),
    );
  }
  const secretsFile = await restoreSecrets(options, manifest);

  log(`Writing ${manifest.files.length} files...`);
  let bytes = 0;
  for (const [index, file] of manifest.files.entries()) {
    const hash = hashing();
    await storage.put(
      file.path,
      Readable.from(hash.step(createReadStream(join(dir, 'files', file.path)))),
      contentTypeOf(file.path),
    );
    if (hash.result().sha256 !== file.sha256) {
      await storage.delete(file.path);
      throw new Error(`${file.path} changed while it was restored`);
    }
    bytes += file.bytes;
    if ((index + 1) % 100 === 0) log(`  ${index + 1} files (${megabytes(bytes)})`);
  }

  log('Inserting the rows in one transaction...');
  let rows = 0;
  await database.db.transaction(async (tx) => {
    const db = tx as unknown as Database['db'];
    // Checked again inside the transaction: another restore may have started beside this one.
    const filled = await findNonEmptyTable(db, tables);
    if (filled) throw new RestoreRefused(`The target instance is not empty (table ${filled} has rows).`);
    const { constraints } = await beginRestore(db, tables);
    for (const entry of manifest.database.tables) {
      const table = known.get(entry.name);
      if (!table || entry.rows === 0) continue;
      let batch: string[] = [];
      let batchBytes = 0;
      const lines = createInterface({ input: createReadStream(join(dir, entry.path)), crlfDelay: Infinity });
      for await (const line of lines) {
        if (line === '') continue;
        batch.push(line);
        batchBytes += line.length;
        if (batch.length >= INSERT_ROWS || batchBytes >= INSERT_BYTES) {
          await insertRows(db, table, batch);
          rows += batch.length;
          batch = [];
          batchBytes = 0;
        }
      }
      if (batch.length > 0) await insertRows(db, table, batch);
      rows += batch.length;
      log(`  ${entry.name}: ${entry.rows} rows`);
    }
    await finishRestore(db, tables, constraints, manifest.database.sequences);
  });
  if (secretsFile) await secretsFile.commit();
  return { rows, files: manifest.files.length };
}

async function readManifest(dir: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
  } catch {
    throw new RestoreRefused(`${join(dir, MANIFEST_FILE)} cannot be read: ${dir} is not a complete backup.`);
  }
  if (manifest.format !== FORMAT || manifest.version !== FORMAT_VERSION) {
    throw new RestoreRefused(`${dir} is not a backup of this product (format ${FORMAT} ${FORMAT_VERSION}).`);
  }
  return manifest;
}

/**
 * The backed-up instance's JWT secret encrypts its second factors' and webhooks' secrets, so the restored one needs
 * it: already the same, or its generated secrets file put in place of this instance's (after the rows commit).
 */
async function restoreSecrets(
  options: InstanceCopyOptions,
  manifest: Manifest,
): Promise<{ commit(): Promise<void> } | null> {
  if (secretFingerprint(options.jwtSecret) === manifest.secrets.fingerprint) return null;
  const current = join(options.dataDir, SECRETS_FILE);
  const isGenerated =
    existsSync(current) &&
    (JSON.parse(readFileSync(current, 'utf8')) as { jwtSecret?: string }).jwtSecret === options.jwtSecret;
  if (!manifest.secrets.file || !isGenerated) {
    throw new RestoreRefused(
      'The backup was taken with another JWT_SECRET, which encrypts second factors and webhook secrets: ' +
        "set JWT_SECRET (and INTEGRATIONS_KEY if it was set) to the backed-up instance's values.",
    );
  }
  const source = join(options.dir, SECRETS_FILE);
  return {
    async commit() {
      const temporary = `${current}.${process.pid}.restore`;
      await writeFile(temporary, await readFile(source), { mode: 0o600 });
      await rename(temporary, current);
    },
  };
}
