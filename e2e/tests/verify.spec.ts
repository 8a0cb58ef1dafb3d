import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { apiSession, bearer, completedDocument } from '../support/documents.js';
import { makePdf } from '../support/pdf.js';

test.setTimeout(120_000);
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

test('/verify, with no account: a sealed file is intact, a plain PDF has no signature', async ({ page }) => {
  const owner = await apiSession(page.request, 'Vera Verifier');
  const id = await completedDocument(page.request, owner, 'Verified at the door');
  const document = await (await page.request.get(`/api/v1/documents/${id}`, { headers: bearer(owner) })).json();
  const link = await page.request.post('/api/v1/auth/get_signed_download_url', {
    headers: bearer(owner),
    data: { key: document.resultPdfFileKey, fileName: 'sealed.pdf' },
  });
  const sealed = await (await page.request.get((await link.json()).result)).body();

  await page.goto('/verify');
  await expect(page.getByRole('heading', { level: 1, name: 'Verify a signed document' })).toBeVisible();
  await expect(page.getByText('The file is sent to this server, checked in memory and not kept.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Choose a PDF to verify').setInputFiles({
    name: 'sealed.pdf',
    mimeType: 'application/pdf',
    buffer: sealed,
  });
  await expect(page.getByRole('alert').filter({ hasText: 'Intact' })).toBeVisible();
  await expect(page.getByText('Document: Verified at the door')).toBeVisible();
  // What the file proves: a seal without authorities is B-B, by a self-signed certificate, its trail matching.
  await expect(page.getByRole('heading', { name: 'What this file proves' })).toBeVisible();
  await expect(page.getByText(/Level B-B: signed\./)).toBeVisible();
  await expect(page.getByText(/certificate is self-signed: it proves the file has not changed/)).toBeVisible();
  await expect(page.getByText(/The audit trail inside the file matches this service's records/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('verify-intact-375.png'), fullPage: true });

  // The chooser stays on the page: another file is checked at once.
  await page.getByLabel('Choose a PDF to verify').setInputFiles({
    name: 'plain.pdf',
    mimeType: 'application/pdf',
    buffer: makePdf(1),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'No signature' })).toBeVisible();
});
