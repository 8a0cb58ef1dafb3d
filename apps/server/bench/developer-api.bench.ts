// Benchmarks of the developer API (issue 22). Run with `npm run bench` (or `npm run build && tsx
// bench/developer-api.bench.ts`). The built server runs as its own process on its embedded PGlite (no DATABASE_URL).
// 1. get_documents through an API key (GET /api/public/v1/documents) beside the same list through the user's bearer
//    token (GET /api/v1/documents), p95 of runs in turn: the key's lookup, its rate window and the history write must
//    not show (target: at most 1.2x).
// 2. sign_request of a one-signer API template (the whole request, the document made and sent): p95 (target: under
//    100 ms on PGlite), beside get_user through the same key (the key's fixed cost alone).
// 3. 200 concurrent sign_requests with distinct Idempotency-Keys make exactly 200 documents; 200 with one key make
//    exactly one.
// BENCH_PORT pins the server's port.
import { createClient, type EsignClient } from '@esign/client';
import { TEST_CARD } from '../test/billing.js';
import { apiClient, liveTemplate } from './api-client.js';
import { recordTable } from './results.js';
import { sampleInTurn } from './sampling.js';
import { loggedInUser, ServerProcess } from './server-process.js';

const PORT = Number(process.env.BENCH_PORT) || 3800 + Math.floor(Math.random() * 500);
const CONCURRENT = 200;
const SEEDED_DOCUMENTS = 30;

const rows: string[][] = [['benchmark', 'measured', 'baseline', 'ratio', 'target', 'met']];
const ms = (value: number) => `${value.toFixed(1)} ms`;

function report(name: string, measured: string, baseline: string, ratio: number, target: string, isMet: boolean) {
  rows.push([name, measured, baseline, ratio.toFixed(2), target, isMet ? 'yes' : 'NO']);
}

const signer = (tag: string) => ({ name: 'Bench Signer', email: `${tag}.${Date.now()}@example.com` });

async function main() {
  // PGlite in the server's own data folder; no rate limit in the way of the measurements.
  const server = new ServerProcess(PORT, { DATABASE_URL: '', API_RATE_LIMIT_PER_SECOND: '1000000' });
  try {
    await server.start();
    const token = await loggedInUser(server.baseUrl);
    const api = apiClient(server.baseUrl, token);
    // Business (templates) and the Titanium API plan (500 requests a month), bought with the sandbox's test card.
    await api('POST', '/credit-card', TEST_CARD);
    await api('POST', '/plans/change', { type: 'business', duration: 'monthly' });
    await api('POST', '/api-plans/change', { type: 'titanium', duration: 'monthly' });
    const template = await liveTemplate(api, { roles: ['Client'], pages: 1, fieldCount: 2 });
    await api('POST', `/documents/templates/${template.id}/to-api`);
    const { key } = await api<{ key: string }>('POST', '/api_keys/create', { name: 'Bench' });
    const client: EsignClient = createClient({ baseUrl: server.baseUrl, apiKey: key });

    for (let n = 0; n < SEEDED_DOCUMENTS; n++) {
      await client.signRequest({ templateId: template.id, signers: [signer(`seed${n}`)] });
    }
    const query = '?page=1&limit=10';
    const viaKey = () => client.documents({ page: 1, limit: 10 });
    const viaToken = () => api('GET', `/documents${query}`);
    const [keyList] = await Promise.all([viaKey(), viaToken()]);
    if (keyList.items.length !== 10) throw new Error('the key does not see the seeded documents');
    const [keyP95 = 0, tokenP95 = 0] = await sampleInTurn([viaKey, viaToken]);
    report(
      'get_documents through an API key (p95)',
      ms(keyP95),
      `${ms(tokenP95)} (the same list, user token)`,
      keyP95 / tokenP95,
      '<= 1.2x',
      keyP95 <= 1.2 * tokenP95,
    );

    let sent = 0;
    const sign = () => client.signRequest({ templateId: template.id, signers: [signer(`p95.${sent++}`)] });
    const [signP95 = 0, userP95 = 0] = await sampleInTurn([sign, () => client.user()], 100);
    report(
      'sign_request, one-signer API template (p95, PGlite)',
      ms(signP95),
      `${ms(userP95)} (get_user, same key)`,
      signP95 / userP95,
      '< 100 ms',
      signP95 < 100,
    );

    const before = (await client.documents({ limit: 1 })).totalItems;
    const distinct = await Promise.allSettled(
      Array.from({ length: CONCURRENT }, (_, n) =>
        client.signRequest(
          { templateId: template.id, signers: [signer(`distinct${n}`)] },
          { idempotencyKey: `distinct-${n}` },
        ),
      ),
    );
    const afterDistinct = (await client.documents({ limit: 1 })).totalItems;
    const body = { templateId: template.id, signers: [signer('same')] };
    const same = await Promise.allSettled(
      Array.from({ length: CONCURRENT }, () => client.signRequest(body, { idempotencyKey: 'one-key' })),
    );
    const afterSame = (await client.documents({ limit: 1 })).totalItems;
    const answered = (results: PromiseSettledResult<unknown>[]) => results.filter((r) => r.status === 'fulfilled');
    const sameIds = new Set(
      answered(same).map((r) => (r as PromiseFulfilledResult<{ documentId: string }>).value.documentId),
    );
    report(
      `${CONCURRENT} concurrent sign_requests, distinct Idempotency-Keys`,
      `${afterDistinct - before} documents (${answered(distinct).length} answered 200)`,
      `${CONCURRENT} expected`,
      (afterDistinct - before) / CONCURRENT,
      `= ${CONCURRENT}`,
      afterDistinct - before === CONCURRENT,
    );
    report(
      `${CONCURRENT} concurrent sign_requests, one Idempotency-Key`,
      `${afterSame - afterDistinct} document (${answered(same).length} answered 200, ${sameIds.size} id)`,
      '1 expected',
      afterSame - afterDistinct,
      '= 1',
      afterSame - afterDistinct === 1 && sameIds.size === 1,
    );
  } finally {
    await server.stop();
  }
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '));
  recordTable(rows);
}

await main();
