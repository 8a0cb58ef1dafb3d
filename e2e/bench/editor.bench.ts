import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { blankField, type DocumentField, type FieldSettings } from '@esign/shared';
import { type Browser, chromium, type Page } from 'playwright-core';
import { recordResult } from '../../apps/server/bench/results.js';
import { benchServer, root, type Session } from './bench-server.js';

const server = benchServer(Number(process.env.BENCH_PORT ?? 3290), 'editor');
const { base, api } = server;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const FIELDS_PER_PAGE = 3;

interface BenchDocument {
  id: string;
  pdfFileKey: string;
}

/** The third field of each page of the mixed document, in turn (issue 37's newer kinds). */
const THIRD_KINDS = ['dropdown', 'radio', 'multiselect', 'formula', 'phone', 'email', 'date', 'text'] as const;
const CONDITIONAL_PAGES = 60;

/**
 * Page `page`'s fields of the mixed document: a checkbox named c{page}, a number named n{page}, and one of
 * THIRD_KINDS, shown only while the checkbox is ticked on the first 60 pages (issue 37: 300 fields, 60 conditional).
 */
function mixedFields(page: number): DocumentField[] {
  const at = (slot: number) => ({
    id: crypto.randomUUID(),
    pageNumber: page,
    coordinateX: 100,
    coordinateY: 150 + slot * 150,
  });
  const third = THIRD_KINDS[page % THIRD_KINDS.length] ?? 'text';
  const settings: FieldSettings = {
    ...(third === 'formula' ? { formula: `n${page} * 2` } : {}),
    ...(['dropdown', 'radio', 'multiselect'].includes(third) ? { choices: ['Basic', 'Pro', 'Team'] } : {}),
    ...(page <= CONDITIONAL_PAGES ? { condition: { field: `c${page}`, op: 'checked' as const } } : {}),
  };
  return [
    blankField({ ...at(0), type: 'checkbox', settings: { name: `c${page}` } }),
    blankField({ ...at(1), type: 'number', settings: { name: `n${page}` } }),
    blankField({ ...at(2), type: third, settings }),
  ];
}

/**
 * A draft with a generated PDF of `pages` pages and `fieldsPerPage` text fields on each page, or (`isMixed`) three
 * fields of mixed kinds on each page, some of them conditional (mixedFields).
 */
async function makeDocument(
  session: Session,
  pages: number,
  fieldsPerPage: number,
  isMixed = false,
): Promise<BenchDocument> {
  const token = session.accessToken;
  const id = await server.uploadedDraft(token, pages);
  const fields = isMixed
    ? Array.from({ length: pages }, (_, index) => mixedFields(index + 1)).flat()
    : Array.from({ length: pages * fieldsPerPage }, (_, index) =>
        blankField({
          id: crypto.randomUUID(),
          type: 'text',
          pageNumber: Math.floor(index / fieldsPerPage) + 1,
          coordinateX: 100,
          coordinateY: 150 + (index % fieldsPerPage) * 150,
          width: 120,
          height: 24,
        }),
      );
  const saved = await api<{ pdfFileKey: string }>(`/documents/${id}`, {
    method: 'PATCH',
    token,
    body: { fields },
  });
  // The editor must open with every field: the benchmark reads the document as the browser will.
  const read = await api<{ fields: unknown[] }>(`/documents/${id}`, { token });
  if (read.fields.length !== fields.length) throw new Error(`the document has ${read.fields.length} fields`);
  return { id, pdfFileKey: saved.pdfFileKey };
}

/** A page logged in as the session. */
async function editorPage(browser: Browser, session: Session): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(
    ([access, refresh]) => {
      localStorage.setItem('esign.accessToken', access ?? '');
      sessionStorage.setItem('esign.accessToken', access ?? '');
      localStorage.setItem('esign.refreshToken', refresh ?? '');
    },
    [session.accessToken, session.refreshToken],
  );
  return context.newPage();
}

async function closeContext(page: Page) {
  await page.context().close();
}

/** BENCH_DEBUG=1: where the time goes, request by request and mark by mark (start, end, name). */
async function printTimeline(page: Page) {
  if (!process.env.BENCH_DEBUG) return;
  const entries = await page.evaluate(() =>
    [...performance.getEntriesByType('resource'), ...performance.getEntriesByType('mark')]
      .sort((a, b) => a.startTime - b.startTime)
      .map((entry) => {
        const end = entry.entryType === 'resource' ? (entry as PerformanceResourceTiming).responseEnd : entry.startTime;
        return `${entry.startTime.toFixed(0).padStart(6)} ${end.toFixed(0).padStart(6)} ${entry.name.slice(-70)}`;
      }),
  );
  const longTasks = await page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        setTimeout(() => resolve([]), 200);
        new PerformanceObserver((list) =>
          resolve(
            list
              .getEntries()
              .map(
                (e) =>
                  `${e.startTime.toFixed(0).padStart(6)} ${(e.startTime + e.duration).toFixed(0).padStart(6)} longtask`,
              ),
          ),
        ).observe({ type: 'longtask', buffered: true });
      }),
  );
  console.log(`${page.url()}\n${[...entries, ...longTasks].sort().join('\n')}\n`);
}

