import { expect, test } from '@playwright/test';
import { docxWithText } from '../../apps/server/test/found-fields-files.js';
import { logInNewUser } from '../support/accounts.js';

// Issue 37 item 5: an uploaded DOCX with text tags arrives with its fields placed, for the signer its tag names.

test.setTimeout(120_000);

test('a DOCX with text tags arrives in the editor with its fields placed, and an unknown tag is reported', async ({
  page,
}) => {
  await logInNewUser(page);
  await page.goto('/me-and-others');
  const docx = docxWithText([
    'This agreement is made between the parties.',
    'Signature: {{signature:1}}',
    'Date: {{date:1;required}}',
    'Pay: {{payment:1}}',
  ]);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload File' }).click();
  await (await chooser).setFiles([
    {
      name: 'tagged.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: Buffer.from(docx),
    },
  ]);
  const row = page.getByRole('list', { name: 'Files of the document' }).getByRole('listitem', { name: 'tagged.docx' });
  await expect(row).toContainText('Converted · 100%', { timeout: 60_000 });
  await expect(row).toContainText('Found in the file but not placed as fields: {{payment:1}}.');

  await page.getByLabel('Document title').fill('Tagged agreement');
  const signers = page.getByTestId('signer-row');
  await signers.nth(0).getByLabel('Name').fill('Bob Stone');
  await signers.nth(0).getByLabel('Email').fill('bob@example.com');
  const documentId = new URL(page.url()).searchParams.get('documentId');
  const editor = page.waitForURL(/\/documents\/[0-9a-f-]{36}\/edit$/);
  await page.getByRole('button', { name: 'Prepare Doc for Signing' }).click();
  await editor;

  const fields = page.getByTestId('editor-field');
  await expect(fields).toHaveCount(2);
  await expect(page.locator('[data-field-type="signature"]')).toBeVisible();
  await expect(page.locator('[data-field-type="date"]')).toBeVisible();

  // Both went to signer 1, Bob, when the prepare form saved him.
  const token = await page.evaluate<string | null>("localStorage.getItem('esign.accessToken')");
  const response = await page.request.get(`/api/v1/documents/${documentId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const document = (await response.json()) as {
    signers: { id: string; email: string }[];
    fields: { type: string; signerId: string | null }[];
  };
  const bob = document.signers.find((signer) => signer.email === 'bob@example.com');
  expect(document.fields.map((field) => [field.type, field.signerId]).sort()).toEqual([
    ['date', bob?.id],
    ['signature', bob?.id],
  ]);
});
