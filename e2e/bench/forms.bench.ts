// Benchmarks of public forms (issue 18), on the built server with its embedded database. Run with `npm run bench`
// (or, after `npm run build`, `tsx bench/forms.bench.ts` in e2e/).
// 1. The public form page's JavaScript before its first page is drawn, gzipped, without pdf.js: under 120 KB.
// 2. 200 submissions to one live form from 20 concurrent clients, each from an address of its own (TRUST_PROXY=1
//    and X-Forwarded-For), 10 each (the per-address limit is 10 a minute): all accepted, 200 documents and 200
//    signing tokens, none duplicated; the p95 of create-document beside the p95 of a bare `POST documents` draft
//    creation by 20 concurrent clients, and beside the owner's own create-document from a template + send_out of the
//    same document (issue 40: at most 1.2x and under 1 s): two warm-up rounds of each, then ten rounds of each in
//    turn, every client once a round.
// BENCH_ONLY=page measures the page alone and lists its scripts.

import { recordResult } from '../../apps/server/bench/results.js';
import { signatureField } from '../support/documents.js';
import { makePdf } from '../support/pdf.js';
import { benchServer } from './bench-server.js';
import { firstPageDrawn, isPdfJs, kb, launchChromium, scriptsBefore, sum } from './page-scripts.js';

const OPERATOR_KEY = 'bench-operator-key';
process.env.OPERATOR_TOKEN = OPERATOR_KEY;
process.env.TRUST_PROXY = '1';
const server = benchServer(Number(process.env.BENCH_PORT ?? 3292), 'forms');
const { base, api } = server;
const CLIENTS = 20;
const PER_CLIENT = 10;
const TARGET_KB = 120;
/** Issue 40: a visitor's submission within 1.2x of the owner's own create + send, and under a second. */
const OWN_SEND_RATIO = 1.2;
const WARM_ROUNDS = 2;
const OWN_SEND_LIMIT_MS = 1000;

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1] ?? 0;

/** A live form of a Business owner: one page, a required signature for SIGNER. */
async function liveForm(): Promise<{ formId: string; token: string }> {
  const owner = await server.signUp('form-owner');
  const operator = await fetch(`${base}/api/v1/operator/users/plan`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${OPERATOR_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email: owner.user.email, planType: 'business' }),
  });
  if (!operator.ok) throw new Error(`operator: ${operator.status}`);
  const token = owner.accessToken;
  const form = await api<{ id: string; signers: { id: string; isPreparer: boolean }[] }>('/documents/form-requests', {
    token,
    body: { title: 'Bench form' },
  });
  const pdf = new FormData();
  pdf.append('upload', new Blob([new Uint8Array(makePdf(1))], { type: 'application/pdf' }), 'form.pdf');
  await api(`/documents/${form.id}/file_upload`, { token, body: pdf });
  while (!(await api<{ isFinished: boolean }>(`/documents/${form.id}/convertion_data`, { token })).isFinished) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const signer = form.signers.find((row) => !row.isPreparer);
  const field = signatureField(signer?.id ?? '', 300);
  await api(`/documents/form-requests/${form.id}`, { method: 'PATCH', token, body: { fields: [field] } });
  const activated = await api<{ errors: string[] }>(`/documents/templates/${form.id}/activate`, {
    method: 'PATCH',
    token,
    body: {},
  });
  if (activated.errors.length > 0) throw new Error(activated.errors.join('; '));
  return { formId: form.id, token };
}

