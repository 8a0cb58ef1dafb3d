import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page, type Response } from 'playwright-core';
import { signatureField } from '../support/documents.js';
import { benchServer } from './bench-server.js';

const server = benchServer(Number(process.env.BENCH_PORT ?? 3291), 'signer-page');
const { base, api } = server;
const TARGET_KB = 150;

/** A one-page document sent to one signer with a signature field; answers the signer's link from the mail. */
async function signingLink(): Promise<string> {
  const { accessToken } = await server.signUp('signer-owner');
  const id = await server.uploadedDraft(accessToken, 1);
  const signerEmail = `bench.signer.${Date.now()}@example.com`;
  const withSigner = await api<{ signers: { id: string }[] }>(`/documents/${id}`, {
    method: 'PATCH',
    token: accessToken,
    body: { title: 'Bench', signers: [{ name: 'Sam Signer', email: signerEmail, order: 1 }] },
  });
  const field = signatureField(withSigner.signers[0]?.id ?? '', 600);
  await api(`/documents/${id}`, { method: 'PATCH', token: accessToken, body: { fields: [field] } });
  await api(`/document_sign/documents/${id}/send_out`, { method: 'PATCH', token: accessToken });
  return server.linkInMail(signerEmail, /to sign/);
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
  await server.start();
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
    await server.stop();
  }
}

await main();
