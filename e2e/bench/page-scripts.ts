import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page, type Response } from 'playwright-core';

/** Debian's Chromium, headless, as every benchmark in the browser starts it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
}

/** The JavaScript a page loads before it is ready, as the signer page's and the public form's budgets count it. */
export interface ScriptSize {
  url: string;
  gzipped: number;
}

export const isScript = (response: Response) =>
  response.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(response.url()).pathname);
/** The pdf.js library chunk and its worker. */
export const isPdfJs = (url: string) => /\/(pdfjs|pdf\.worker)[^/]*\.m?js$/.test(new URL(url).pathname);

/**
 * Opens `url` in a fresh context (empty cache) and gzips every JS response that arrived before `ready` resolved;
 * the worker's script counts too (it is the context's response).
 */
export async function scriptsBefore(browser: Browser, url: string, ready: (page: Page) => Promise<unknown>) {
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
  await page.goto(url, { timeout: 180_000 });
  await ready(page);
  isDone = true;
  const sizes = (await Promise.all(bodies)).filter((size): size is ScriptSize => size !== null);
  await context.close();
  return sizes;
}

export const firstPageDrawn = (page: Page) =>
  page.waitForFunction(() => performance.getEntriesByName('esign:page-rendered').length > 0, undefined, {
    timeout: 60_000,
  });

export const kb = (bytes: number) => bytes / 1024;
export const sum = (sizes: ScriptSize[]) => sizes.reduce((total, size) => total + size.gzipped, 0);
