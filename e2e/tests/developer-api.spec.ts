import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { setPlan, uniqueEmail } from '../support/accounts.js';
import { apiSession, bearer, useSession } from '../support/documents.js';
import { liveTemplate } from '../support/live-template.js';

/** A call of the public API with curl, as a customer's script makes it: the status and the JSON body. */
function curl(baseURL: string, key: string, method: string, path: string, body?: object) {
  const output = execFileSync(
    'curl',
    [
      '-s',
      '-X',
      method,
      '-H',
      `Authorization: Bearer ${key}`,
      ...(body ? ['-H', 'Content-Type: application/json', '--data', JSON.stringify(body)] : []),
      '-w',
      '\n%{http_code}',
      `${baseURL}/api/public/v1${path}`,
    ],
    { encoding: 'utf8' },
  );
  const lines = output.trimEnd().split('\n');
  const status = Number(lines.pop());
  return { status, json: JSON.parse(lines.join('\n') || 'null') };
}

test('a user chooses the free API plan, makes a key, calls the API with curl, reads its history, revokes, recovers and deletes it', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  const base = baseURL ?? '';
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const user = await apiSession(request, 'Dev Eloper');
  await setPlan(request, user.email, 'business');
  const template = await liveTemplate(request, user, { title: 'Offer letter', roles: ['Candidate'] });
  const inApi = await request.post(`/api/v1/documents/templates/${template.id}/to-api`, { headers: bearer(user) });
  expect(inApi.ok(), await inApi.text()).toBe(true);

  await useSession(page, user);
  await page.goto('/settings/api');
  // No API plan chosen yet: no keys table.
  await expect(page.getByRole('heading', { name: 'API plan' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create API key' })).toHaveCount(0);
  await page.getByTestId('api-plan-free').getByRole('button', { name: 'Choose' }).click();
  await expect(page.getByText('Plan has been successfully changed.')).toBeVisible();
  await expect(page.getByText("You don't have any API keys yet.")).toBeVisible();
  await page.screenshot({ path: 'test-results/developer-api-1280.png', fullPage: true });

  // A test key (the free plan includes test calls), shown once and copied.
  await page.getByRole('button', { name: 'Create API key' }).click();
  const modal = page.getByRole('dialog', { name: 'Create API key' });
  await modal.getByRole('button', { name: 'Create API key' }).click();
  await expect(modal.getByText('Required')).toBeVisible();
  await modal.getByLabel('API key name').fill('HR system');
  await modal.getByText('Test', { exact: true }).click();
  await modal.getByRole('button', { name: 'Create API key' }).click();
  const shown = modal.getByTestId('new-api-key');
  await expect(shown).toHaveText(/^esk_test_[\w-]{43}$/);
  const key = (await shown.textContent()) ?? '';
  await modal.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('API key successfully copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await modal.getByRole('button', { name: 'Done' }).click();
  const row = page.getByTestId('api-key-row');
  await expect(row).toContainText('HR system');
  await expect(row).toContainText(key.slice(0, 13));

  // The customer's script: a signer sent the template, the documents and its signers listed.
  const signerEmail = uniqueEmail('candidate');
  const sent = curl(base, key, 'POST', '/sign_request', {
    templateId: template.id,
    signers: [{ name: 'Ada Candidate', email: signerEmail }],
  });
  expect(sent.status, JSON.stringify(sent.json)).toBe(200);
  expect(sent.json.testMode).toBe(true);
  const listed = curl(base, key, 'GET', '/documents');
  expect(listed.status).toBe(200);
  expect(listed.json.items.map((item: { id: string }) => item.id)).toEqual([sent.json.documentId]);
  const signers = curl(base, key, 'GET', `/documents/${sent.json.documentId}/signers`);
  expect(signers.json.signers).toEqual([expect.objectContaining({ email: signerEmail, status: 'awaiting' })]);

  // Each call in the key's history (written in batches, so the page is opened again until they are there).
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('api-key-row').getByRole('cell', { name: '3', exact: true })).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Actions of HR system' }).click();
  await page.getByRole('menuitem', { name: 'View History' }).click();
  await expect(page).toHaveURL(/\/settings\/api\/[\w-]+\/request_history$/);
  const history = page.getByTestId('history-row');
  await expect(history).toHaveCount(3);
  await expect(history.nth(0)).toContainText('get_document_signers');
  await expect(history.nth(2)).toContainText('sign_request');
  await expect(history.nth(2)).toContainText(/\d{2}:\d{2} (AM|PM)/);
  await expect(history.nth(2)).toContainText('200');
  await page.screenshot({ path: 'test-results/developer-api-history.png', fullPage: true });
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/settings\/api$/);

  // Revoked: the API answers 401; recovered: it answers again; deleted: gone.
  await page.getByRole('button', { name: 'Actions of HR system' }).click();
  await page.getByRole('menuitem', { name: 'Revoke' }).click();
  await expect(page.getByText('API key successfully revoked')).toBeVisible();
  expect(curl(base, key, 'GET', '/user').status).toBe(401);
  await page.getByRole('button', { name: 'Actions of HR system' }).click();
  await page.getByRole('menuitem', { name: 'Recover' }).click();
  await expect(page.getByText('API key successfully recovered')).toBeVisible();
  expect(curl(base, key, 'GET', '/user').status).toBe(200);
  await page.getByRole('button', { name: 'Actions of HR system' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete API key' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('API key successfully deleted')).toBeVisible();
  await expect(page.getByText("You don't have any API keys yet.")).toBeVisible();
  expect(curl(base, key, 'GET', '/user').status).toBe(401);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: 'test-results/developer-api-375.png', fullPage: true });
});