const firstPageMark = (page: Page) =>
  page.waitForFunction(() => {
    const marks = performance.getEntriesByName('esign:page-rendered') as PerformanceMark[];
    const mark = marks.find((entry) => (entry.detail as { width: number }).width >= 700);
    return mark?.startTime ?? false;
  });

/** When the editor is ready to use: its controls, fields and own first page on screen (after the early page). */
const editorReadyMark = (page: Page) =>
  page.waitForFunction(() => performance.getEntriesByName('esign:editor-ready')[0]?.startTime ?? false);

/** The editor opened on a fresh page: when its first page is visible, and when the editor is ready. */
async function editorFirstPage(
  browser: Browser,
  session: Session,
  document: BenchDocument,
): Promise<{ firstPage: number; ready: number }> {
  const page = await editorPage(browser, session);
  await page.goto(`${base}/documents/${document.id}/edit`);
  const firstPage = Number(await (await firstPageMark(page)).jsonValue());
  const ready = Number(await (await editorReadyMark(page)).jsonValue());
  await printTimeline(page);
  await closeContext(page);
  return { firstPage, ready };
}

/**
 * The bare page: pdf.js alone draws page 1 at the editor's width, from a signed URL asked for on load. Its files are
 * put beside the built web app before the server starts, so the server serves both pages alike (same origin,
 * headers and Content-Security-Policy; no request goes through the benchmark's own process).
 */
const BARE_DIR = join(root, 'apps/web/dist/bench-bare');

const BARE_SCRIPT = `
const pdfjs = await import('/bench-bare/pdf.min.mjs');
pdfjs.GlobalWorkerOptions.workerSrc = '/bench-bare/pdf.worker.min.mjs';
const params = new URLSearchParams(location.hash.slice(1));
const answer = await fetch('/api/v1/auth/get_signed_url', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + params.get('token') },
  body: JSON.stringify({ key: params.get('key') }),
}).then((response) => response.json());
const pdf = await pdfjs.getDocument({ url: answer.url, isEvalSupported: false }).promise;
const page = await pdf.getPage(1);
const ratio = Math.min(devicePixelRatio || 1, 2);
const viewport = page.getViewport({ scale: (752 / page.getViewport({ scale: 1 }).width) * ratio });
const canvas = document.getElementById('page');
canvas.width = viewport.width;
canvas.height = viewport.height;
await page.render({ canvas, viewport }).promise;
performance.mark('esign:page-rendered', { detail: { pageNumber: 1, width: 752 } });
`;

function writeBarePage() {
  const pdfjs = join(root, 'node_modules/pdfjs-dist/build');
  mkdirSync(BARE_DIR, { recursive: true });
  for (const file of ['pdf.min.mjs', 'pdf.worker.min.mjs']) copyFileSync(join(pdfjs, file), join(BARE_DIR, file));
  writeFileSync(join(BARE_DIR, 'bare.mjs'), BARE_SCRIPT);
  writeFileSync(
    join(BARE_DIR, 'index.html'),
    '<!doctype html><canvas id="page"></canvas><script type="module" src="/bench-bare/bare.mjs"></script>',
  );
}

async function bareFirstPage(browser: Browser, session: Session, document: BenchDocument): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const params = new URLSearchParams({ token: session.accessToken, key: document.pdfFileKey });
  await page.goto(`${base}/bench-bare/index.html#${params}`);
  const time = Number(await (await firstPageMark(page)).jsonValue());
  await printTimeline(page);
  await context.close();
  return time;
}

