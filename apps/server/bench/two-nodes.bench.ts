// Two API nodes that survive losing one (issue 40). Run with `npm run bench` (or `tsx bench/two-nodes.bench.ts` after
// `npm run build`); skipped, with a message, when PostgreSQL (DATABASE_URL, default 127.0.0.1:5432) or Redis
// (REDIS_URL, default 127.0.0.1:6379) does not answer.
// Two API nodes (dist/main.js, RUN_WORKERS=false) and one worker (dist/worker.js) on a fresh PostgreSQL database
// (dropped at the end), their files on an S3-compatible server (s3rver), Redis, one JWT_SECRET and one outbox key,
// behind a round-robin proxy of this process (502 while its upstream is down). The owner's webhook (all signing
// events) points at a receiver here that counts deliveries by webhook-id and by event id.
// SIGNERS signers (BENCH_NODES_SIGNERS, default 50) submit over SECONDS (BENCH_NODES_SECONDS, default 60): each does
// what the signer page does (its document, then the signature), retrying a failed connection or a 502 with the same
// request. Node B is killed with SIGKILL at a third of the run and started again at two thirds; the worker is killed
// once while a seal job runs, and started again. Counted: submissions lost, duplicated signatures, documents
// completed, seals (rows, activities, files), webhooks (each event once), the submissions' p95 before, during and
// after the loss of node B.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ActivateTemplateResponse, blankField, type Document, SIGN_ACCESS_TOKEN_HEADER } from '@esign/shared';
import pg from 'pg';
import S3rver from 's3rver';
import { Webhook } from 'standardwebhooks';
import { apiClient, sleep } from './api-client.js';
import { textPdf } from './inputs.js';
import { recordResult, recordTable } from './results.js';
import { adminQuery, benchDatabaseUrl, p95, reachable } from './sampling.js';
import { BENCH_OUTBOX_KEY, loggedInUser, ServerProcess } from './server-process.js';

const SIGNERS = Number(process.env.BENCH_NODES_SIGNERS) || 50;
const SECONDS = Number(process.env.BENCH_NODES_SECONDS) || 60;
/** The proxy's port; node A, node B and the webhook receiver take the next three (BENCH_NODES_PORT_BASE). */
const PORT_BASE = Number(process.env.BENCH_NODES_PORT_BASE) || 3182;
const KILL_AT = (SECONDS * 1000) / 3;
const RESTART_AT = (2 * SECONDS * 1000) / 3;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const WEBHOOK_EVENTS = ['document.viewed', 'document.signed', 'document.completed', 'document.sealed'];

/** Round-robin over the API nodes; a node that does not answer makes a 502, as a load balancer's would. */
function roundRobinProxy(upstreams: number[]) {
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const port = upstreams[next++ % upstreams.length];
    const forward = httpRequest(
      { host: '127.0.0.1', port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
        answer.on('error', () => outgoing.destroy());
      },
    );
    forward.on('error', () => {
      if (outgoing.headersSent) outgoing.destroy();
      else outgoing.writeHead(502, { 'content-type': 'text/plain' }).end('upstream down');
    });
    incoming.pipe(forward);
  });
  return {
    async start(port: number) {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The integrator's receiver: verifies each delivery; copies accepted per webhook-id and per event id. */
function webhookReceiver(secretOf: () => string) {
  const byDelivery = new Map<string, number>();
  const byEvent = new Map<string, number>();
  const deliveriesOfEvent = new Map<string, Set<string>>();
  let bad = 0;
  let server: Server | undefined;
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        new Webhook(secretOf()).verify(body, request.headers as Record<string, string>);
      } catch {
        bad++;
      }
      const deliveryId = String(request.headers['webhook-id']);
      const eventId = String((JSON.parse(body) as { id: string }).id);
      byDelivery.set(deliveryId, (byDelivery.get(deliveryId) ?? 0) + 1);
      byEvent.set(eventId, (byEvent.get(eventId) ?? 0) + 1);
      deliveriesOfEvent.set(eventId, (deliveriesOfEvent.get(eventId) ?? new Set()).add(deliveryId));
      response.writeHead(200).end('ok');
    });
  };
  return {
    byDelivery,
    byEvent,
    deliveriesOfEvent,
    bad: () => bad,
    async start(port: number) {
      server = createServer(handle);
      await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', resolve));
    },
    async stop() {
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
    },
  };
}

