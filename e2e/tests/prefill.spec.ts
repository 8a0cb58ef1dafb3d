import type { Document } from '@esign/shared';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { firstLink, waitForMail } from '../support/accounts.js';
import { bearer, sentToBob } from '../support/documents.js';

test.setTimeout(120_000);

/** A document sent to Bob with two values given by the sender (issue 37): a locked quantity, an editable company. */
function prefilledDocument(request: APIRequestContext) {
  return sentToBob(request, 'Purchase order', (field) => [
    field('number', 100, { placeholder: 'Quantity', text: '42', settings: { locked: true } }),
    field('company', 160, { placeholder: 'Company name', text: 'ACME', width: 150 }),
  ]);
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test("the sender's locked value is shown and kept; an editable one is where the signer starts", async ({ page }) => {
    const { id, email, owner } = await prefilledDocument(page.request);
    await page.goto(firstLink(await waitForMail(page.request, email, /to sign/)));
    await expect(page.getByRole('heading', { level: 1, name: 'Purchase order' })).toBeVisible();
    const onPage = page.locator('[data-field-id]');
    await expect(onPage.filter({ hasText: '42' })).toHaveCount(1);
    await expect(onPage.filter({ hasText: 'ACME' })).toHaveCount(1);

    // Both are given, so nothing is left to fill; the locked one opens read-only, the other as it was given.
    await expect(page.getByText('0 fields left')).toBeVisible();
    await page.getByRole('button', { name: /^Quantity for Bob Signer/ }).tap();
    const sheet = page.getByTestId('step-sheet');
    await expect(sheet.getByText('Given before signing: it cannot be changed')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('prefill-locked-375.png') });
    await sheet.getByRole('button', { name: 'Close' }).tap();
    await page.getByRole('button', { name: /^Company name for Bob Signer/ }).tap();
    const company = sheet.getByRole('textbox', { name: 'Company name' });
    await expect(company).toHaveValue('ACME');
    await company.fill('ACME Ltd');
    await page.screenshot({ path: test.info().outputPath('prefill-375.png') });
    await sheet.getByRole('button', { name: 'Submit' }).tap();
    await page.getByRole('dialog', { name: 'Almost done!' }).getByRole('button', { name: 'I Agree' }).tap();
    await expect(page.getByRole('dialog', { name: 'You have signed the document' })).toBeVisible();

    const answer = await page.request.get(`/api/v1/documents/${id}`, { headers: bearer(owner) });
    const document = (await answer.json()) as Document;
    expect(document.fields.map((field) => field.text)).toEqual(['42', 'ACME Ltd']);
  });
});