/** p95 of the per-move work while dragging the first field of page 1 by 300 px in 120 moves. */
async function dragFrameP95(browser: Browser, session: Session, document: BenchDocument): Promise<number> {
  const page = await editorPage(browser, session);
  await page.goto(`${base}/documents/${document.id}/edit`);
  await firstPageMark(page);
  const field = page.locator('[data-testid="editor-page"][data-page-number="1"] [data-testid="editor-field"]').first();
  const box = await field.boundingBox();
  if (!box) throw new Error('no field on page 1');
  await page.evaluate(() => {
    const samples: number[] = [];
    let startedAt = 0;
    (window as unknown as { dragSamples: number[] }).dragSamples = samples;
    window.addEventListener('pointermove', () => (startedAt = performance.now()), { capture: true });
    window.addEventListener('pointermove', (event) => {
      // After the editor's handler: force style and layout, as the frame would.
      (event.target as HTMLElement).getBoundingClientRect();
      samples.push(performance.now() - startedAt);
    });
  });
  const x = box.x + 10;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 120; step++) await page.mouse.move(x + step * 2.5, y + step);
  await page.mouse.up();
  const samples = await page.evaluate(() => (window as unknown as { dragSamples: number[] }).dragSamples);
  await closeContext(page);
  const sorted = samples.slice(1).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? Number.NaN;
}

/** The most pages mounted at once while scrolling from the first page to the last. */
async function maxMountedPages(browser: Browser, session: Session, document: BenchDocument): Promise<number> {
  const page = await editorPage(browser, session);
  await page.goto(`${base}/documents/${document.id}/edit`);
  await firstPageMark(page);
  let most = 0;
  const scroller = page.getByTestId('editor-scroll');
  const height = await scroller.evaluate((element) => element.scrollHeight);
  for (let top = 0; top <= height; top += 2000) {
    await scroller.evaluate((element, value) => element.scrollTo(0, value), top);
    await page.waitForTimeout(50);
    most = Math.max(most, await page.getByTestId('editor-page').count());
  }
  await closeContext(page);
  return most;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * The medians of a figure and its baseline, measured in turns (baseline, figure, baseline, ...): the machine is
 * shared, and a load that comes and goes then weighs on both alike.
 */
async function repeatPair(baseline: () => Promise<number>, figure: () => Promise<number>): Promise<[number, number]> {
  const baselines: number[] = [];
  const figures: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    baselines.push(await baseline());
    figures.push(await figure());
  }
  return [median(figures), median(baselines)];
}

async function main() {
  writeBarePage();
  await server.start();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const session = await server.signUp('editor');
    const large = await makeDocument(session, 100, FIELDS_PER_PAGE, true);
    const small = await makeDocument(session, 1, 1);
    // One warm-up of each, so both sides read the built files from a warm disk cache.
    await bareFirstPage(browser, session, large);
    await editorFirstPage(browser, session, large);

    const readies: number[] = [];
    const [editor, bare] = await repeatPair(
      () => bareFirstPage(browser, session, large),
      async () => {
        const { firstPage, ready } = await editorFirstPage(browser, session, large);
        readies.push(ready);
        return firstPage;
      },
    );
    const ready = median(readies);
    const [drag, dragBaseline] = await repeatPair(
      () => dragFrameP95(browser, session, small),
      () => dragFrameP95(browser, session, large),
    );
    const mounted = await maxMountedPages(browser, session, large);

    const rows = [
      [
        'first page visible (ms)',
        editor,
        bare,
        editor / bare,
        // Issue 40 raised it from 1.3x.
        'within 1.1x and < 1000 ms',
        editor <= bare * 1.1 && editor < 1000,
      ],
      ['editor ready (ms)', ready, bare, ready / bare, 'none: controls, fields and page 1 drawn', null],
      [
        'drag frame p95 (ms)',
        drag,
        dragBaseline,
        drag / dragBaseline,
        'within 1.5x and < 16.7 ms',
        drag <= dragBaseline * 1.5 && drag < 16.7,
      ],
      ['pages mounted (most)', mounted, 100, mounted / 100, '<= 12', mounted <= 12],
    ] as const;
    console.log(
      `\nField editor, 100 pages and ${100 * FIELDS_PER_PAGE} fields of mixed kinds, ${CONDITIONAL_PAGES} of them conditional (median of ${RUNS} runs)\n`,
    );
    console.log(
      `${'figure'.padEnd(26)}${'value'.padStart(10)}${'baseline'.padStart(10)}${'ratio'.padStart(8)}  target`,
    );
    for (const [name, value, baseline, ratio, target, isMet] of rows) {
      console.log(
        `${name.padEnd(26)}${value.toFixed(1).padStart(10)}${baseline.toFixed(1).padStart(10)}${ratio.toFixed(2).padStart(8)}  ${target}${isMet === null ? '' : isMet ? ' met' : ' NOT MET'}`,
      );
      recordResult({ row: name, measured: value.toFixed(1), baseline: baseline.toFixed(1), ratio, target, met: isMet });
    }
    console.log('\nbaselines: bare pdf.js page; the same drag on a 1-page document with 1 field; the page count');
  } finally {
    await browser.close();
    await server.stop();
    rmSync(BARE_DIR, { recursive: true, force: true });
  }
}

await main();
