import { createConnection } from 'node:net';
import pg from 'pg';

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
