import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir, serverRoot } from '../paths.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

/**
 * Runs `reads` side by side on the pool, and one after another in a transaction: a transaction is one connection,
 * which takes one query at a time (node-postgres queues the others with a warning that pg@9 makes an error).
 */
export async function readTogether<T extends readonly unknown[]>(
  db: Db,
  ...reads: { [K in keyof T]: () => PromiseLike<T[K]> }
): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}

/** What pg-boss needs to run its own SQL on the same database. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Database {
  kind: DatabaseKind;
  db: Db;
  /** For pg-boss: a connection string on PostgreSQL, an executor on PGlite. */
  queueConnection: { connectionString: string } | { db: SqlExecutor };
  /** On PostgreSQL: the pool's connections (in use, idle) and the queries waiting for one. */
  poolStats?: () => { inUse: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** Trigram indexes make the lists' ILIKE search fast; created before the migrations that use it. */
const TRIGRAM_EXTENSION = 'create extension if not exists pg_trgm';

/**
 * PGlite runs PostgreSQL inside this process, so its buffers count in the server's memory. PostgreSQL's default
 * 128 MB of shared buffers is touched at start: about 115 MB more resident memory, measured; 16 MB
 * (2048 pages) holds the embedded database's working set, and what does not fit is still read from the
 * operating system's file cache. PostgreSQL proper (DATABASE_URL) keeps its own settings.
 */
export const PGLITE_OPTIONS = {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  extensions: { pg_trgm },
};

/** One round trip to the database (the health check). */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * Opens the database and applies the committed migrations.
 * Without a URL it is PGlite in `<dataDir>/db`; `memory://` is an in-memory PGlite.
 */

export async function openDatabase(options: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  const { databaseUrl, dataDir } = options;
  if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // An idle connection that the server closes must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema });
    await pool.query(TRIGRAM_EXTENSION);
    await migratePg(db, { migrationsFolder: migrationsDir });
    return {
      kind: 'postgres',
      db: db as unknown as Db,
      queueConnection: { connectionString: databaseUrl },
      poolStats: () => ({ inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  useBaselineWasmCompiler();
  let client: PGlite;
  if (databaseUrl === 'memory://') {
    client = new PGlite(PGLITE_OPTIONS);
  } else {
    const dir = join(dataDir, 'db');
    mkdirSync(dir, { recursive: true });
    await createInChild(dir);
    client = new PGlite(dir, PGLITE_OPTIONS);
  }
  await client.exec(TRIGRAM_EXTENSION);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: migrationsDir });
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    queueConnection: { db: pgliteExecutor(client) },
    close: () => client.close(),
  };
}

/**
 * The first start on a fresh data folder makes the database (PGlite's initdb, a WebAssembly instance of its own):
 * about 500 MB more resident memory, measured (643 MB against 153 MB before it), which this process would keep
 * (it peaked at 728 MB). A short-lived child process makes it and exits, giving that memory back; this process
 * then opens the made database as on any later start. If the child fails, PGlite below makes it itself.
 */
async function createInChild(dir: string): Promise<void> {
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  const script = `import { PGlite } from '@electric-sql/pglite';
    const db = new PGlite(process.argv[1]); await db.waitReady; await db.close();`;
  await new Promise<void>((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, dir], {
      cwd: serverRoot,
      stdio: 'ignore',
    });
    child.once('error', () => resolve());
    child.once('exit', () => resolve());
  });
}

/**
 * PGlite is PostgreSQL compiled to WebAssembly (9 MB of it). V8 compiles every function with its baseline
 * compiler (Liftoff) and then recompiles the busy ones with its optimising compiler (TurboFan) in background
 * threads; both sets of machine code and the compiler's working memory stay resident: about 60 MB more,
 * measured on an idle server (216 MB against 278 MB), and growing as more functions turn busy. The baseline
 * code alone answers this application's queries about as fast, since their time goes mostly to the JavaScript
 * around the engine and to file I/O (300 small queries: 85-95 ms of CPU against 115-130 ms with both tiers; a
 * 200,000-row aggregate about 10% slower). V8 reads the flag when it compiles a module, so it is set before
 * PGlite compiles its own. Only WebAssembly is affected (the server runs no other), and only with PGlite.
 */
function useBaselineWasmCompiler(): void {
  setFlagsFromString('--liftoff-only');
}

function pgliteExecutor(client: PGlite): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await client.query(text, values);
        return { rows: result.rows };
      }
      // pg-boss sends several statements at once when it has no parameters.
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}
