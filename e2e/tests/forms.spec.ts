import { expect, test } from '@playwright/test';
import { setPlan, uniqueEmail, waitForMail } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { apiSession, bearer, useSession } from '../support/documents.js';
import { row, rowAction } from '../support/list-rows.js';
import { liveForm } from '../support/live-form.js';
import { makePdf } from '../support/pdf.js';

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
  await expect(page.getByRole('img', { name: 'First page of Visitor <b>waiver</b>' }).locator('canvas')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath('public-form-375.png'), fullPage: true });

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
  await expect(page.getByText('Document submitted.')).toBeVisible();
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
  // The submission is the owner's document: listed with the completed ones, and sealed.
  const completed = await request.get(`${API}/documents?status=completed`, { headers: bearer(owner) });
  const listed = (await completed.json()) as { items: { id: string; title: string }[] };
  expect(listed.items.map((item) => item.title)).toContain('Visitor <b>waiver</b>');
  const [listedItem] = listed.items;
  await expect
    .poll(async () => {
      const answer = await request.get(`${API}/documents/${listedItem?.id}`, { headers: bearer(owner) });
      return ((await answer.json()) as { resultPdfFileKey: string | null }).resultPdfFileKey !== null;
    })
    .toBe(true);

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

test('a business user creates a form, makes it live, shares it, sees its submissions, disables, enables and deletes it', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const session = await apiSession(request, 'Olivia Owner');
  await setPlan(request, session.email, 'business');
  await useSession(page, session);

  // 'Create New Form': title and file, then the editor 'Preparing Form'; Save lists the requirements, then goes live.
  await page.goto('/form-requests');
  await page.getByRole('link', { name: 'Create New Form' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Form' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Role' })).toHaveCount(0);
  await page.getByLabel('Form title').fill('Visitor NDA');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload File' }).click();
  await (await chooser).setFiles([{ name: 'nda.pdf', mimeType: 'application/pdf', buffer: makePdf(1) }]);
  const prepare = page.getByRole('button', { name: 'Prepare Form' });
  await expect(prepare).toBeEnabled({ timeout: 60_000 });
  await prepare.click();
  await expect(page).toHaveURL(/\/form-requests\/[0-9a-f-]{36}\/edit\/fields$/);
  await expect(page.getByRole('heading', { name: 'Preparing Form' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog', { name: 'Form has validation errors' })).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('navigation', { name: 'Fields' }).getByRole('button', { name: 'Signature' }).click();
  await page.getByRole('dialog', { name: 'Who fills this out?' }).getByRole('radio', { name: 'SIGNER' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  const ready = page.getByRole('dialog', { name: 'Your form is ready' });
  await expect(ready).toBeVisible({ timeout: 20_000 });
  await ready.getByRole('link', { name: 'Back to Forms' }).click();

  // Editing a live form works on a draft copy and applies it on Save ('Update Form', 'Form saved').
  await expect(page).toHaveURL(/\/form-requests$/);
  await rowAction(page, 'Visitor NDA', 'Edit');
  await expect(page.getByRole('heading', { level: 1, name: 'Update Form' })).toBeVisible();
  await expect(page.getByLabel('Form title')).toHaveValue('Visitor NDA');
  await page.getByLabel('Form title').fill('Visitor NDA v2');
  await page.getByRole('button', { name: 'Prepare Form' }).click();
  await expect(page.getByRole('heading', { name: 'Preparing Form' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Form saved')).toBeVisible();
  await expect(page).toHaveURL(/\/form-requests$/);
  await expect(page.getByTestId('document-row')).toHaveCount(1);

  // The list: live; Share copies the public link.
  await expect(row(page, 'Visitor NDA v2')).toContainText('Live');
  // The Signers column names the form's role, never an empty person ('() · waiting').
  await expect(row(page, 'Visitor NDA v2')).toContainText('SIGNER');
  await expect(row(page, 'Visitor NDA v2')).not.toContainText('()');
  await page.screenshot({ path: test.info().outputPath('forms-list-1280.png') });
  await expectNoSeriousA11yViolations(page);
  await rowAction(page, 'Visitor NDA v2', 'Share');
  await expect(page.getByText('Copied in clipboard')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/form-requests\/[0-9a-f-]{36}\/send$/);
  const formId = link.split('/').at(-2) ?? '';

  // A submission (through the public call) shows in Submitted Contracts and Registered Users.
  const visitorEmail = uniqueEmail('visitor');
  const submitted = await request.post(`${API}/document_sign/form-requests/${formId}/create-document`, {
    data: { signer: { name: 'Vera Visitor', email: visitorEmail } },
  });
  expect(submitted.ok(), await submitted.text()).toBe(true);
  await rowAction(page, 'Visitor NDA v2', 'Submitted Contracts');
  const contracts = page.getByRole('dialog', { name: 'Submitted Contracts' });
  await expect(contracts.getByTestId('submitted-contracts')).toContainText(visitorEmail);
  await expect(contracts.getByTestId('submitted-contracts')).toContainText('Awaiting');
  await page.keyboard.press('Escape');
  await rowAction(page, 'Visitor NDA v2', 'Registered Users');
  await expect(page.getByRole('dialog', { name: 'Registered Users' }).getByTestId('registered-users')).toContainText(
    'Vera Visitor',
  );
  await page.keyboard.press('Escape');

  // Disable: Share and Disable give way to Enable and Delete; the public link answers 'not available'.
  await rowAction(page, 'Visitor NDA v2', 'Disable Form');
  await expect(page.getByText('Form successfully disabled!')).toBeVisible();
  await expect(row(page, 'Visitor NDA v2')).toContainText('Disabled');
  const publicPage = await context.newPage();
  await publicPage.goto(link);
  await expect(publicPage.getByRole('heading', { level: 1, name: 'This form is not available' })).toBeVisible();
  await rowAction(page, 'Visitor NDA v2', 'Enable Form');
  await expect(page.getByText('Form successfully enabled!')).toBeVisible();
  await publicPage.reload();
  await expect(publicPage.getByRole('heading', { level: 1, name: 'Visitor NDA v2' })).toBeVisible();
  await rowAction(page, 'Visitor NDA v2', 'Disable Form');
  await expect(row(page, 'Visitor NDA v2')).toContainText('Disabled');
  await rowAction(page, 'Visitor NDA v2', 'Delete Form');
  await page.getByRole('dialog', { name: 'Delete forms' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Forms deleted successfully.')).toBeVisible();
  await expect(row(page, 'Visitor NDA v2')).toHaveCount(0);
});

test('a free user sees the Business badge and the upgrade modal on create', async ({ page, request }) => {
  const session = await apiSession(request, 'Fred Free');
  await useSession(page, session);
  await page.goto('/form-requests');
  await expect(page.getByText('Business Feature')).toBeVisible();
  await page.getByRole('link', { name: 'Create New Form' }).click();
  await expect(
    page.getByRole('dialog').getByText("You're on the free plan which doesn't include templates."),
  ).toBeVisible();
});