/** A request the signer's browser retries as it was (a failed connection, a 502) until it has an answer. */
async function withRetries(url: string, init: RequestInit): Promise<{ status: number; tries: number }> {
  const deadline = Date.now() + 120_000;
  for (let tries = 1; ; tries++) {
    try {
      const response = await fetch(url, init);
      await response.arrayBuffer();
      if (response.status !== 502 || Date.now() > deadline) return { status: response.status, tries };
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await sleep(200);
  }
}

interface SignerLink {
  documentId: string;
  signerId: string;
  email: string;
  fieldId: string;
  token: string;
}

/** A live template of one role and one checkbox (made once; each document is copied from it). */
async function checkboxTemplate(api: ReturnType<typeof apiClient>) {
  const draft = await api<Document>('POST', '/documents/templates', {
    title: 'Two nodes',
    roles: [{ role: 'Signer' }],
  });
  const form = new FormData();
  form.append('upload', new Blob([await textPdf(1)]), 'contract.pdf');
  await api('POST', `/documents/${draft.id}/file_upload`, form);
  while (!(await api<{ isFinished: boolean }>('GET', `/documents/${draft.id}/convertion_data`)).isFinished) {
    await sleep(100);
  }
  const role = draft.signers[0]?.id ?? null;
  const field = blankField({
    id: randomUUID(),
    type: 'checkbox',
    coordinateX: 72,
    coordinateY: 120,
    width: 25,
    height: 25,
    signerId: role,
  });
  await api('PATCH', `/documents/templates/${draft.id}`, { fields: [field] });
  const activated = await api<ActivateTemplateResponse>('PATCH', `/documents/templates/${draft.id}/activate`, {});
  if (activated.errors.length > 0) throw new Error(activated.errors.join('; '));
  return activated.template;
}

/** SIGNERS documents from the template, sent out; each signer's link read from the outbox. */
async function sentDocuments(baseUrl: string, api: ReturnType<typeof apiClient>): Promise<SignerLink[]> {
  const template = await checkboxTemplate(api);
  const made: Omit<SignerLink, 'token'>[] = [];
  for (let start = 0; start < SIGNERS; start += 5) {
    await Promise.all(
      Array.from({ length: Math.min(5, SIGNERS - start) }, async (_, k) => {
        const email = `nodes.${start + k}.${randomUUID().slice(0, 6)}@example.com`;
        const document = await api<Document>('POST', `/documents/templates/${template.id}/create-document`, {
          signers: [{ name: `Signer ${start + k}`, email }],
        });
        await api('PATCH', `/document_sign/documents/${document.id}/send_out`);
        const signer = document.signers[0];
        const fieldId = document.fields[0]?.id;
        if (!signer || !fieldId) throw new Error('the copy has no signer or field');
        made.push({ documentId: document.id, signerId: signer.id, email, fieldId });
      }),
    );
  }
  for (;;) {
    const mails = (await (await fetch(`${baseUrl}/api/v1/dev/mail?token=${BENCH_OUTBOX_KEY}`)).json()) as {
      to: string;
      text: string;
    }[];
    const links = made.map((one) => {
      const link = mails.find((mail) => mail.to === one.email)?.text.match(/https?:\/\/\S+signAccessToken\S+/)?.[0];
      return { ...one, token: link ? (new URL(link).searchParams.get('signAccessToken') ?? '') : '' };
    });
    if (links.every((link) => link.token)) return links;
    await sleep(200);
  }
}

/** The signer page's calls: the document, then the signature; the time of the signature's request, retries included. */
async function submit(baseUrl: string, link: SignerLink) {
  const headers = { 'content-type': 'application/json', [SIGN_ACCESS_TOKEN_HEADER]: link.token };
  await withRetries(`${baseUrl}/api/v1/document_sign/signers/${link.signerId}/document/${link.documentId}`, {
    headers,
  });
  const started = performance.now();
  const signed = await withRetries(
    `${baseUrl}/api/v1/document_sign/documents/${link.documentId}/signers/${link.signerId}/sign`,
    {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ fields: [{ id: link.fieldId, checked: true }], consent: 'I agree' }),
    },
  );
  return { ...signed, ms: performance.now() - started };
}

