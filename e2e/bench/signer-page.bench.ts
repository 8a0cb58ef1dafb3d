/**
 * Signer page size (issue 5): the JavaScript a signer's browser fetches before the first page of the document is
 * drawn, gzipped, against "under 150 KB gzipped, pdf.js excluded". Every JS response from opening the signing link
 * until the first `esign:page-rendered` mark is gzipped here (node:zlib, level 9, as a server would send it), with
 * and without the pdf.js chunks (the library and its worker). Baseline: the same sum for the login page, until its
 * form shows. Needs the built app and server (`npm run build`); starts its own server on a fresh data folder.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page, type Response } from 'playwright-core';
import { makePdf } from '../support/pdf.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.BENCH_PORT ?? 3291);
const base = `http://127.0.0.1:${port}`;
const TARGET_KB = 150;

async function startServer(): Promise<{ child: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'esign-signer-bench-'));
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', APP_URL: base },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // The server never outlives the benchmark, even when it fails.
  process.once('exit', () => child.kill('SIGTERM'));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return { child, dataDir };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start');
}

async function api<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const isForm = init.body instanceof FormData;
  const response = await fetch(`${base}/api/v1${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      ...(init.body && !isForm ? { 'Content-Type': 'application/json' } : {}),
    },
    body: isForm ? (init.body as FormData) : init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function linkInMail(to: string, subject: RegExp): Promise<string> {
  for (;;) {
    const mails = await api<{ to: string; subject: string; text: string }[]>('/dev/mail');
    const link = mails.find((mail) => mail.to === to && subject.test(mail.subject))?.text.match(/https?:\/\/\S+/)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A one-page document sent to one signer with a signature field; answers the signer's link from the mail. */
async function signingLink(): Promise<string> {
  const email = `bench.signer-owner.${Date.now()}@example.com`;
  await api('/auth/sign_up', { body: { name: 'Bench Owner', email, password: 'secret1' } });
  const token = new URL(await linkInMail(email, /confirm/i)).searchParams.get('emailConfirmationToken');
  await api('/auth/confirm_email/confirm', { body: { token } });
  const { accessToken } = await api<{ accessToken: string }>('/auth/sign_in', {
    body: { email, password: 'secret1' },
  });
  const { id } = await api<{ id: string }>('/documents', { token: accessToken, body: { type: 'others' } });
  const form = new FormData();
  form.append('upload', new Blob([new Uint8Array(makePdf(1))], { type: 'application/pdf' }), 'bench.pdf');
  await api(`/documents/${id}/file_upload`, { token: accessToken, body: form });
  while (!(await api<{ isFinished: boolean }>(`/documents/${id}/convertion_data`, { token: accessToken })).isFinished) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const signerEmail = `bench.signer.${Date.now()}@example.com`;
  const withSigner = await api<{ signers: { id: string }[] }>(`/documents/${id}`, {
    method: 'PATCH',
    token: accessToken,
    body: { title: 'Bench', signers: [{ name: 'Sam Signer', email: signerEmail, order: 1 }] },
  });
  const field = {
    id: crypto.randomUUID(),
    type: 'signature',
    pageNumber: 1,
    coordinateX: 72,
    coordinateY: 600,
    width: 150,
    height: 40,
    signerId: withSigner.signers[0]?.id,
    required: true,
    checked: false,
    text: null,
    placeholder: null,
    dateFormat: null,
    fontFamily: null,
    fontSize: null,
    requisiteId: null,
  };
  await api(`/documents/${id}`, { method: 'PATCH', token: accessToken, body: { fields: [field] } });
  await api(`/document_sign/documents/${id}/send_out`, { method: 'PATCH', token: accessToken });
  return linkInMail(signerEmail, /to sign/);
}

interface ScriptSize {
  url: string;
  gzipped: number;
}

const isScript = (response: Response) =>
  response.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(response.url()).pathname);
/** The pdf.js library chunk and its worker. */
const isPdfJs = (url: string) => /\/(pdfjs|pdf\.worker)[^/]*\.m?js$/.test(new URL(url).pathname);

/**
 * Opens `url` in a fresh context (empty cache) and gzips every JS response that arrived before `ready` resolved;
 * the worker's script counts too (it is the context's response).
 */
async function scriptsBefore(browser: Browser, url: string, ready: (page: Page) => Promise<unknown>) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const bodies: Promise<ScriptSize | null>[] = [];
  let isDone = false;
  context.on('response', (response) => {
    if (isDone || !isScript(response) || !response.ok()) return;
    bodies.push(
      response
        .body()
        .then((body) => ({ url: response.url(), gzipped: gzipSync(body, { level: 9 }).length }))
        .catch(() => null),
    );
  });
  const page = await context.newPage();
  await page.goto(url);
  await ready(page);
  isDone = true;
  const sizes = (await Promise.all(bodies)).filter((size): size is ScriptSize => size !== null);
  await context.close();
  return sizes;
}

const firstPageDrawn = (page: Page) =>
  page.waitForFunction(() => performance.getEntriesByName('esign:page-rendered').length > 0, undefined, {
    timeout: 60_000,
  });

const kb = (bytes: number) => bytes / 1024;
const sum = (sizes: ScriptSize[]) => sizes.reduce((total, size) => total + size.gzipped, 0);

async function main() {
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const link = await signingLink();
    const signer = await scriptsBefore(browser, link, firstPageDrawn);
    const login = await scriptsBefore(browser, `${base}/login`, (page) =>
      page.getByRole('button', { name: 'Log in' }).waitFor(),
    );
    const withoutPdfJs = (sizes: ScriptSize[]) => sizes.filter((size) => !isPdfJs(size.url));

    console.log('\nSigner page JavaScript before the first page is drawn (gzipped, level 9)\n');
    console.log(`${'page'.padEnd(34)}${'all JS (KB)'.padStart(12)}${'no pdf.js (KB)'.padStart(16)}  target`);
    const signerTotal = kb(sum(withoutPdfJs(signer)));
    console.log(
      `${'signer page (first page drawn)'.padEnd(34)}${kb(sum(signer)).toFixed(1).padStart(12)}${signerTotal.toFixed(1).padStart(16)}  < ${TARGET_KB} KB ${signerTotal < TARGET_KB ? 'met' : 'NOT MET'}`,
    );
    console.log(
      `${'login page (baseline, form shown)'.padEnd(34)}${kb(sum(login)).toFixed(1).padStart(12)}${kb(
        sum(withoutPdfJs(login)),
      )
        .toFixed(1)
        .padStart(16)}`,
    );
    console.log('\nsigner page scripts:');
    for (const size of [...signer].sort((a, b) => b.gzipped - a.gzipped)) {
      console.log(`  ${kb(size.gzipped).toFixed(1).padStart(7)} KB  ${new URL(size.url).pathname}`);
    }
  } finally {
    await browser.close();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

await main();
