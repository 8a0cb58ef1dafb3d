import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { logInNewUser } from '../support/accounts.js';

/** The shared real-world corpus, read in place. */
const corpus = (path: string) => join(import.meta.dirname, '../../../shared/fixtures/real-world', path);

test.setTimeout(120_000);

test('Me & Others: the signer rules, a PDF, and Prepare Doc for Signing saves the draft and opens the editor', async ({
  page,
}) => {
  const user = await logInNewUser(page);
  await page.goto('/me-and-others');
  await expect(page.getByRole('heading', { level: 1, name: 'Prepare your document for signing' })).toBeVisible();
  await expect(page.getByLabel('Email').first()).toHaveValue(user.email);

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload File' }).click();
  await (await chooser).setFiles([corpus('pdf/pdf20_latex_2p.pdf')]);
  const prepare = page.getByRole('button', { name: 'Prepare Doc for Signing' });
  await expect(prepare).toBeEnabled({ timeout: 60_000 });

  // Nothing filled in: the title is required and 'Me' alone gets the warning with its link.
  await prepare.click();
  await expect(page.getByText('Required')).toBeVisible();
  await expect(page.getByText('Are you the only signer? Please use Only Me option instead.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Only Me' })).toHaveAttribute('href', '/only-me');

  await page.getByLabel('Document title').fill('Lease agreement');
  await page.getByLabel('Message (optional)').fill('Please sign by Friday.');
  const rows = page.getByTestId('signer-row');
  await rows.nth(0).getByLabel('Name').fill('Bob Stone');
  await rows.nth(0).getByLabel('Email').fill('bob@');
  await prepare.click();
  await expect(page.getByText('Email is invalid')).toBeVisible();
  await rows.nth(0).getByLabel('Email').fill('bob@example.com');
  await page.getByRole('button', { name: 'Add signer' }).click();
  await rows.nth(1).getByLabel('Name').fill('Carol King');
  await rows.nth(1).getByLabel('Email').fill('carol@example.com');
  await page.getByLabel('Set signing order').check();
  await page.getByRole('button', { name: 'Move signer 2 up' }).click();
  await expect(rows.nth(0).getByLabel('Name')).toHaveValue('Carol King');
  await page.getByLabel("Signers' language").selectOption('Français');

  const editor = page.waitForURL(/\/documents\/[0-9a-f-]{36}\/edit$/);
  const documentId = new URL(page.url()).searchParams.get('documentId');
  await prepare.click();
  await editor;

  const token = await page.evaluate<string | null>("localStorage.getItem('esign.accessToken')");
  const response = await page.request.get(`/api/v1/documents/${documentId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const document = (await response.json()) as {
    title: string;
    message: string;
    isOrdered: boolean;
    language: string | null;
    signers: { name: string; email: string; order: number; isPreparer: boolean }[];
  };
  expect(document).toMatchObject({ title: 'Lease agreement', message: 'Please sign by Friday.', isOrdered: true });
  expect(document.language).toBe('fr');
  expect(document.signers.map((signer) => [signer.email, signer.order, signer.isPreparer])).toEqual([
    [user.email, -1, true],
    ['carol@example.com', 1, false],
    ['bob@example.com', 2, false],
  ]);

  // Back on the form, a reload of the draft shows what was saved.
  await page.goto(`/me-and-others?documentId=${documentId}`);
  await expect(page.getByLabel('Document title')).toHaveValue('Lease agreement');
  await expect(rows.nth(0).getByLabel('Name')).toHaveValue('Carol King');
  await expect(page.getByLabel("Signers' language")).toHaveValue('fr');
});
