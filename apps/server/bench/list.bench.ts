// Benchmarks of the document list (issue 6). Run with `npm run bench`; needs PostgreSQL at DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/postgres). Makes a database of its own and drops it at the end.
// 100,000 documents with two signers each in one account. Every API latency (answer cache off) beside the same
// SQL run through the bare `pg` driver in the same run: the user lookup and the list statement, one after the
// other as the API runs them (the list statement alone is printed too, and the round trip of a bare Fastify route
// answering a constant: the HTTP cost every API answer pays on top of its SQL). The list's throughput (autocannon,
// 10 connections, 5 s) beside a bare Fastify route under the same load, computed every time and as deployed
// (cached per list version). BENCH_PORT (default 3291) is the server's port, the bare route's the next one.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { type DocumentListQuery, documentListQuery } from '@esign/shared';
import autocannon from 'autocannon';
import { fillPlaceholders, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { listPageStatement } from '../src/modules/document-list/document-list.repository.js';
import { sessionUsersQuery } from '../src/modules/users/users.repository.js';
import type { Db } from '../src/platform/db/client.js';
import * as schema from '../src/platform/db/schema.js';
import { serverRoot } from '../src/platform/paths.js';
import { loggedInUser, ServerProcess } from './server-process.js';

const DOCUMENTS = 100_000;
const SAMPLES = 200;
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The server's port; the bare route takes the next one. */
const PORT = Number(process.env.BENCH_PORT ?? 3291);

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function p95(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.95) - 1] ?? 0;
}

/**
 * The p95 of each run, the runs taken in turn sample by sample, so that a load change on the (shared) machine
 * weighs on all of them alike.
 */
async function sampleInTurn(runs: (() => Promise<unknown>)[]): Promise<number[]> {
  for (let i = 0; i < 20; i++) for (const run of runs) await run();
  const times = runs.map((): number[] => []);
  for (let i = 0; i < SAMPLES; i++) {
    for (const [index, run] of runs.entries()) {
      const start = performance.now();
      await run();
      times[index]?.push(performance.now() - start);
    }
  }
  return times.map(p95);
}

async function seed(pool: pg.Pool, userId: string) {
  await pool.query(
    `insert into documents (user_id, title, type, status, created_at, updated_at)
     select $1, 'Contract ' || g || case when g % 100 = 0 then ' lease' else '' end, 'others',
            (array['draft','awaiting','completed'])[1 + g % 3],
            now() - make_interval(mins => g), now()
     from generate_series(1, ${DOCUMENTS}) g`,
    [userId],
  );
  await pool.query(
    `insert into signers (document_id, name, email, "order")
     select d.id, 'Signer ' || s || ' of ' || d.title, 'signer' || s || '.' || substr(d.id::text, 1, 8) || '@example.com', s
     from documents d cross join generate_series(1, 2) s where d.user_id = $1`,
    [userId],
  );
  await pool.query('vacuum analyze documents');
  await pool.query('vacuum analyze signers');
  await pool.query('vacuum analyze document_counts, document_day_counts, users');
}

/** A bare Fastify answering a constant, in its own process like the server. */
function bareServer(port: number): ChildProcess {
  const code = `const f=require('fastify')();f.get('/constant',async()=>({ok:true}));f.listen({port:${port},host:'127.0.0.1'});`;
  return spawn(process.execPath, ['-e', code], { cwd: serverRoot, stdio: 'ignore' });
}

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, headers, connections: 10, duration: 5 });
  return result.requests.average;
}