/** Kills the worker (SIGKILL) the first time a seal job is seen running in it, then starts it again. */
function killWorkerMidSeal(worker: ServerProcess, db: pg.Client) {
  let isDone = false;
  let killedAt: number | undefined;
  const watching = (async () => {
    while (!isDone) {
      const running = await db.query(
        `select count(*)::int as n from pgboss.job j join job_runs r on r.job_id = j.id
         where j.name = 'documents.seal' and j.state = 'active'`,
      );
      if ((running.rows[0] as { n: number }).n > 0) {
        await worker.kill();
        killedAt = performance.now();
        await sleep(1000);
        await worker.start();
        return;
      }
      await sleep(20);
    }
  })();
  return {
    killedAt: () => killedAt,
    async stop() {
      isDone = true;
      await watching;
    },
  };
}

/** Sealed files in the S3 server's folder, per document (`documents/<id>/sealed/...`). */
function sealedFilesPerDocument(directory: string): Map<string, number> {
  const counts = new Map<string, number>();
  const documentsDir = join(directory, 'esign', 'documents');
  let ids: string[] = [];
  try {
    ids = readdirSync(documentsDir);
  } catch {}
  for (const id of ids) {
    let files: string[] = [];
    try {
      files = readdirSync(join(documentsDir, id, 'sealed')).filter((name) => name.endsWith('._S3rver_object'));
    } catch {}
    if (files.length > 0) counts.set(id, files.length);
  }
  return counts;
}

