import { expect, test } from '@playwright/test';
import { setPlan, uniqueEmail, waitForMail } from '../support/accounts.js';
import { apiSession, bearer } from '../support/documents.js';
import { liveForm } from '../support/live-form.js';

const API = '/api/v1';

test('a logged-out visitor at 375 px fills in a live form, signs it, and the owner sees the submission', async ({
  browser,
  request,
}) => {
  const owner = await apiSession(request, 'Olivia Owner');
  await setPlan(request, owner.email, 'business');
  const form = await liveForm(request, owner, 'Visitor <b>waiver</b>');
  const link = `/form-requests/${form.id}/send`;

  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto(link);
  // The title is shown as text, never as HTML.
  await expect(page.getByRole('heading', { level: 1, name: 'Visitor <b>waiver</b>' })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);

  const visitorEmail = uniqueEmail('visitor');
  await page.getByRole('button', { name: 'Sign now' }).click();
  await expect(page.getByText('Required').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Full name' }).fill('Vera Visitor');
  await page.getByRole('textbox', { name: 'Email' }).fill('not-an-address');
  await page.getByRole('textbox', { name: 'Full name' }).focus();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(visitorEmail);
  await page.getByRole('button', { name: 'Sign now' }).click();

  // The signer's page opens at once, with a token of the visitor's own (not in the address).
  await expect(page).toHaveURL(/\/documents\/[0-9a-f-]+\/sign$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Visitor <b>waiver</b>' })).toBeVisible();
  const field = page.locator('[data-field-id]').first();
  await field.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('We created a signature for you')).toBeVisible();
  await dialog.getByRole('button', { name: 'Sign Now' }).click();
  await expect(field).toHaveAttribute('data-signed', 'true');
  await page.getByRole('button', { name: 'Submit' }).click();
  const agree = page.getByRole('dialog', { name: 'Almost done!' });
  await agree.getByRole('button', { name: 'I Agree' }).click();
  await expect(page.getByRole('dialog', { name: 'You have signed the document' })).toBeVisible();

  // The visitor also got the invitation, and both get the completion mails once it is sealed.
  await waitForMail(request, visitorEmail, /to sign/);
  await waitForMail(request, visitorEmail, /^Completed:/);
  await waitForMail(request, owner.email, /^Completed:/);

  const contracts = await request.get(`${API}/documents/form-requests/${form.id}/contracts`, {
    headers: bearer(owner),
  });
  const [contract] = (await contracts.json()) as { name: string; email: string; document: { status: string } }[];
  expect(contract).toMatchObject({ name: 'Vera Visitor', email: visitorEmail, document: { status: 'completed' } });

  // Disabled, the link answers 'not available'; enabled, the form is back.
  const disable = await request.post(`${API}/documents/form-requests/${form.id}/disable`, { headers: bearer(owner) });
  expect(disable.ok()).toBe(true);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'This form is not available' })).toBeVisible();
  await expect(page.getByText('Visitor <b>waiver</b>')).toHaveCount(0);
  const enable = await request.post(`${API}/documents/form-requests/${form.id}/enable`, { headers: bearer(owner) });
  expect(enable.ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Visitor <b>waiver</b>' })).toBeVisible();
  await context.close();
});
