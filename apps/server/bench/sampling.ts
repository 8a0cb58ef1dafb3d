import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { openDatabase } from '../src/platform/db/client.js';
import { JobQueue } from '../src/platform/jobs.js';
import { createTestDatabase } from '../test/database.js';
import { recordTable } from './results.js';

/** The PostgreSQL the database benchmarks make their own databases in. */
export const benchDatabaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** One statement on the server's maintenance database (create or drop a benchmark's database). */
export async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: benchDatabaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export function p95(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.95) - 1] ?? 0;
}

/**
 * The p95 of each run, the runs taken in turn sample by sample (after 20 warm-up turns), so that a load change on
 * the (shared) machine weighs on all of them alike.
 */
export async function sampleInTurn(runs: (() => Promise<unknown>)[], samples = 200): Promise<number[]> {
  for (let i = 0; i < 20; i++) for (const run of runs) await run();
  const times = runs.map((): number[] => []);
  for (let i = 0; i < samples; i++) {
    for (const [index, run] of runs.entries()) {
      const start = performance.now();
      await run();
      times[index]?.push(performance.now() - start);
    }
  }
  return times.map(p95);
}

/** Whether something listens at the URL's host and port (a PostgreSQL or Redis a benchmark needs). */
export async function reachable(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || defaultPort) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The rows of a benchmark's result table (`benchmark, measured, baseline, ratio, target, met`), printed at the end. */
export function resultTable() {
  const rows: string[][] = [['benchmark', 'measured', 'baseline', 'ratio', 'target', 'met']];
  return {
    report(name: string, measured: string, baseline: string, ratio: number, target: string, isMet: boolean) {
      rows.push([name, measured, baseline, ratio.toFixed(2), target, isMet ? 'yes' : 'NO']);
    },
    print() {
      recordTable(rows);
      console.table(
        rows.slice(1).map((row) => Object.fromEntries(rows[0]?.map((key, index) => [key, row[index]]) ?? [])),
      );
    },
  };
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * For benchmarks that run in this process against the database (no HTTP server: sweeps and jobs): a database of
 * their own on the PostgreSQL at `benchDatabaseUrl`, opened with the app's client, a job queue on it (workers not
 * started), and `close()`, which drops the database and the data folder.
 */
export async function inProcessDatabase(name: string) {
  process.env.DATABASE_URL ??= benchDatabaseUrl;
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), `esign-${name}-bench-`));
  const opened = await openDatabase({ databaseUrl: database.url, dataDir });
  const log = pino({ level: 'warn' });
  const jobs = new JobQueue(opened, log);
  const db = opened.db;
  return {
    db,
    dataDir,
    log,
    jobs,
    exec: async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows,
    async close() {
      await jobs.stop().catch(() => {});
      await opened.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `work` once, timed, with this process's heap sampled every 50 ms: before and at its peak. */
export async function timedWithHeap<T>(work: () => Promise<T>) {
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 50);
  const start = performance.now();
  try {
    const value = await work();
    return { value, elapsed: performance.now() - start, heapBefore, heapPeak };
  } finally {
    clearInterval(sampler);
  }
}
