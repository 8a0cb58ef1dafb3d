import { randomBytes } from 'node:crypto';
import pg from 'pg';

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
