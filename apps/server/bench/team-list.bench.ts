// Benchmarks of the team's document list (issue 21). Run with `npm run bench`; needs PostgreSQL at DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/postgres). Makes a database of its own and drops it at the end.
// A 50-member team (its owner included) with 100,000 documents in all, spread over its members, and an account
// alone with 100,000 documents of its own. Answer cache off, so every request runs its list statement:
//  1. an admin's 'Team' list against the lone owner's own list of the same size (target p95 <= 1.2x, < 50 ms);
//  2. the admin's 'Team' list against the same request on a server whose team-list check is skipped
//     (NODE_ENV=benchmark, BENCH_SKIP_ACCESS_CHECKS=1): what the access policy costs a list request (<= 1.05x).
// BENCH_PORT (default 3295) is the first server's port, the second server's the next one.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { recordTable } from './results.js';
import { adminQuery, benchDatabaseUrl, sampleInTurn } from './sampling.js';
import { loggedInUser, ServerProcess } from './server-process.js';

const DOCUMENTS = 100_000;
const MEMBERS = 50;
const _SAMPLES = 200;
const baseUrl = benchDatabaseUrl;
const PORT = Number(process.env.BENCH_PORT ?? 3295);

/** `count` documents with two signers each, owned in turn by `owners`, one a minute back from now. */
async function seedDocuments(pool: pg.Pool, owners: string[], count: number) {
  await pool.query(
    `insert into documents (user_id, title, type, status, created_at, updated_at)
     select ($1::uuid[])[1 + g % array_length($1::uuid[], 1)], 'Contract ' || g, 'others',
            (array['draft','awaiting','completed'])[1 + g % 3], now() - make_interval(mins => g), now()
     from generate_series(1, ${count}) g`,
    [owners],
  );
  await pool.query(
    `insert into signers (document_id, name, email, "order")
     select d.id, 'Signer ' || s, 'signer' || s || '.' || substr(d.id::text, 1, 8) || '@example.com', s
     from documents d cross join generate_series(1, 2) s where d.user_id = any($1::uuid[])`,
    [owners],
  );
}

/** Makes `ownerId` the owner of a team of `MEMBERS` (new rows for the others), `adminId` its admin. */
async function seedTeam(pool: pg.Pool, ownerId: string, adminId: string): Promise<string[]> {
  const team = await pool.query<{ id: string }>('insert into teams (owner_id) values ($1) returning id', [ownerId]);
  const teamId = team.rows[0]?.id;
  await pool.query(`update users set team_id = $1, team_role = 'owner' where id = $2`, [teamId, ownerId]);
  await pool.query(`update users set team_id = $1, team_role = 'admin' where id = $2`, [teamId, adminId]);
  const others = await pool.query<{ id: string }>(
    `insert into users (name, email, password_hash, team_id, team_role)
     select 'Member ' || g, 'member' || g || '.' || $2 || '@example.com', 'x', $1, 'user'
     from generate_series(1, ${MEMBERS - 2}) g returning id`,
    [teamId, randomBytes(3).toString('hex')],
  );
  return [ownerId, adminId, ...others.rows.map((row) => row.id)];
}

async function main() {
  const name = `bench_team_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  // Every request runs its statement: the answer cache is off.
  process.env.LIST_CACHE_MB = '0';
  process.env.NODE_ENV = 'benchmark';
  // Both servers take the same tokens.
  process.env.JWT_SECRET = randomBytes(32).toString('hex');
  const server = new ServerProcess(PORT);
  const unchecked = new ServerProcess(PORT + 1);
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  try {
    await server.start();
    const userOf = async (token: string) =>
      (await (
        await fetch(`${server.baseUrl}/api/v1/user`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as {
        id: string;
      };
    const [ownerToken, adminToken, loneToken] = [
      await loggedInUser(server.baseUrl),
      await loggedInUser(server.baseUrl),
      await loggedInUser(server.baseUrl),
    ];
    const [owner, adminUser, lone] = [await userOf(ownerToken), await userOf(adminToken), await userOf(loneToken)];
    const seedStart = performance.now();
    const members = await seedTeam(pool, owner.id, adminUser.id);
    await seedDocuments(pool, members, DOCUMENTS);
    await seedDocuments(pool, [lone.id], DOCUMENTS);
    await pool.query('vacuum analyze documents, signers, users, teams, document_counts, document_day_counts');
    console.log(
      `seeded a ${MEMBERS}-member team and a lone account, ${DOCUMENTS} documents each, in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );

    process.env.BENCH_SKIP_ACCESS_CHECKS = '1';
    await unchecked.start();
    const get = (base: string, token: string, query: string) => async () => {
      const response = await fetch(`${base}/api/v1/documents${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!response.ok) throw new Error(`list failed: ${await response.text()}`);
      await response.arrayBuffer();
    };
    // The issue's figure is the list as it opens (page 1); a search and a deep page are shown beside it. A team's
    // deep page sums its members' kept day counts (members x days rows) where an owner's sums its own.
    const cases: [string, string, boolean][] = [
      ['page 1', '', true],
      ['search "Contract 4711"', 'searchTerm=Contract%204711', true],
      ['page 2,000', 'page=2000', false],
    ];
    const rows: string[][] = [['GET documents', 'admin, Team', 'lone owner, own', 'ratio', 'target', 'met']];
    for (const [label, query, hasTarget] of cases) {
      const teamQuery = `?scope=team${query ? `&${query}` : ''}`;
      const [team = 0, own = 0] = await sampleInTurn([
        get(server.baseUrl, adminToken, teamQuery),
        get(server.baseUrl, loneToken, query ? `?${query}` : ''),
      ]);
      const ratio = team / own;
      const met = ratio <= 1.2 && team < 50 ? 'yes' : 'NO';
      const target = hasTarget ? ['<= 1.2x, < 50 ms', met] : ['(no target)', ''];
      rows.push([label, `${team.toFixed(1)} ms`, `${own.toFixed(1)} ms`, ratio.toFixed(2), ...target]);
    }
    const [checked = 0, bypassed = 0] = await sampleInTurn([
      get(server.baseUrl, adminToken, '?scope=team'),
      get(unchecked.baseUrl, adminToken, '?scope=team'),
    ]);
    const cost = checked / bypassed;
    rows.push([
      'policy cost (Team, page 1)',
      `${checked.toFixed(1)} ms with the check`,
      `${bypassed.toFixed(1)} ms without`,
      cost.toFixed(2),
      '<= 1.05x',
      cost <= 1.05 ? 'yes' : 'NO',
    ]);
    const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
    for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | '));
    recordTable(rows);
  } finally {
    await pool.end();
    await unchecked.stop();
    await server.stop();
    // BENCH_KEEP_DB=1 keeps the seeded database for a look at its plans.
    if (process.env.BENCH_KEEP_DB === '1') console.log(`kept database ${name}`);
    else await adminQuery(`drop database if exists ${name} with (force)`);
  }
}

await main();
