/**
 * The signing journey on a phone against the same journey on a desktop (issue 26): a 3-field document (a
 * signature, a date, a checkbox) from opening the signer's link to the 'You have signed the document' dialog, at
 * 375 x 812 with taps (counted: at most 6) and at 1280 x 800 with clicks, in turns (desktop, phone, desktop, ...) on
 * one built server, each run on a document of its own. Target: the phone's median time at most 1.2x the desktop's.
 */
import { randomUUID } from 'node:crypto';
import { blankField, type DocumentField, type FieldType } from '@esign/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { recordResult } from '../../apps/server/bench/results.js';
import { benchServer } from './bench-server.js';
import { launchChromium } from './page-scripts.js';

const server = benchServer(Number(process.env.BENCH_PORT ?? 3293), 'signing-journey');
const { api } = server;
const RUNS = Number(process.env.BENCH_JOURNEY_RUNS ?? 7);
const TARGET_RATIO = 1.2;
const TAP_LIMIT = 6;

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** A document sent to one signer with a signature, a date and a checkbox; answers the signer's link. */
async function threeFieldLink(accessToken: string, run: string): Promise<string> {
  const id = await server.uploadedDraft(accessToken, 1);
  const email = `bench.journey.${run}.${Date.now()}@example.com`;
  const { signers } = await api<{ signers: { id: string }[] }>(`/documents/${id}`, {
    method: 'PATCH',
    token: accessToken,
    body: { title: 'Journey', signers: [{ name: 'Sam Signer', email, order: 1 }] },
  });
  const signerId = signers[0]?.id ?? null;
  const field = (type: FieldType, coordinateY: number, extra: Partial<DocumentField> = {}) =>
    blankField({ id: randomUUID(), type, coordinateX: 72, coordinateY, signerId, ...extra });
  await api(`/documents/${id}`, {
    method: 'PATCH',
    token: accessToken,
    body: { fields: [field('signature', 200), field('date', 300), field('checkbox', 400, { width: 15, height: 15 })] },
  });
  await api(`/document_sign/documents/${id}/send_out`, { method: 'PATCH', token: accessToken });
  return server.linkInMail(email, /to sign/);
}

/**
 * One journey in a fresh browser context: answers the milliseconds from the link's navigation to the success dialog
 * and the taps (or clicks) it took.
 */
async function journey(browser: Browser, link: string, onPhone: boolean): Promise<{ ms: number; taps: number }> {
  const context = await browser.newContext(onPhone ? PHONE : DESKTOP);
  const page: Page = await context.newPage();
  let taps = 0;
  const press = async (target: Locator) => {
    await (onPhone ? target.tap() : target.click());
    taps += 1;
  };
  try {
    const started = performance.now();
    await page.goto(link);
    await press(page.getByRole('button', { name: 'Start signing' }));
    // The signature's step is the saved-signature chooser; its quick typed signature signs at once.
    await press(page.getByRole('dialog').getByRole('button', { name: 'Sign Now' }));
    // The date is filled with today: on to the checkbox's step.
    const sheet = page.getByTestId('step-sheet');
    await press(sheet.getByRole('checkbox', { name: 'Checkbox' }));
    await press(sheet.getByRole('button', { name: 'Submit' }));
    await press(page.getByRole('dialog', { name: 'Almost done!' }).getByRole('button', { name: 'I Agree' }));
    await page.getByRole('dialog', { name: 'You have signed the document' }).waitFor();
    return { ms: performance.now() - started, taps };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function main() {
  await server.start();
  const browser = await launchChromium();
  try {
    // A free account sends 3 documents a month: each pair of runs has an owner of its own.
    const owner = async (run: string) => (await server.signUp(`journey-${run}`)).accessToken;
    // A warm-up of each, not counted: the server's and the browser's first requests pay for caches.
    const warmOwner = await owner('warm');
    await journey(browser, await threeFieldLink(warmOwner, 'warm-desktop'), false);
    await journey(browser, await threeFieldLink(warmOwner, 'warm-phone'), true);
    const desktop: number[] = [];
    const phone: number[] = [];
    let phoneTaps = 0;
    let desktopClicks = 0;
    for (let run = 0; run < RUNS; run++) {
      const accessToken = await owner(String(run));
      const onDesktop = await journey(browser, await threeFieldLink(accessToken, `d${run}`), false);
      const onPhone = await journey(browser, await threeFieldLink(accessToken, `p${run}`), true);
      desktop.push(onDesktop.ms);
      phone.push(onPhone.ms);
      phoneTaps = Math.max(phoneTaps, onPhone.taps);
      desktopClicks = Math.max(desktopClicks, onDesktop.taps);
    }
    const ratio = median(phone) / median(desktop);
    console.log(`\nSigning journey, 3 fields, link to success dialog (median of ${RUNS} runs in turns)\n`);
    console.log(
      `  375 x 812, taps       ${median(phone).toFixed(0).padStart(6)} ms   ${phoneTaps} taps (limit ${TAP_LIMIT}): ${phoneTaps <= TAP_LIMIT ? 'met' : 'NOT MET'}`,
    );
    console.log(
      `  1280 x 800, clicks    ${median(desktop).toFixed(0).padStart(6)} ms   ${desktopClicks} clicks (baseline)`,
    );
    console.log(
      `  ratio                 ${ratio.toFixed(2)}x  target <= ${TARGET_RATIO}x: ${ratio <= TARGET_RATIO ? 'met' : 'NOT MET'}`,
    );
    recordResult({
      row: 'signing journey, 3 fields, 375 x 812: taps',
      measured: `${phoneTaps} taps`,
      baseline: `${desktopClicks} clicks at 1280 x 800`,
      target: `<= ${TAP_LIMIT} taps`,
      met: phoneTaps <= TAP_LIMIT,
    });
    recordResult({
      row: 'signing journey, 3 fields, 375 x 812: link to success dialog',
      measured: `${median(phone).toFixed(0)} ms`,
      baseline: `${median(desktop).toFixed(0)} ms at 1280 x 800`,
      ratio,
      target: `<= ${TARGET_RATIO}x`,
      met: ratio <= TARGET_RATIO,
    });
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
