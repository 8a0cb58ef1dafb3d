import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { logInNewUser } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';

/** The shared real-world corpus, read in place. */
const corpus = (path: string) => join(import.meta.dirname, '../../../shared/fixtures/real-world', path);

const PDF = 'pdf20_latex_2p.pdf';
const DOCX = 'docx_table_image_cyrillic.docx';
const PNG = 'png_rgba_semitransparent_dice.png';
const ENCRYPTED = 'encrypted_user_password_ELXRTQWS.pdf';

// LibreOffice and the conversion queue take a while on a cold start.
test.setTimeout(120_000);

const fileList = (page: Page) => page.getByRole('list', { name: 'Files of the document' });
const fileRow = (page: Page, name: string) => fileList(page).getByRole('listitem', { name });

async function rowNames(list: Locator): Promise<string[]> {
  return list.getByRole('listitem').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));
}

test('three files dropped at once upload, convert, reorder (kept after a reload) and enable the next step', async ({
  page,
}) => {
  await logInNewUser(page);
  await page
    .getByRole('main')
    .getByRole('link', { name: /Me & Others/ })
    .click();
  await expect(page).toHaveURL(/\/me-and-others$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Prepare your document for signing' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Upload File' })).toBeVisible();
  await expect(page.getByText('Drop files here')).toBeVisible();
  const prepare = page.getByRole('button', { name: 'Prepare Doc for Signing' });
  await expect(prepare).toBeDisabled();

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload File' }).click();
  await (await chooser).setFiles([corpus(`pdf/${PDF}`), corpus(`office/${DOCX}`), corpus(`images/${PNG}`)]);

  // The first upload created one document; its id is in the URL.
  await expect(page).toHaveURL(/\/me-and-others\?documentId=[0-9a-f-]{36}$/);
  for (const name of [PDF, DOCX, PNG]) {
    await expect(fileRow(page, name).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100', {
      timeout: 60_000,
    });
    await expect(fileRow(page, name)).toContainText('Converted · 100%');
  }
  expect(await rowNames(fileList(page))).toEqual([PDF, DOCX, PNG]);
  await expect(prepare).toBeEnabled();
  // Once, with the dropzone, the file list and its buttons on the page.
  await expectNoSeriousA11yViolations(page);

  // The PNG goes to the top with its Move up button (twice); the focus stays on the moved file's buttons.
  const moveUp = page.getByRole('button', { name: `Move ${PNG} up` });
  await moveUp.click();
  await expect.poll(() => rowNames(fileList(page))).toEqual([PDF, PNG, DOCX]);
  await expect(moveUp).toBeFocused();
  await moveUp.click();
  await expect.poll(() => rowNames(fileList(page))).toEqual([PNG, PDF, DOCX]);
  await expect(moveUp).toBeDisabled();
  await expect(page.getByRole('button', { name: `Move ${PNG} down` })).toBeFocused();
  // The server has the new order before the reload.
  await expect
    .poll(async () => {
      const id = new URL(page.url()).searchParams.get('documentId');
      const token = await page.evaluate<string | null>("localStorage.getItem('esign.accessToken')");
      const response = await page.request.get(`/api/v1/documents/${id}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const document = (await response.json()) as { parts: { originalFileName: string; order: number }[] };
      return [...document.parts].sort((a, b) => a.order - b.order).map((part) => part.originalFileName);
    })
    .toEqual([PNG, PDF, DOCX]);

  await page.reload();
  await expect(fileRow(page, PNG)).toContainText('100%');
  expect(await rowNames(fileList(page))).toEqual([PNG, PDF, DOCX]);
  await expect(prepare).toBeEnabled();
});

test('a file whose content does not match its name and a password-protected PDF show their errors', async ({
  page,
}) => {
  await logInNewUser(page);
  await page.goto('/only-others');
  await expect(page.getByRole('heading', { name: 'Upload File' })).toBeVisible();

  await page.locator('input[type="file"]').setInputFiles([
    { name: 'dice.pdf', mimeType: 'application/pdf', buffer: readFileSync(corpus(`images/${PNG}`)) },
    { name: ENCRYPTED, mimeType: 'application/pdf', buffer: readFileSync(corpus(`pdf/${ENCRYPTED}`)) },
  ]);

  const refused = fileRow(page, 'dice.pdf');
  await expect(refused).toContainText('Failed to upload');
  await expect(refused).toContainText('The file content does not match its extension, so it cannot be used.');

  const encrypted = fileRow(page, ENCRYPTED);
  await expect(encrypted).toContainText(
    'This PDF is protected by a password. Remove the password and upload it again.',
    { timeout: 60_000 },
  );
  await expect(encrypted).toContainText('Failed');
  const prepare = page.getByRole('button', { name: 'Prepare Doc for Signing' });
  await expect(prepare).toBeDisabled();

  // Removing the failed files leaves nothing to prepare.
  await page.getByRole('button', { name: 'Remove dice.pdf' }).click();
  await expect(refused).toHaveCount(0);
  await page.getByRole('button', { name: `Remove ${ENCRYPTED}` }).click();
  await expect(encrypted).toHaveCount(0);
  await expect(prepare).toBeDisabled();
});

test('a draft whose uploads all failed is not kept when the user leaves; a kept draft has the title typed', async ({
  page,
}) => {
  // Cause: the first upload made a draft before the file was checked; when the file was refused (random bytes) or
  // failed to convert (a password-protected PDF), the draft stayed in the list as a nameless 'Untitled' one.
  await logInNewUser(page);
  await page.goto('/only-me');
  await expect(page.getByRole('heading', { name: 'Upload File' })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles([
    { name: 'random.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf at all, only some bytes') },
    { name: ENCRYPTED, mimeType: 'application/pdf', buffer: readFileSync(corpus(`pdf/${ENCRYPTED}`)) },
  ]);
  await expect(fileRow(page, 'random.pdf')).toContainText('Failed to upload');
  await expect(fileRow(page, ENCRYPTED)).toContainText('protected by a password', { timeout: 60_000 });
  await expect(page).toHaveURL(/documentId=/);

  await page.getByRole('navigation').getByRole('link', { name: 'Documents' }).first().click();
  await expect(page).toHaveURL(/\/documents/);
  await expect(page.getByText('No documents found.').first()).toBeVisible();
  await expect(page.getByText('Untitled')).toHaveCount(0);

  // A title typed before the upload stays with the draft, even when its first file was refused.
  await page.goto('/only-me');
  await page.getByLabel('Document title').fill('Tax return');
  await page
    .locator('input[type="file"]')
    .setInputFiles([
      { name: 'random.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf at all, only some bytes') },
    ]);
  await expect(fileRow(page, 'random.pdf')).toContainText('Failed to upload');
  await page.locator('input[type="file"]').setInputFiles(corpus(`pdf/${PDF}`));
  await expect(fileRow(page, PDF)).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Documents' }).first().click();
  await expect(page.getByText('Tax return')).toBeVisible();
  await expect(page.getByText('Untitled')).toHaveCount(0);
});