async function main() {
  const name = `bench_lists_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  const server = new ServerProcess(PORT);
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  let bare: ChildProcess | undefined;
  try {
    // The latencies beside the bare SQL run the statement on every request: the answer cache is off here.
    process.env.LIST_CACHE_MB = '0';
    await server.start();
    const token = await loggedInUser(server.baseUrl);
    const headers = { authorization: `Bearer ${token}` };
    const me = (await (await fetch(`${server.baseUrl}/api/v1/user`, { headers })).json()) as { id: string };
    const seedStart = performance.now();
    await seed(pool, me.id);
    console.log(
      `seeded ${DOCUMENTS} documents with 2 signers each in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );

    const dialect = new PgDialect();
    const userLookup = sessionUsersQuery(drizzle(pool, { schema }) as unknown as Db, sql.placeholder('ids')).toSQL();
    // Every authenticated request looks its user up by the session its access token names.
    const sessionId = (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string })
      .sid;
    const userLookupValues = fillPlaceholders(userLookup.params, { ids: [sessionId] });
    const cases: [string, DocumentListQuery][] = [
      ['page 1', {}],
      ['page 5,000', { page: 5000 }],
      ['search "lease"', { searchTerm: 'lease' }],
      [
        'search signers "signer 2 of contract 4711"',
        { searchTerm: 'signer 2 of contract 4711', searchType: 'signers' },
      ],
      [
        'date range (one day)',
        {
          dateFrom: new Date(Date.now() - 3 * 86_400_000).toISOString(),
          dateTo: new Date(Date.now() - 2 * 86_400_000).toISOString(),
        },
      ],
    ];
    const listUrl = (query: DocumentListQuery) => {
      const entries = Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]);
      return `${server.baseUrl}/api/v1/documents?${new URLSearchParams(entries)}`;
    };
    // The server process is fresh: its code paths get hot before anything is timed.
    for (let i = 0; i < 50; i++) {
      for (const [, query] of cases) await (await fetch(listUrl(query), { headers })).arrayBuffer();
    }
    // The HTTP round trip alone, timed in the same turns: what any API answer costs above its SQL.
    bare = bareServer(PORT + 1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const bareUrl = `http://127.0.0.1:${PORT + 1}/constant`;
    const bareRun = async () => (await fetch(bareUrl)).arrayBuffer();
    const rows: string[][] = [
      [
        'GET documents',
        'API p95',
        'bare SQL p95',
        'ratio',
        'target',
        'met',
        'list statement alone p95',
        'bare HTTP route p95',
      ],
    ];
    const apiTimes: Record<string, number> = {};
    for (const [label, query] of cases) {
      const parsed = documentListQuery.parse(query);
      // What the API runs for this request, one after the other: the user lookup of requireUser (a prepared
      // statement there too) and the one list statement (modules/document-list/repository.ts).
      const statement = dialect.sqlToQuery(listPageStatement({ kind: 'owner', userId: me.id }, parsed));
      const listRun = () => pool.query(statement.sql, statement.params);
      const sqlRun = async () => {
        await pool.query({ name: 'find_users_by_ids', text: userLookup.sql, values: userLookupValues });
        await listRun();
      };
      const apiRun = async () => {
        const response = await fetch(listUrl(query), { headers });
        if (!response.ok) throw new Error(`list failed: ${await response.text()}`);
        await response.arrayBuffer();
      };
      const [sqlP95 = 0, listP95 = 0, apiP95 = 0, bareP95 = 0] = await sampleInTurn([sqlRun, listRun, apiRun, bareRun]);
      apiTimes[label] = apiP95;
      const ratio = apiP95 / sqlP95;
      rows.push([
        label,
        `${apiP95.toFixed(1)} ms`,
        `${sqlP95.toFixed(1)} ms`,
        ratio.toFixed(2),
        'p95 < 50 ms, <= 1.3x',
        apiP95 < 50 && ratio <= 1.3 ? 'yes' : 'NO',
        `${listP95.toFixed(1)} ms`,
        `${bareP95.toFixed(1)} ms`,
      ]);
    }
    const deep = (apiTimes['page 5,000'] ?? 0) / (apiTimes['page 1'] ?? 1);
    rows.push(['page 5,000 / page 1', '', '', deep.toFixed(2), '<= 1.2x', deep <= 1.2 ? 'yes' : 'NO']);

    const bareRps = await load(bareUrl);
    const computedRps = await load(`${server.baseUrl}/api/v1/documents`, headers);
    rows.push([
      'throughput, every answer computed (LIST_CACHE_MB=0)',
      `${computedRps.toFixed(0)} req/s`,
      `${bareRps.toFixed(0)} req/s (bare route)`,
      (computedRps / bareRps).toFixed(2),
      '(no target)',
      '',
    ]);
    // As deployed: answers cached per owner, list version and query (the version read on every request).
    await server.stop(false);
    delete process.env.LIST_CACHE_MB;
    await server.start();
    const listRps = await load(`${server.baseUrl}/api/v1/documents`, headers);
    const share = listRps / bareRps;
    rows.push([
      'throughput, default (answers cached per list version)',
      `${listRps.toFixed(0)} req/s`,
      `${bareRps.toFixed(0)} req/s (bare route)`,
      share.toFixed(2),
      '>= 0.2',
      share >= 0.2 ? 'yes' : 'NO',
    ]);
    const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
    for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | '));
  } finally {
    bare?.kill('SIGTERM');
    await pool.end();
    await server.stop();
    await admin(`drop database if exists ${name} with (force)`);
  }
}

await main();