async function run() {
  if (!(await reachable(benchDatabaseUrl, 5432)) || !(await reachable(redisUrl, 6379))) {
    console.log(
      `two nodes: skipped (PostgreSQL at ${new URL(benchDatabaseUrl).host} or Redis at ${new URL(redisUrl).host} does not answer)`,
    );
    recordResult({ row: 'two nodes, one lost', measured: 'skipped: no PostgreSQL or Redis' });
    return;
  }
  const databaseName = `bench_nodes_${Date.now()}`;
  await adminQuery(`create database ${databaseName}`);
  const databaseUrl = new URL(benchDatabaseUrl);
  databaseUrl.pathname = `/${databaseName}`;
  const s3Directory = mkdtempSync(join(tmpdir(), 'esign-nodes-s3-'));
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Directory,
    configureBuckets: [{ name: 'esign' }],
  });
  const { port: s3Port } = (await s3.run()) as AddressInfo;
  const proxyUrl = `http://127.0.0.1:${PORT_BASE}`;
  const env = {
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: redisUrl,
    JWT_SECRET: `${randomUUID()}${randomUUID()}`,
    S3_BUCKET: 'esign',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    OPERATOR_TOKEN: 'bench-operator',
    APP_URL: proxyUrl,
    // The AWS SDK's notice about Node's version, printed by each of the three processes at start.
    NODE_NO_WARNINGS: '1',
  };
  const nodeA = new ServerProcess(PORT_BASE + 1, { ...env, RUN_WORKERS: 'false' });
  const nodeB = new ServerProcess(PORT_BASE + 2, { ...env, RUN_WORKERS: 'false' });
  // The worker listens on nothing; its PORT is only read.
  const worker = new ServerProcess(PORT_BASE + 4, env, 'dist/worker.js');
  const proxy = roundRobinProxy([PORT_BASE + 1, PORT_BASE + 2]);
  let secret = '';
  const receiver = webhookReceiver(() => secret);
  const db = new pg.Client({ connectionString: databaseUrl.toString() });
  try {
    // Node A first: it applies the migrations to the new database.
    await nodeA.start();
    await Promise.all([nodeB.start(), worker.start()]);
    await proxy.start(PORT_BASE);
    await receiver.start(PORT_BASE + 3);
    await db.connect();

    const token = await loggedInUser(proxyUrl);
    const api = apiClient(proxyUrl, token);
    const { email } = await api<{ email: string }>('GET', '/user');
    await apiClient(proxyUrl, 'bench-operator')('PATCH', '/operator/users/plan', { email, planType: 'business' });
    const created = await api<{ secret: string }>('POST', '/webhooks', {
      url: `http://127.0.0.1:${PORT_BASE + 3}/hooks`,
      events: WEBHOOK_EVENTS,
    });
    secret = created.secret;
    const links = await sentDocuments(proxyUrl, api);
    console.log(`two nodes: ${links.length} documents sent; ${SIGNERS} signers over ${SECONDS} s`);

    // The run: signers spread evenly; node B lost at a third, back at two thirds; the worker killed mid-seal.
    const start = performance.now();
    const sealKiller = killWorkerMidSeal(worker, db);
    let nodeBDownAt: number | undefined;
    let nodeBRestartAt: number | undefined;
    let nodeBBackAt: number | undefined;
    const outage = (async () => {
      await sleep(KILL_AT);
      await nodeB.kill();
      nodeBDownAt = performance.now() - start;
      await sleep(Math.max(0, RESTART_AT - (performance.now() - start)));
      nodeBRestartAt = performance.now() - start;
      await nodeB.start();
      nodeBBackAt = performance.now() - start;
    })();
    const results = await Promise.all(
      links.map(async (link, index) => {
        await sleep((index * SECONDS * 1000) / SIGNERS);
        const at = performance.now() - start;
        try {
          return { link, at, ...(await submit(proxyUrl, link)) };
        } catch (error) {
          return { link, at, status: 0, tries: 0, ms: Number.NaN, error };
        }
      }),
    );
    await outage;

    // Every document completed and sealed (the killed seal is retried once the worker is back).
    const ids = links.map((link) => link.documentId);
    const sealDeadline = Date.now() + 180_000;
    const sealedCount = async () =>
      (
        await db.query(
          'select count(*)::int as n from documents where id = any($1::uuid[]) and sealed_at is not null',
          [ids],
        )
      ).rows[0].n as number;
    while ((await sealedCount()) < ids.length && Date.now() < sealDeadline) await sleep(500);
    await sealKiller.stop();
    // The events the webhook chose, each to arrive once.
    const expected = (
      await db.query('select id from events where document_id = any($1::uuid[]) and type = any($2::text[])', [
        ids,
        WEBHOOK_EVENTS,
      ])
    ).rows.map((row: { id: string }) => row.id);
    const hookDeadline = Date.now() + 120_000;
    while (expected.some((id) => !receiver.byEvent.has(id)) && Date.now() < hookDeadline) await sleep(200);
    await sleep(3000); // a duplicate would come now

    // Counts from the database, the files and the receiver.
    const finished = (
      await db.query('select id from signers where document_id = any($1::uuid[]) and is_finished', [ids])
    ).rows.length;
    const lost = results.filter((result) => result.status !== 200).length + (links.length - finished);
    const signatures = (
      await db.query(
        `select document_id, count(*)::int as n from document_activities
         where document_id = any($1::uuid[]) and type = 'sign' group by document_id`,
        [ids],
      )
    ).rows as { document_id: string; n: number }[];
    const duplicated = signatures.filter((row) => row.n > 1).length;
    const signedEvents = (
      await db.query(
        `select count(*)::int as n from events where document_id = any($1::uuid[]) and type = 'document.signed'`,
        [ids],
      )
    ).rows[0].n as number;
    const completed = (
      await db.query(`select count(*)::int as n from documents where id = any($1::uuid[]) and status = 'completed'`, [
        ids,
      ])
    ).rows[0].n as number;
    const sealed = await sealedCount();
    const completeActivities = (
      await db.query(
        `select document_id, count(*)::int as n from document_activities
         where document_id = any($1::uuid[]) and type = 'complete' group by document_id`,
        [ids],
      )
    ).rows as { document_id: string; n: number }[];
    const files = sealedFilesPerDocument(s3Directory);
    const filesOfRun = ids.map((id) => files.get(id) ?? 0);
    const hooksOnce = expected.filter((id) => receiver.byEvent.get(id) === 1).length;
    const hooksMissing = expected.filter((id) => !receiver.byEvent.has(id)).length;
    // A second delivery of an event (another webhook-id) would be a dispatch's fault; the same webhook-id POSTed
    // again is a try the killed worker had sent and not yet recorded (a receiver drops it by its webhook-id).
    const hooksTwice = expected.filter((id) => (receiver.deliveriesOfEvent.get(id)?.size ?? 0) > 1).length;
    const hooksDuplicated = [...receiver.byDelivery.values()].filter((n) => n > 1).length;
    const workerKilledAt = sealKiller.killedAt();

    const phase = (from: number, to: number) =>
      results.filter((result) => result.at >= from && result.at < to && result.status === 200).map((r) => r.ms);
    // The phases by the schedule's moments: node B killed, node B started again (it answers some seconds later,
    // printed as "answering at").
    const down = nodeBDownAt ?? KILL_AT;
    const back = nodeBRestartAt ?? RESTART_AT;
    const before = phase(0, down);
    const during = phase(down, back);
    const after = phase(back, Number.POSITIVE_INFINITY);
    const retried = results.filter((result) => result.tries > 1).length;

    const rows: string[][] = [['two nodes, one lost', 'measured', 'target', 'met']];
    const row = (name: string, measured: string, target: string, isMet: boolean) =>
      rows.push([name, measured, target, isMet ? 'yes' : 'NO']);
    row(`submissions lost (of ${links.length}; ${retried} retried)`, String(lost), '0', lost === 0);
    row(
      'duplicated signatures (documents with 2+ sign activities; signed events)',
      `${duplicated}; ${signedEvents} events`,
      `0; ${links.length}`,
      duplicated === 0 && signedEvents === links.length,
    );
    row('documents completed', `${completed}/${links.length}`, `${links.length}`, completed === links.length);
    row(
      `seals: sealed rows; complete activities; sealed files (worker killed mid-seal: ${workerKilledAt ? 'yes' : 'no'})`,
      `${sealed}; ${completeActivities.reduce((sum, one) => sum + one.n, 0)}; ${filesOfRun.reduce((a, b) => a + b, 0)}`,
      `exactly 1 per document (${links.length})`,
      sealed === links.length &&
        completeActivities.length === links.length &&
        completeActivities.every((one) => one.n === 1) &&
        filesOfRun.every((n) => n === 1) &&
        workerKilledAt !== undefined,
    );
    row(
      'webhooks: events POSTed once; missing; events with 2+ webhook-ids; webhook-ids POSTed again; bad signatures',
      `${hooksOnce}/${expected.length}; ${hooksMissing}; ${hooksTwice}; ${hooksDuplicated}; ${receiver.bad()}`,
      'each once',
      hooksOnce === expected.length && hooksTwice === 0 && hooksDuplicated === 0 && receiver.bad() === 0,
    );
    const show = (times: number[]) => (times.length ? `${p95(times).toFixed(0)} ms (${times.length})` : 'none');
    row(
      `submission p95: before / during (node B killed at ${(down / 1000).toFixed(0)} s, started at ${(back / 1000).toFixed(0)} s, answering at ${((nodeBBackAt ?? Number.NaN) / 1000).toFixed(0)} s) / after`,
      `${show(before)} / ${show(during)} / ${show(after)}`,
      'each answered',
      before.length + during.length + after.length === links.length,
    );
    console.log('\nTwo nodes, one lost');
    const widths = rows[0]?.map((_, column) => Math.max(...rows.map((line) => line[column]?.length ?? 0))) ?? [];
    for (const line of rows) console.log(line.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '));
    recordTable(rows);
  } finally {
    await db.end().catch(() => {});
    await proxy.stop().catch(() => {});
    await receiver.stop().catch(() => {});
    await worker.stop();
    await nodeB.stop();
    await nodeA.stop();
    await s3.close();
    rmSync(s3Directory, { recursive: true, force: true });
    await adminQuery(`drop database if exists ${databaseName} with (force)`);
  }
}

await run();
