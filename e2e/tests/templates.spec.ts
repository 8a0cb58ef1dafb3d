import { expect, type Page, test } from '@playwright/test';
import { firstLink, setPlan, waitForMail } from '../support/accounts.js';
import { apiSession, useSession } from '../support/documents.js';
import { row, rowAction } from '../support/list-rows.js';
import { makePdf } from '../support/pdf.js';

test.setTimeout(180_000);

const pageBox = (page: Page, pageNumber: number) =>
  page.locator(`[data-testid="editor-page"][data-page-number="${pageNumber}"]`);

async function addSignatureFor(page: Page, role: string) {
  await page.getByRole('navigation', { name: 'Fields' }).getByRole('button', { name: 'Signature' }).click();
  await page.getByRole('dialog', { name: 'Who fills this out?' }).getByRole('radio', { name: role }).check();
}

test('a template with two roles goes live, is edited through its replica, duplicated, put in and out of the API, and used from Me & Others', async ({
  page,
}) => {
  const session = await apiSession(page.request);
  await setPlan(page.request, session.email, 'business');
  await useSession(page, session);

  // Setup: title, two roles (identical roles are refused), a file.
  await page.goto('/sign');
  await page.getByRole('link', { name: 'Create Template' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your template' })).toBeVisible();
  await page.getByLabel('Template title').fill('Consulting agreement');
  const roles = page.getByTestId('role-row');
  await roles.nth(0).getByRole('textbox', { name: 'Role' }).fill('Client');
  await expect(page.getByRole('button', { name: 'Remove role 1' })).toBeDisabled();
  await page.getByRole('button', { name: 'Add role' }).click();
  await roles.nth(1).getByRole('textbox', { name: 'Role' }).fill('client');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload File' }).click();
  await (await chooser).setFiles([{ name: 'agreement.pdf', mimeType: 'application/pdf', buffer: makePdf(2) }]);
  const prepare = page.getByRole('button', { name: 'Prepare Template' });
  await expect(prepare).toBeEnabled({ timeout: 60_000 });
  await prepare.click();
  await expect(page.getByText('One or more signers are identical')).toBeVisible();
  await roles.nth(1).getByRole('textbox', { name: 'Role' }).fill('Witness');
  await page.screenshot({ path: test.info().outputPath('setup.png'), fullPage: true });
  await prepare.click();

  // The field editor in template mode: Save lists the requirements until each role has a field.
  await expect(page).toHaveURL(/\/templates\/[0-9a-f-]{36}\/edit\/fields$/);
  await expect(page.getByRole('heading', { name: 'Prepare Template' })).toBeVisible();
  await expect(pageBox(page, 1).locator('canvas')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  const requirements = page.getByRole('dialog', { name: 'Template has validation errors' });
  await expect(requirements).toBeVisible();
  // Saved all the same, as a draft (spec part 1, section 4).
  await expect(requirements).toContainText('Template saved.');
  await expect(page.getByTestId('sending-errors')).toContainText('at least one field');
  await page.getByRole('button', { name: 'OK' }).click();
  await addSignatureFor(page, 'Client');
  await addSignatureFor(page, 'Witness');
  await page.getByRole('button', { name: 'Save' }).click();
  const ready = page.getByRole('dialog', { name: 'Your template is ready' });
  await expect(ready).toBeVisible({ timeout: 20_000 });
  await ready.getByRole('link', { name: 'Back to Templates' }).click();

  // The list: live, with its roles.
  await expect(page).toHaveURL(/\/templates$/);
  await expect(row(page, 'Consulting agreement')).toContainText('Live');
  await expect(row(page, 'Consulting agreement')).toContainText('Client');
  await page.screenshot({ path: test.info().outputPath('templates.png') });

  // Edit: a replica is edited and Save merges it into the live template, which stays the only row.
  await rowAction(page, 'Consulting agreement', 'Edit');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit your template' })).toBeVisible();
  await expect(page.getByLabel('Template title')).toHaveValue('Consulting agreement');
  await page.getByLabel('Template title').fill('Consulting agreement v2');
  await page.getByRole('button', { name: 'Prepare Template' }).click();
  await expect(pageBox(page, 1).locator('canvas')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Template saved')).toBeVisible();
  await expect(page).toHaveURL(/\/templates$/);
  await expect(row(page, 'Consulting agreement v2')).toHaveCount(1);
  await expect(page.getByTestId('document-row')).toHaveCount(1);

  // Duplicate, then the API slot and back.
  await rowAction(page, 'Consulting agreement v2', 'Duplicate');
  await expect(page.getByText('Template successfully duplicated!')).toBeVisible();
  await expect(page.getByTestId('document-row')).toHaveCount(2);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath('templates-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await rowAction(page, 'Consulting agreement v2', 'Add to API');
  await expect(page.getByText('Template successfully added to API!')).toBeVisible();
  await expect(row(page, 'Consulting agreement v2').filter({ hasText: 'API' })).toHaveCount(1);
  await row(page, 'Consulting agreement v2')
    .filter({ hasText: 'API' })
    .getByRole('button', { name: 'Actions of Consulting agreement v2' })
    .click();
  await page.getByRole('menuitem', { name: 'Remove from API' }).click();
  await expect(page.getByText('Template successfully removed from API!')).toBeVisible();
  await expect(row(page, 'Consulting agreement v2').filter({ hasText: 'API' })).toHaveCount(0);

  // Me & Others from the template: a row per role, the template's files and fields, then the usual send.
  await page.goto('/me-and-others');
  await page.getByRole('textbox', { name: 'Template (optional)' }).click();
  await page.getByRole('option', { name: 'Consulting agreement v2' }).first().click();
  await expect(page.getByLabel('Document title')).toHaveValue('Consulting agreement v2');
  await page.getByLabel('Client: name').fill('Bob Client');
  await page.getByLabel('Client: email').fill('bob.client@example.com');
  await page.getByLabel('Witness: name').fill('Wendy Witness');
  await page.getByLabel('Witness: email').fill('wendy.witness@example.com');
  await expect(page.getByRole('button', { name: 'Add signer' })).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('from-template.png'), fullPage: true });
  await page.getByRole('button', { name: 'Prepare Doc for Signing' }).click();
  await expect(page).toHaveURL(/\/documents\/[0-9a-f-]{36}\/edit$/);
  await expect(page.locator('[data-field-type="signature"]')).toHaveCount(2);
  // Me & Others: the preparer signs too, so gets a field of their own here.
  await page.getByRole('navigation', { name: 'Fields' }).getByRole('button', { name: 'Date' }).click();
  await page.getByRole('dialog', { name: 'Who fills this out?' }).getByRole('radio', { name: 'Me (Now)' }).check();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('dialog', { name: 'Thanks for sending your document' })).toBeVisible({
    timeout: 20_000,
  });
  const invitation = await waitForMail(page.request, 'bob.client@example.com', /sign/i);
  await page.goto(firstLink(invitation));
  await expect(page.getByText('Consulting agreement v2').first()).toBeVisible();
});

test('a free user is offered the upgrade instead of a template', async ({ page }) => {
  const session = await apiSession(page.request);
  await useSession(page, session);
  await page.goto('/templates/create');
  const modal = page.getByRole('dialog', { name: 'Upgrade your plan' });
  await expect(modal).toContainText("You're on the free plan which doesn't include templates.");
  await expect(modal.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/settings/billing/plan');
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/templates$/);
  await expect(page.getByText('No templates found.')).toBeVisible();
});
