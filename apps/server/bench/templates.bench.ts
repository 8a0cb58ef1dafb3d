import type { Document } from '@esign/shared';
import pg from 'pg';
import { createTestDatabase } from '../test/database.js';
import { type Api, apiClient, liveTemplate, POLL_MS, sleep } from './api-client.js';
import { recordTable } from './results.js';
import { BENCH_OUTBOX_KEY, loggedInUser, ServerProcess } from './server-process.js';

const ROWS = 100;
const BULK_ROUNDS = 3;
const COPY_RUNS = 31;
const PORT = Number(process.env.BENCH_PORT) || 3800 + Math.floor(Math.random() * 500);
const only = process.env.BENCH_ONLY;

const rows: string[][] = [['benchmark', 'measured', 'baseline', 'ratio', 'target', 'met']];

function report(name: string, measured: string, baseline: string, ratio: number, target: string, isMet: boolean) {
  rows.push([name, measured, baseline, ratio.toFixed(2), target, isMet ? 'yes' : 'NO']);
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/** Waits until the outbox (the newest 200 mails) holds a mail to every address. */
async function untilMailed(baseUrl: string, emails: string[]) {
  const waiting = new Set(emails);
  const deadline = Date.now() + 120_000;
  while (waiting.size > 0) {
    if (Date.now() > deadline) throw new Error(`${waiting.size} invitations not in the outbox after 2 minutes`);
    const mails = (await (await fetch(`${baseUrl}/api/v1/dev/mail?token=${BENCH_OUTBOX_KEY}`)).json()) as {
      to: string;
    }[];
    for (const mail of mails) waiting.delete(mail.to);
    if (waiting.size > 0) await sleep(POLL_MS);
  }
}

interface Signer {
  name: string;
  email: string;
}

/** `count` signers with addresses no other run uses. */
function signersOf(run: string, count: number): Signer[] {
  return Array.from({ length: count }, (_, index) => ({
    name: `Signer ${index + 1}`,
    email: `${run}.${index + 1}.${Date.now()}@example.com`,
  }));
}

/** The time until every signer's invitation is in the outbox, from the start of `send`, and of `send` alone. */
async function untilAllMailed(server: ServerProcess, signers: Signer[], send: () => Promise<unknown>) {
  let requestsMs = 0;
  const totalMs = await timed(async () => {
    requestsMs = await timed(send);
    await untilMailed(
      server.baseUrl,
      signers.map((signer) => signer.email),
    );
  });
  return { totalMs, requestsMs };
}

async function benchBulkSend(server: ServerProcess, api: Api) {
  const template = await liveTemplate(api, { roles: ['Client'], pages: 3, fieldCount: 6 });
  const bulkSend = (signers: Signer[]) =>
    untilAllMailed(server, signers, () =>
      api('POST', '/document_sign/bulk_send', { templateId: template.id, rows: signers }),
    );
  // As the web app sends one: the document from the template, then the send-out.
  const singleSends = (signers: Signer[]) =>
    untilAllMailed(server, signers, async () => {
      for (const signer of signers) {
        const document = await api<Document>('POST', `/documents/templates/${template.id}/create-document`, {
          signers: [signer],
        });
        await api('PATCH', `/document_sign/documents/${document.id}/send_out`);
      }
    });

  // The server's code paths warm first, as in a running server; then its memory at rest.
  await bulkSend(signersOf('warm-bulk', 10));
  await singleSends(signersOf('warm-single', 10));
  await sleep(2000);
  const idleMb = server.rssMb();
  let peakMb = 0;
  const bulk: { totalMs: number; requestsMs: number }[] = [];
  const single: { totalMs: number; requestsMs: number }[] = [];
  for (let round = 0; round < BULK_ROUNDS; round++) {
    server.peakRssMb = 0;
    bulk.push(await bulkSend(signersOf(`bulk${round}`, ROWS)));
    peakMb = Math.max(peakMb, server.peakRssMb);
    single.push(await singleSends(signersOf(`single${round}`, ROWS)));
  }
  const bulkMs = median(bulk.map((run) => run.totalMs));
  const singleMs = median(single.map((run) => run.totalMs));
  report(
    `bulk send of ${ROWS} rows (3 pages, 6 fields), request to all mails in the outbox`,
    ms(bulkMs),
    `${ms(singleMs)} (${ROWS} single sends)`,
    bulkMs / singleMs,
    '<= 0.25x and < 10 s',
    bulkMs <= 0.25 * singleMs && bulkMs < 10_000,
  );
  rows.push([
    "  of which the bulk-send request / the single sends' requests",
    ms(median(bulk.map((run) => run.requestsMs))),
    ms(median(single.map((run) => run.requestsMs))),
    '-',
    '-',
    '-',
  ]);
  rows.push([
    '  each round',
    bulk.map((run) => ms(run.totalMs)).join(', '),
    single.map((run) => ms(run.totalMs)).join(', '),
    '-',
    '-',
    '-',
  ]);
  report(
    'server memory during the bulk sends (peak RSS)',
    `${peakMb.toFixed(0)} MB (+${(peakMb - idleMb).toFixed(0)} MB)`,
    `${idleMb.toFixed(0)} MB idle`,
    peakMb / idleMb,
    '<= idle + 100 MB',
    peakMb - idleMb <= 100,
  );
}

/**
 * The bare copy of a template's rows as a new document: one statement, new ids, the signers' names and e-mails set,
 * the fields assigned to the new signers, the stored files shared by key.
 */
const COPY_SQL = `
with source as (select * from documents where id = $1),
copy as (
  insert into documents (user_id, title, message, type, status, is_ordered, pdf_file_key, pdf_metadata, template_id)
  select user_id, title, message, 'others', 'draft', is_ordered, pdf_file_key, pdf_metadata, id from source
  returning id),
parts as (
  insert into document_parts (document_id, "order", original_file_name, original_file_key, source_kind,
    source_extension, size_bytes, pdf_file_key, pdf_metadata, pages_converted, pages_total, error_text, warning_text,
    active_content, converted_at)
  select copy.id, p."order", p.original_file_name, p.original_file_key, p.source_kind, p.source_extension,
    p.size_bytes, p.pdf_file_key, p.pdf_metadata, p.pages_converted, p.pages_total, p.error_text, p.warning_text,
    p.active_content, p.converted_at
  from document_parts p, copy where p.document_id = $1),
roles as (select id, gen_random_uuid() as new_id from signers where document_id = $1),
new_signers as (
  insert into signers (id, document_id, user_id, name, email, role, "order", is_preparer)
  select roles.new_id, copy.id, s.user_id, 'Signer ' || s."order", 'signer' || s."order" || '@example.com', s.role,
    s."order", s.is_preparer
  from signers s join roles on roles.id = s.id, copy),
fields as (insert into document_fields (id, document_id, signer_id, type, page_number, coordinate_x, coordinate_y, width, height,
  required, checked, text, placeholder, date_format, font_family, font_size, requisite_id)
select gen_random_uuid(), copy.id, roles.new_id, f.type, f.page_number, f.coordinate_x, f.coordinate_y, f.width,
  f.height, f.required, f.checked, f.text, f.placeholder, f.date_format, f.font_family, f.font_size, f.requisite_id
from document_fields f left join roles on roles.id = f.signer_id, copy where f.document_id = $1)
select id from copy`;

async function benchCreateDocument(api: Api, pool: pg.Pool) {
  const template = await liveTemplate(api, { roles: ['Client', 'Witness'], pages: 100, fieldCount: 300 });
  const signers = signersOf('copy', 2);
  const viaApi = () => api<Document>('POST', `/documents/templates/${template.id}/create-document`, { signers });
  const bare = () => pool.query(COPY_SQL, [template.id]);
  // What any API that makes the copy must also do: answer the document it made (GET documents/{id}, the whole
  // request) after the same bare statement.
  const bareAndAnswer = async () => {
    const made = await pool.query<{ id: string }>(COPY_SQL, [template.id]);
    await api<Document>('GET', `/documents/${made.rows[0]?.id}`);
  };
  const copied = await viaApi();
  if (copied.fields.length !== 300 || copied.pdfMetadata?.pages.length !== 100) throw new Error('not the whole copy');
  // Warm all three first, as in a running server.
  for (let i = 0; i < 5; i++) {
    await viaApi();
    await bare();
    await bareAndAnswer();
  }
  const apiTimes: number[] = [];
  const bareTimes: number[] = [];
  const answerTimes: number[] = [];
  for (let run = 0; run < COPY_RUNS; run++) {
    apiTimes.push(await timed(viaApi));
    bareTimes.push(await timed(bare));
    answerTimes.push(await timed(bareAndAnswer));
  }
  const apiMs = median(apiTimes);
  const bareMs = median(bareTimes);
  const answerMs = median(answerTimes);
  report(
    'document from a 100-page, 300-field template (create-document)',
    `${apiMs.toFixed(1)} ms`,
    `${bareMs.toFixed(1)} ms (bare INSERT ... SELECT)`,
    apiMs / bareMs,
    '<= 2x',
    apiMs <= 2 * bareMs,
  );
  rows.push([
    '  beside the bare copy and the answer of the document made (GET documents/{id})',
    `${apiMs.toFixed(1)} ms`,
    `${answerMs.toFixed(1)} ms`,
    (apiMs / answerMs).toFixed(2),
    '-',
    '-',
  ]);
}

async function main() {
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await createTestDatabase();
  // The server process takes its database from the environment.
  process.env.DATABASE_URL = database.url;
  const server = new ServerProcess(PORT);
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  try {
    await server.start();
    const token = await loggedInUser(server.baseUrl);
    const api = apiClient(server.baseUrl, token);
    const me = await api<{ id: string }>('GET', '/user');
    // Templates and unlimited documents: the business plan, set as an operator would (modules/templates/README.md).
    await pool.query(`update users set plan_type = 'business' where id = $1`, [me.id]);
    if (only !== 'create-document') await benchBulkSend(server, api);
    if (only !== 'bulk-send') await benchCreateDocument(api, pool);
  } finally {
    await pool.end();
    await server.stop();
    await database.drop();
  }
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '));
  recordTable(rows);
}

await main();
