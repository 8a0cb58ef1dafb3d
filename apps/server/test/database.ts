import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PGLITE_OPTIONS } from '../src/platform/db/client.js';

async function run(connectionString: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * An empty database for one test file: an in-memory PGlite by default, or a fresh database of its own on
 * the PostgreSQL server named by DATABASE_URL (or by `baseUrl`), so test files run in parallel without sharing rows.
 */
export async function createTestDatabase(
  baseUrl = process.env.DATABASE_URL,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (!baseUrl) return { url: 'memory://', drop: async () => {} };
  const name = `test_${randomBytes(6).toString('hex')}`;
  await run(baseUrl, `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(baseUrl, `drop database if exists ${name} with (force)`) };
}

/**
 * Loads a plain-SQL `pg_dump` file (a database as an older release left it) into a test database before the
 * application opens it, so the application's own migrations then run on it. Answers the database URL the
 * application is to open: on PostgreSQL the same one; in place of an in-memory PGlite (which only the application's
 * process can reach), a PGlite in `<dataDir>/db`, the one the application opens when it is given no URL.
 * psql's meta-commands (the `\restrict`/`\unrestrict` lines pg_dump writes since 15.14 and 17.6) are dropped:
 * only psql reads them, and the rest is plain SQL that both run as it is.
 */
export async function loadDump(url: string, dataDir: string, dumpFile: string): Promise<string | undefined> {
  const sql = readFileSync(dumpFile, 'utf8')
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n');
  if (url !== 'memory://') {
    await run(url, sql);
    return url;
  }
  const dir = join(dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir, PGLITE_OPTIONS);
  try {
    await client.exec(sql);
  } finally {
    await client.close();
  }
  return undefined;
}
