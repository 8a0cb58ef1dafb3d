import { type APIRequestContext, expect, test } from '@playwright/test';
import { firstLink, waitForMail } from '../support/accounts.js';
import { sentToBob } from '../support/documents.js';

test.setTimeout(120_000);

/** A document sent to Bob with the newer kinds (issue 37): two numbers, their formula, a list, a radio group, a phone. */
function newerKindsDocument(request: APIRequestContext) {
  return sentToBob(request, 'Order form', (field) => [
    field('number', 100, { placeholder: 'Price', settings: { name: 'price', decimals: 2, prefix: '$' } }),
    field('number', 150, { placeholder: 'Quantity', settings: { name: 'qty', min: 1, max: 10 } }),
    field('formula', 200, { settings: { formula: 'price * qty', decimals: 2, prefix: '$' } }),
    field('dropdown', 250, { placeholder: 'Plan', settings: { choices: ['Basic', 'Pro', 'Team'] } }),
    field('radio', 300, { settings: { choices: ['Monthly', 'Yearly'] } }),
    field('phone', 380, { settings: { country: 'US' } }),
  ]);
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('signs numbers, a formula, a list, a radio group and a phone number at 375 px', async ({ page }) => {
    const { email } = await newerKindsDocument(page.request);
    await page.goto(firstLink(await waitForMail(page.request, email, /to sign/)));
    await expect(page.getByRole('heading', { level: 1, name: 'Order form' })).toBeVisible();

    await page.getByRole('button', { name: 'Start signing' }).tap();
    const sheet = page.getByTestId('step-sheet');
    const price = sheet.getByRole('textbox', { name: 'Price' });
    await expect(price).toBeFocused();
    await price.fill('9.99');
    await sheet.getByRole('button', { name: 'Next' }).tap();

    const quantity = sheet.getByRole('textbox', { name: 'Quantity' });
    await quantity.fill('11');
    await expect(sheet.getByRole('alert')).toHaveText('The number is above the largest allowed (10)');
    await quantity.fill('3');
    await expect(sheet.getByRole('alert')).toHaveCount(0);
    // The formula follows as the signer types, shown where it stands on the page.
    await expect(page.locator('[data-field-id]').filter({ hasText: '$29.97' })).toHaveCount(1);
    await sheet.getByRole('button', { name: 'Next' }).tap();

    // The formula is computed, so not a step: on to the list.
    await sheet.getByRole('combobox', { name: 'Plan' }).selectOption('Pro');
    await sheet.getByRole('button', { name: 'Next' }).tap();
    await sheet.getByRole('radio', { name: 'Yearly' }).tap();
    await sheet.getByRole('button', { name: 'Next' }).tap();

    const phone = sheet.getByRole('textbox', { name: 'Phone' });
    await expect(sheet.getByRole('combobox', { name: 'Country' })).toHaveValue('US');
    await phone.fill('415 555 2671');
    await phone.blur();
    await expect(phone).toHaveValue('+14155552671');
    await page.screenshot({ path: test.info().outputPath('field-kinds-375.png') });
    await sheet.getByRole('button', { name: 'Submit' }).tap();
    await page.getByRole('dialog', { name: 'Almost done!' }).getByRole('button', { name: 'I Agree' }).tap();
    const done = page.getByRole('dialog', { name: 'You have signed the document' });
    await expect(done).toBeVisible();
    await expect(done.getByRole('link', { name: 'Download' })).toBeVisible({ timeout: 60_000 });
  });
});
