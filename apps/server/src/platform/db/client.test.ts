import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { type Db, openDatabase, readTogether } from './client.js';

// A fresh embedded database runs initdb, which is slow on a busy machine.
describe('openDatabase on PGlite', { timeout: 120_000 }, () => {
  it('runs the embedded PostgreSQL with 16 MB of shared buffers, not the default 128 MB', async () => {
    const database = await openDatabase({ databaseUrl: 'memory://', dataDir: '/nonexistent' });
    try {
      const result = (await database.db.execute('show shared_buffers')) as unknown as { rows: unknown[] };
      expect(result.rows).toEqual([{ shared_buffers: '16MB' }]);
    } finally {
      await database.close();
    }
  });
});

describe('readTogether', () => {
  // Cause: reads side by side (Promise.all) given a transaction were sent to its one connection at once; node-postgres
  // queued them with a deprecation warning (seen from the template sending checks), an error from pg@9 on.
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Two reads that log when each starts and ends; the first takes a while. */
  function loggedReads(db: Db, log: string[]) {
    const read = (name: string, seconds: number) => async () => {
      log.push(`${name} starts`);
      await db.execute(sql`select pg_sleep(${seconds})`);
      log.push(`${name} ends`);
      return name;
    };
    return [read('a', 0.05), read('b', 0)] as const;
  }

  it('runs the reads one after another in a transaction, each answer in its place', async () => {
    const log: string[] = [];
    const answers = await t.app.platform.database.db.transaction((tx) => readTogether(tx, ...loggedReads(tx, log)));
    expect(answers).toEqual(['a', 'b']);
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends']);
  });

  it('runs them side by side outside one', async () => {
    const log: string[] = [];
    const { db } = t.app.platform.database;
    expect(await readTogether(db, ...loggedReads(db, log))).toEqual(['a', 'b']);
    expect(log.slice(0, 2)).toEqual(['a starts', 'b starts']);
  });
});
