/**
 * `npm run backup -- DIR` and `npm run restore -- DIR` (modules/backup/README.md): the instance named by the
 * environment (DATA_DIR, DATABASE_URL, S3_*), as `npm start` would open it. Exits non-zero on any failure.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { backupInstance, megabytes, RestoreRefused, restoreInstance } from './modules/backup/index.js';
import { loadConfig } from './platform/config.js';
import { openDatabase } from './platform/db/client.js';
import { AppError } from './platform/errors.js';
import { createStorage } from './platform/storage/create.js';

const [command, folder] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !folder) {
  console.error('Usage: npm run backup -- DIR | npm run restore -- DIR');
  process.exit(2);
}
// npm runs a workspace's script in its folder; paths are the operator's, from where npm was started.
process.chdir(process.env.INIT_CWD ?? process.cwd());
const dir = resolve(folder);
const config = loadConfig();
const log = (line: string) => console.log(line);

if (!config.databaseUrl && existsSync(join(config.dataDir, 'db', 'postmaster.pid'))) {
  // PGlite belongs to one process: the running server takes the backup itself.
  if (command === 'backup' && config.operatorToken) process.exit(await backupThroughServer());
  console.error(
    `The embedded database in ${config.dataDir} is open (a server or worker runs on it, or one stopped without ` +
      'closing it): PGlite belongs to one process. ' +
      (command === 'backup'
        ? "Set OPERATOR_TOKEN (the server's) to back it up through the running server, or stop the server."
        : 'Stop the server, then run this again.'),
  );
  process.exit(1);
}

const started = Date.now();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let code = 0;
try {
  const storage = await createStorage(config, () => new Date());
  const common = { database, storage, dataDir: config.dataDir, jwtSecret: config.jwtSecret, dir, log };
  if (command === 'backup') {
    const summary = await backupInstance(common);
    log(
      `Backup written to ${dir}: ${summary.tables} tables, ${summary.rows} rows, ${summary.files} files ` +
        `(${megabytes(summary.bytes)}), in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    if (summary.manifest.secrets.file) log("It holds the instance's secrets (secrets.json): keep it private.");
    const missing = summary.manifest.missingFiles;
    if (missing.length > 0) {
      console.error(`${missing.length} files the database names were not in storage: ${missing.join(', ')}`);
      code = 1;
    }
  } else {
    const summary = await restoreInstance(common);
    log(
      `Restored ${summary.rows} rows and ${summary.files} files from ${dir} in ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s. Start the server.`,
    );
  }
} catch (error) {
  console.error(error instanceof RestoreRefused || error instanceof AppError ? error.message : error);
  code = 1;
} finally {
  await database.close();
}
process.exit(code);

/** POST operator/backup to the server on this machine (its PORT): it writes DIR, then this prints its summary. */
async function backupThroughServer(): Promise<number> {
  log(`The server runs on the embedded database: asking it (port ${config.port}) to write the backup...`);
  const answer = await fetch(`http://127.0.0.1:${config.port}/api/v1/operator/backup`, {
    method: 'POST',
    headers: { authorization: `Bearer ${config.operatorToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ dir }),
  }).catch((error: Error) => error);
  if (answer instanceof Error || !answer.ok) {
    const reason = answer instanceof Error ? answer.message : `${answer.status} ${await answer.text()}`;
    console.error(`The server did not write the backup: ${reason}`);
    return 1;
  }
  const summary = (await answer.json()) as {
    tables: number;
    rows: number;
    files: number;
    bytes: number;
    missingFiles: string[];
  };
  log(
    `Backup written to ${dir} by the server: ${summary.tables} tables, ${summary.rows} rows, ${summary.files} files ` +
      `(${megabytes(summary.bytes)}).`,
  );
  if (summary.missingFiles.length === 0) return 0;
  console.error(
    `${summary.missingFiles.length} files the database names were not in storage: ${summary.missingFiles.join(', ')}`,
  );
  return 1;
}
