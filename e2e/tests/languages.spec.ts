import { randomUUID } from 'node:crypto';
import { blankField } from '@esign/shared';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { firstLink, uniqueEmail, waitForMail } from '../support/accounts.js';
import { apiSession, bearer, createDocumentWithPdf, patchDocument } from '../support/documents.js';
import { makePdf } from '../support/pdf.js';

test.setTimeout(120_000);

/** A document sent to Bob with one signature field; answers Bob's signing link. */
async function signingLink(request: APIRequestContext, language: string | null = null) {
  const owner = await apiSession(request, 'Olivia Owner');
  const id = await createDocumentWithPdf(request, owner, { type: 'others', pdf: makePdf(1) });
  const email = uniqueEmail('bob');
  const { signers } = await patchDocument(request, owner, id, {
    title: 'Mietvertrag',
    language,
    signers: [{ name: 'Bob Signer', email, order: 1 }],
  });
  const signerId = signers[0]?.id ?? null;
  await patchDocument(request, owner, id, {
    fields: [blankField({ id: randomUUID(), type: 'signature', coordinateX: 72, coordinateY: 200, signerId })],
  });
  const sent = await request.patch(`/api/v1/document_sign/documents/${id}/send_out`, { headers: bearer(owner) });
  expect(sent.ok(), await sent.text()).toBe(true);
  // The subject is in the document's language; each names the title.
  return firstLink(await waitForMail(request, email, /Mietvertrag/));
}

test.describe('the signer page in the browser language, at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'de-DE' });

  test('reads in German for a de-DE browser, and in Japanese once chosen in the switcher, remembered', async ({
    page,
  }, testInfo) => {
    await page.goto(await signingLink(page.request));
    await expect(page.getByRole('heading', { level: 1, name: 'Mietvertrag' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unterschreiben beginnen' })).toBeVisible();
    await expect(page.getByText('Von Olivia Owner')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const switcher = page.getByRole('combobox', { name: 'Sprache' });
    await expect(switcher).toHaveValue('de');
    await expect(page.locator('[data-field-id]').first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('signer-de-375.png') });

    await switcher.selectOption('ja');
    await expect(page.getByRole('button', { name: '署名を開始' })).toBeVisible();
    await expect(page.getByText('送信者：Olivia Owner')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await page.screenshot({ path: testInfo.outputPath('signer-ja-375.png') });

    await page.reload();
    await expect(page.getByRole('button', { name: '署名を開始' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: '言語' })).toHaveValue('ja');
  });
});

test.describe('a form that is not available, in the browser language', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'de-DE' });

  test("says 'This form is not available' in German", async ({ page }) => {
    // Cause: the heading was the spec's English sentence, which no language translated.
    await page.goto(`/form-requests/${randomUUID()}/send`);
    await expect(page.getByRole('heading', { level: 1, name: 'Dieses Formular ist nicht verfügbar' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });
});

test.describe("the signer page in the sender's language", () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'en-US' });

  test('opens in French for an en-US browser when the sender chose French, until the signer chooses another', async ({
    page,
  }, testInfo) => {
    await page.goto(await signingLink(page.request, 'fr'));
    await expect(page.getByRole('heading', { level: 1, name: 'Mietvertrag' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    const switcher = page.getByRole('combobox', { name: 'Langue' });
    await expect(switcher).toHaveValue('fr');
    await expect(page.locator('[data-field-id]').first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('signer-fr-375.png') });

    await switcher.selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  });
});