/** A live template of the same owner with one role and the form's page and field, for the owner's own sends. */
async function liveTemplate(token: string): Promise<string> {
  const template = await api<{ id: string; signers: { id: string; isPreparer: boolean }[] }>('/documents/templates', {
    token,
    body: { title: 'Bench template', roles: [{ role: 'Client' }] },
  });
  const pdf = new FormData();
  pdf.append('upload', new Blob([new Uint8Array(makePdf(1))], { type: 'application/pdf' }), 'template.pdf');
  await api(`/documents/${template.id}/file_upload`, { token, body: pdf });
  while (!(await api<{ isFinished: boolean }>(`/documents/${template.id}/convertion_data`, { token })).isFinished) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const role = template.signers.find((row) => !row.isPreparer);
  const field = signatureField(role?.id ?? '', 300);
  await api(`/documents/templates/${template.id}`, { method: 'PATCH', token, body: { fields: [field] } });
  const activated = await api<{ errors: string[] }>(`/documents/templates/${template.id}/activate`, {
    method: 'PATCH',
    token,
    body: {},
  });
  if (activated.errors.length > 0) throw new Error(activated.errors.join('; '));
  return template.id;
}

/** `CLIENTS` clients side by side, each making one call; each call's milliseconds. */
async function oneRound(call: (client: number) => Promise<Response>): Promise<number[]> {
  return Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      const start = performance.now();
      const response = await call(client);
      const ms = performance.now() - start;
      if (!response.ok) throw new Error(`client ${client}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
      return ms;
    }),
  );
}

/**
 * `rounds` rounds of each kind of call in turn (every client once per round), so that the server's warming, its
 * workers sending the mails the calls queued, and any load from elsewhere fall on each kind alike; each kind's
 * milliseconds.
 */
async function inTurn(rounds: number, kinds: ((client: number, round: number) => Promise<Response>)[]) {
  const times = kinds.map(() => [] as number[]);
  for (let round = 0; round < rounds; round++) {
    for (const [index, kind] of kinds.entries())
      times[index]?.push(...(await oneRound((client) => kind(client, round))));
  }
  return times;
}

async function main() {
  await server.start();
  const browser = await launchChromium();
  try {
    const { formId, token } = await liveForm();

    // 1. The public page's JavaScript (a visitor's first visit: empty cache).
    const scripts = await scriptsBefore(browser, `${base}/form-requests/${formId}/send`, firstPageDrawn);
    const withoutPdfJs = kb(sum(scripts.filter((size) => !isPdfJs(size.url))));
    if (process.env.BENCH_ONLY === 'page') {
      console.log(`public form page JS without pdf.js: ${withoutPdfJs.toFixed(1)} KB`);
      for (const size of [...scripts].sort((a, b) => b.gzipped - a.gzipped)) {
        console.log(`  ${kb(size.gzipped).toFixed(1).padStart(7)} KB  ${new URL(size.url).pathname}`);
      }
      return;
    }

    // 2. Submissions beside bare draft creations and the owner's own sends, warmed, then round by round in turn.
    const tokens: string[] = [];
    const documents: string[] = [];
    /** A visitor's submission; `ip` one of the clients' own addresses (10 a minute each: the limit). */
    const submit = (ip: string, name: string, isCounted: boolean) =>
      fetch(`${base}/api/v1/document_sign/form-requests/${formId}/create-document`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ signer: { name: `Visitor ${name}`, email: `visitor.${name}@example.com` } }),
      }).then(async (response) => {
        if (response.ok && isCounted) {
          const made = (await response.clone().json()) as { documentId: string; signAccessToken: string };
          tokens.push(made.signAccessToken);
          documents.push(made.documentId);
        }
        return response;
      });
    const draft = () =>
      fetch(`${base}/api/v1/documents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'others' }),
      });
    // The same work done by the owner for one signer, as the web app does it: a document from a live template of
    // the same page and field, then its send-out (two requests, timed together).
    const templateId = await liveTemplate(token);
    const ownSend = async (name: string) => {
      const made = await fetch(`${base}/api/v1/documents/templates/${templateId}/create-document`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ signers: [{ name: `Client ${name}`, email: `client.${name}@example.com` }] }),
      });
      if (!made.ok) return made;
      const { id } = (await made.json()) as { id: string };
      return fetch(`${base}/api/v1/document_sign/documents/${id}/send_out`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token}` },
      });
    };
    // Warm-up rounds from other addresses, not counted.
    await inTurn(WARM_ROUNDS, [
      (client, round) => submit(`198.51.100.${101 + client}`, `warm.${client}.${round}`, false),
      () => draft(),
      (client, round) => ownSend(`warm.${client}.${round}`),
    ]);
    const [submissions = [], drafts = [], ownSends = []] = await inTurn(PER_CLIENT, [
      (client, round) => submit(`198.51.100.${client + 1}`, `${client}.${round}`, true),
      () => draft(),
      (client, round) => ownSend(`${client}.${round}`),
    ]);
    const contracts = await api<unknown[]>(`/documents/form-requests/${formId}/contracts`, { token });
    const expected = CLIENTS * PER_CLIENT;
    // The warm-up's submissions are the form's contracts too.
    const submitted = contracts.length - WARM_ROUNDS * CLIENTS;
    const isWhole =
      tokens.length === expected &&
      new Set(tokens).size === expected &&
      new Set(documents).size === expected &&
      submitted === expected;
    const ratio = p95(submissions) / p95(drafts);

    console.log('\nPublic forms\n');
    console.log(
      `public form page JS before its first page is drawn, gzipped, without pdf.js: ${withoutPdfJs.toFixed(1)} KB` +
        ` (all JS ${kb(sum(scripts)).toFixed(1)} KB)  target < ${TARGET_KB} KB: ${withoutPdfJs < TARGET_KB ? 'met' : 'NOT MET'}`,
    );
    console.log(
      `${expected} submissions from ${CLIENTS} clients: ${tokens.length} accepted, ${new Set(documents).size} documents,` +
        ` ${new Set(tokens).size} tokens, ${submitted} submitted contracts: ${isWhole ? 'all, none duplicated' : 'NOT ALL'}`,
    );
    console.log(
      `p95 create-document ${p95(submissions).toFixed(0)} ms, p95 POST documents ${p95(drafts).toFixed(0)} ms:` +
        ` ${ratio.toFixed(2)}x (issue 18's target, 3x, replaced by issue 40's below)`,
    );
    console.log(
      `  beside the owner's own send of the same document (create-document from a template + send_out), p95` +
        ` ${p95(ownSends).toFixed(0)} ms: ${(p95(submissions) / p95(ownSends)).toFixed(2)}x  target <= ${OWN_SEND_RATIO}x` +
        ` and < ${OWN_SEND_LIMIT_MS} ms`,
    );
    recordResult({
      row: 'public form page JS before its first page, gzip, without pdf.js',
      measured: `${withoutPdfJs.toFixed(1)} KB`,
      baseline: `all JS ${kb(sum(scripts)).toFixed(1)} KB`,
      target: `< ${TARGET_KB} KB`,
      met: withoutPdfJs < TARGET_KB,
    });
    recordResult({
      row: `${expected} submissions from ${CLIENTS} clients: accepted, each once`,
      measured: `${tokens.length} accepted, ${new Set(documents).size} documents, ${submitted} contracts`,
      target: `${expected}, none duplicated`,
      met: isWhole,
    });
    const ownRatio = p95(submissions) / p95(ownSends);
    const isOwnMet = ownRatio <= OWN_SEND_RATIO && p95(submissions) < OWN_SEND_LIMIT_MS;
    recordResult({
      row: "create-document p95, beside the owner's own send of the same document",
      measured: `${p95(submissions).toFixed(0)} ms`,
      baseline: `${p95(ownSends).toFixed(0)} ms (template + send_out)`,
      ratio: ownRatio,
      target: `<= ${OWN_SEND_RATIO}x and < ${OWN_SEND_LIMIT_MS} ms`,
      met: isOwnMet,
    });
    // Issue 18's ratio, kept for comparison: issue 40 measures a submission against the owner's own send instead.
    recordResult({
      row: '  beside a bare draft creation (POST documents)',
      measured: `${p95(submissions).toFixed(0)} ms`,
      baseline: `${p95(drafts).toFixed(0)} ms (POST documents)`,
      ratio,
    });
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
