import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { blankField } from '@esign/shared';
import { expect, test } from '@playwright/test';
import { setPlan, uniqueEmail } from '../support/accounts.js';
import { apiSession, bearer, uploadPdf, useSession } from '../support/documents.js';
import { liveTemplate } from '../support/live-template.js';
import { makePdf } from '../support/pdf.js';

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
  }).toPass({ timeout: 30_000 });
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

  // The origins that may embed its signing links.
  await page.getByRole('button', { name: 'Actions of HR system' }).click();
  await page.getByRole('menuitem', { name: 'Allowed origins' }).click();
  const origins = page.getByRole('dialog', { name: 'Allowed origins' });
  await origins.getByRole('textbox').fill('http://crm.example.com');
  await origins.getByRole('button', { name: 'Save' }).click();
  await expect(origins.getByText('An origin is https://host[:port] (http only for localhost)')).toBeVisible();
  await origins.getByRole('textbox').fill('https://crm.example.com, http://localhost:5173');
  await origins.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('API key updated')).toBeVisible();

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

test("an embedded signing link signs inside the customer's page, which hears ready and then completed", async ({
  page,
  request,
  baseURL,
}) => {
  const user = await apiSession(request, 'Embed Owner');
  await setPlan(request, user.email, 'business');
  const headers = bearer(user);
  // A template whose one role fills in a text field.
  const created = await request.post('/api/v1/documents/templates', {
    headers,
    data: { title: 'Embedded NDA', roles: [{ role: 'Client' }] },
  });
  const template = (await created.json()) as { id: string; signers: { id: string }[] };
  await uploadPdf(request, user, template.id, { pdf: makePdf(1), fileName: 'nda.pdf' });
  const field = blankField({
    id: randomUUID(),
    type: 'text',
    coordinateX: 72,
    coordinateY: 600,
    width: 150,
    height: 25,
    signerId: template.signers[0]?.id ?? null,
    placeholder: 'Your address',
  });
  expect(
    (await request.patch(`/api/v1/documents/templates/${template.id}`, { headers, data: { fields: [field] } })).ok(),
  ).toBe(true);
  expect((await request.patch(`/api/v1/documents/templates/${template.id}/activate`, { headers, data: {} })).ok()).toBe(
    true,
  );
  expect((await request.post(`/api/v1/documents/templates/${template.id}/to-api`, { headers })).ok()).toBe(true);

  // The customer's own site, allowed for the key: a port nine above the app's (run the app's port with 9 free above).
  const portalPort = Number(new URL(baseURL ?? '').port) + 9;
  const customer = `http://localhost:${portalPort}`;
  await request.delete('/api/v1/api-plans', { headers });
  const made = await request.post('/api/v1/api_keys/create', {
    headers,
    data: { name: 'Portal', mode: 'test', allowedOrigins: [customer] },
  });
  const { key } = (await made.json()) as { key: string };
  const sent = curl(baseURL ?? '', key, 'POST', '/sign_request', {
    templateId: template.id,
    signers: [{ name: 'Iris Frame', email: uniqueEmail('embedded') }],
    withSigningLinks: true,
  });
  expect(sent.status, JSON.stringify(sent.json)).toBe(200);
  const link = sent.json.signingLinks[0].url as string;
  // A real server on the customer's origin (a page the browser fetched from the network, as the customer's is).
  const portal = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<!doctype html><title>Portal</title><script>window.events = [];
      addEventListener('message', (event) => window.events.push({ origin: event.origin, ...event.data }));</script>
      <iframe title="Signing" src="${link}" style="width: 1000px; height: 700px"></iframe>`);
  });
  await new Promise<void>((resolve) => portal.listen(portalPort, 'localhost', resolve));
  try {
    await page.goto(`${customer}/contracts`);
    const events = () => page.evaluate(() => (window as unknown as { events: { type: string }[] }).events);
    await expect.poll(async () => (await events()).map((event) => event.type)).toEqual(['ready']);
    const frame = page.frameLocator('iframe[title="Signing"]');
    await expect(
      frame.getByText('Document was created in test mode. This document is not legally binding.'),
    ).toBeVisible();
    await frame.getByRole('button', { name: 'Start signing' }).click();
    await frame.getByTestId('step-sheet').getByRole('textbox', { name: 'Your address' }).fill('1 Main Street');
    await frame.getByTestId('step-sheet').getByRole('button', { name: 'Submit' }).click();
    await frame.getByRole('dialog', { name: 'Almost done!' }).getByRole('button', { name: 'I Agree' }).click();
    await expect.poll(async () => (await events()).map((event) => event.type)).toEqual(['ready', 'completed']);
    const [, completed] = await events();
    expect(completed).toMatchObject({
      source: 'esign',
      type: 'completed',
      documentId: sent.json.documentId,
      origin: new URL(baseURL ?? '').origin,
    });
    // The server had recorded the signature when the page said so.
    const signers = curl(baseURL ?? '', key, 'GET', `/documents/${sent.json.documentId}/signers`);
    expect(signers.json.signers[0].status).toBe('signed');
  } finally {
    await new Promise((resolve) => portal.close(resolve));
  }
});
