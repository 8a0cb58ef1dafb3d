// Benchmarks of the document list (issues 6 and 25). Run with `npm run bench`; needs PostgreSQL at DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/postgres). Each size gets a database of its own, dropped at the end.
// Sizes: BENCH_LIST_SIZES (comma-separated; default 10000,100000,1000000; `npm run bench:list -w @esign/server`
// runs this bench alone). Each size is N documents with two signers each in one account, made with generate_series
// INSERT ... SELECT with the list's indexes dropped and made again afterwards (1,000,000 documents: about a minute).
// Every API latency (answer cache off) beside its fair baseline measured in the same turns: the same SQL through the
// bare `pg` driver (the user lookup and the list statement, one after the other as the API runs them) plus the
// round trip of a bare Fastify route answering a constant (the HTTP cost every API answer pays). The deep page is
// also set beside page 1. At 100,000 the list's throughput (autocannon, 10 connections, 5 s) beside a bare Fastify
// route under the same load, computed every time and as deployed (cached per list version). BENCH_PORT (default
// 3291) is the server's port, the bare route's the next one.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { type DocumentListQuery, documentListQuery } from '@esign/shared';
import autocannon from 'autocannon';
import { fillPlaceholders, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { listPageStatement } from '../src/data/document-lists.js';
import { sessionUsersQuery } from '../src/data/users.js';
import type { Db } from '../src/platform/db/client.js';
import * as schema from '../src/platform/db/schema.js';
import { serverRoot } from '../src/platform/paths.js';
import { recordTable } from './results.js';
import { adminQuery, benchDatabaseUrl, sampleInTurn } from './sampling.js';
import { loggedInUser, ServerProcess } from './server-process.js';

const SIZES = (process.env.BENCH_LIST_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const _SAMPLES = 200;
/** The list's default page size (LIST_DEFAULTS.limit): a deep page is the middle one. */
const PAGE_SIZE = 10;
const baseUrl = benchDatabaseUrl;
/** The server's port; the bare route takes the next one. */
const PORT = Number(process.env.BENCH_PORT ?? 3291);

/** Signers' names and e-mail domains: 60 first names x 60 last names, so a full name is on about 1 in 1,800 signers. */
const FIRST_NAMES =
  `Anna Ben Carla David Elena Frank Grace Hugo Irene Jonas Karin Lukas Maria Nils Olga Paul Quinn Rosa Stefan Tina
  Umar Vera Walter Xenia Yusuf Zoe Amir Bianca Chen Dora Emil Fatima Georg Hanna Ivan Julia Kofi Lea Mateo Nora Oscar
  Priya Rafael Sofia Tomas Ursula Victor Wen Yara Aaron Beatriz Carlos Dmitri Eva Felix Gita Henrik Ines Jakob Kim`.split(
    /\s+/,
  );
const LAST_NAMES =
  `Schneider Garcia Novak Rossi Jensen Kowalski Silva Dubois Meyer Jones Nakamura Okafor Haddad Petrov Larsen
  Moreau Fischer Santos Kim Brown Wagner Costa Nielsen Horvat Weber Lopez Ivanova Becker Martin Smith Lee Patel Fernandez
  Schmid Popescu Svensson Yilmaz Hoffmann Lambert Novotny Bauer Ortiz Kaur Mueller Rahman Dijkstra Keller Moreno Tanaka
  Wolf Richter Klein Sato Ahmed Laurent Marino Berg Nowak Hansen Vogel`.split(/\s+/);
const DOMAINS = ['gmail.com', 'outlook.com', 'example.com', 'company.de', 'mail.fr'];

const sqlArray = (values: string[]) => `(array[${values.map((value) => `'${value}'`).join(',')}])`;

/** A signer's name and e-mail as SQL expressions of the document's number g and the signer's number s. */
function signerSql(g: string, s: string) {
  const first = `${sqlArray(FIRST_NAMES)}[1 + (${g} * 7 + ${s} * 31) % ${FIRST_NAMES.length}]`;
  const last = `${sqlArray(LAST_NAMES)}[1 + (${g} / ${FIRST_NAMES.length} + ${s} * 17) % ${LAST_NAMES.length}]`;
  const domain = `${sqlArray(DOMAINS)}[1 + ${g} % ${DOMAINS.length}]`;
  return {
    name: `${first} || ' ' || ${last}`,
    email: `lower(${first}) || '.' || lower(${last}) || ${g} || '@' || ${domain}`,
  };
}

/**
 * N documents, one a minute back from now, every hundredth titled '... lease', with two signers each (names and
 * e-mails above), made fast: the secondary indexes of documents and signers are dropped first and made again after
 * (one sort each instead of millions of index insertions), signer_search is written with the documents, and the
 * signers go in as a replica would write them (no foreign-key look-up per row, no triggers: their trigger would
 * only write the same signer_search again). The same rows and indexes the triggers would leave.
 */
async function seed(pool: pg.Pool, userId: string, count: number) {
  const one = signerSql('g', '1');
  const two = signerSql('g', '2');
  const signer = signerSql('n.g', 'x.s');
  const client = await pool.connect();
  try {
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `select i.indexname as name, i.indexdef as definition from pg_indexes i
       where i.tablename in ('documents', 'signers') and i.schemaname = current_schema()
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    );
    for (const index of indexes) await client.query(`drop index "${index.name}"`);
    await client.query(
      `insert into documents (user_id, title, type, status, created_at, updated_at, signer_search)
       select $1, 'Contract ' || g || case when g % 100 = 0 then ' lease' else '' end, 'others',
              (array['draft','awaiting','completed'])[1 + g % 3], now() - make_interval(mins => g), now(),
              ${one.name} || E'\\n' || ${one.email} || E'\\n' || ${two.name} || E'\\n' || ${two.email}
       from generate_series(1, ${count}) g`,
      [userId],
    );
    await client.query('set session_replication_role = replica');
    await client.query(
      `insert into signers (document_id, name, email, "order")
       select d.id, ${signer.name}, ${signer.email}, x.s
       from documents d, lateral (select split_part(d.title, ' ', 2)::int as g) n, generate_series(1, 2) x(s)
       where d.user_id = $1`,
      [userId],
    );
    await client.query('set session_replication_role = origin');
    await client.query("set maintenance_work_mem = '256MB'");
    for (const index of indexes) await client.query(index.definition);
    await client.query('vacuum analyze documents, signers, document_counts, document_day_counts, users');
    // What the signers' trigger would have written (drizzle/0019_search.sql), checked on a sample.
    const { rows } = await client.query<{ wrong: string }>(
      `select count(*) as wrong from (select * from documents tablesample system (1)) d
       where d.signer_search <> (select string_agg(s.name || E'\\n' || s.email, E'\\n' order by s."order")
                                 from signers s where s.document_id = d.id)`,
    );
    if (Number(rows[0]?.wrong) > 0) throw new Error('seeded signer_search differs from the trigger’s');
  } finally {
    client.release();
  }
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

function printRows(rows: string[][]) {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | '));
  recordTable(rows);
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/** One size: a database of its own, seeded, every case timed beside its baselines; the throughput at 100,000. */
async function benchSize(count: number) {
  const name = `bench_lists_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
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
    await seed(pool, me.id, count);
    console.log(
      `\n${count.toLocaleString('en')} documents with 2 signers each in one account (made in ${((performance.now() - seedStart) / 1000).toFixed(1)} s):`,
    );

    const dialect = new PgDialect();
    const userLookup = sessionUsersQuery(drizzle(pool, { schema }) as unknown as Db, sql.placeholder('ids')).toSQL();
    // Every authenticated request looks its user up by the session its access token names.
    const sessionId = (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string })
      .sid;
    const userLookupValues = fillPlaceholders(userLookup.params, { ids: [sessionId] });
    const deepPage = Math.floor(count / PAGE_SIZE / 2);
    const deepLabel = `page ${deepPage.toLocaleString('en')} (the middle)`;
    const one = Math.floor(count / 3);
    const cases: [string, DocumentListQuery][] = [
      ['page 1', {}],
      [deepLabel, { page: deepPage }],
      ['search title "lease" (1 in 100)', { searchTerm: 'lease' }],
      // A full name (each name pairing is on about 1 signer in 1,800); the end of one signer's e-mail address.
      ['search signers "Grace Novak"', { searchTerm: 'Grace Novak', searchType: 'signers' }],
      [`search signers "${one}@" (one document)`, { searchTerm: `${one}@`, searchType: 'signers' }],
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
    const bareUrl = `http://127.0.0.1:${PORT + 1}/constant`;
    for (
      let tries = 0;
      !(await fetch(bareUrl).then(
        (response) => response.ok,
        () => false,
      ));
      tries++
    ) {
      if (tries > 100) throw new Error('the bare Fastify route did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const bareRun = async () => (await fetch(bareUrl)).arrayBuffer();
    const rows: string[][] = [
      [
        `GET documents, ${count.toLocaleString('en')}`,
        'API p95',
        'baseline: bare SQL + bare HTTP p95',
        'ratio',
        'target',
        'met',
        'bare SQL p95',
        'bare HTTP route p95',
        'list statement alone p95',
      ],
    ];
    const apiTimes: Record<string, number> = {};
    for (const [label, query] of cases) {
      const parsed = documentListQuery.parse(query);
      // What the API runs for this request, one after the other: the user lookup of requireUser (a prepared
      // statement there too) and the one list statement (data/document-lists.ts).
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
      const baseline = sqlP95 + bareP95;
      const ratio = apiP95 / baseline;
      rows.push([
        label,
        fmt(apiP95),
        fmt(baseline),
        ratio.toFixed(2),
        'p95 < 50 ms, <= 1.3x',
        apiP95 < 50 && ratio <= 1.3 ? 'yes' : 'NO',
        fmt(sqlP95),
        fmt(bareP95),
        fmt(listP95),
      ]);
    }
    const deep = (apiTimes[deepLabel] ?? 0) / (apiTimes['page 1'] ?? 1);
    rows.push([
      `${deepLabel} / page 1`,
      fmt(apiTimes[deepLabel] ?? 0),
      fmt(apiTimes['page 1'] ?? 0),
      deep.toFixed(2),
      '<= 1.2x',
      deep <= 1.2 ? 'yes' : 'NO',
    ]);

    if (count === 100_000) {
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
    }
    printRows(rows);
  } finally {
    bare?.kill('SIGTERM');
    await pool.end();
    await server.stop();
    await adminQuery(`drop database if exists ${name} with (force)`);
  }
}

async function main() {
  console.log(
    `document list on PostgreSQL at sizes ${SIZES.map((size) => size.toLocaleString('en')).join(', ')} (BENCH_LIST_SIZES; 1,000,000 takes minutes to make, BENCH_LIST_SIZES=10000,100000 leaves it out)`,
  );
  for (const size of SIZES) await benchSize(size);
}

await main();
