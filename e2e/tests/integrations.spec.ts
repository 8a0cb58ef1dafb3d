import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, request as requests, test } from '@playwright/test';
import { type CloudPeer, startCloudPeer } from '../../apps/server/test/cloud-peer.js';
import { apiSession, useSession } from '../support/documents.js';
import { startExtraServer } from '../support/extra-server.js';

// Cloud import against local peers of the four services (apps/server/test/cloud-peer.ts): a server of its own whose
// services' addresses point at the peer, as an operator's configuration would.
const basePort = Number(process.env.E2E_PORT ?? 3100);
const corpus = (path: string) => readFileSync(join(import.meta.dirname, '../../../shared/fixtures/real-world', path));
const PDF = corpus('pdf/pdf20_latex_2p.pdf');
const DOCX = corpus('office/docx_table_image_cyrillic.docx');
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const SERVICES = ['Google Drive', 'Dropbox', 'One Drive', 'Box'] as const;
const card = (page: Page, service: string) => page.getByRole('region', { name: service, exact: true });
const fileRow = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Files of the document' }).getByRole('listitem', { name });

/** Activate on the card, then the service's own page in the popup: Allow or Deny. */
async function authorise(page: Page, service: string, decision: 'Allow' | 'Deny') {
  const popupOpened = page.waitForEvent('popup');
  await card(page, service).getByRole('button', { name: 'Activate' }).click();
  const popup = await popupOpened;
  await popup.getByRole('button', { name: decision }).click();
  // The popup comes back to /integrations, posts the result to this page and closes itself.
  await popup.waitForEvent('close');
}

let peer: CloudPeer;
let server: Awaited<ReturnType<typeof startExtraServer>>;

test.beforeAll(async () => {
  peer = await startCloudPeer(basePort + 51);
  server = await startExtraServer(basePort + 52, peer.env());
  for (const family of ['google', 'dropbox', 'graph', 'box'] as const) {
    peer.addFile('alice', family, { id: `${family}-lease`, name: 'lease.pdf', content: PDF });
  }
  peer.addFile('alice', 'google', {
    id: 'offer',
    name: 'Offer letter',
    mimeType: 'application/vnd.google-apps.document',
    exports: { [DOCX_TYPE]: DOCX },
  });
  peer.addFile('alice', 'dropbox', { id: 'id:soon-gone', name: 'gone.pdf', content: PDF });
});
test.afterAll(async () => {
  await server?.stop();
  await peer?.stop();
});

test('a user activates the four services, imports a PDF and a Google document, and deactivates one', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const api = await requests.newContext({ baseURL: server.baseURL });
  await useSession(page, await apiSession(api));
  await api.dispose();

  await page.goto(`${server.baseURL}/integrations`);
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await expect(page.getByText('Connect the product with the tools you already know and love.')).toBeVisible();
  for (const service of SERVICES) await expect(card(page, service)).toBeVisible();
  await page.screenshot({ path: 'test-results/integrations.png', fullPage: true });

  // A denied authorisation says so and connects nothing.
  await authorise(page, 'Box', 'Deny');
  await expect(page.getByText('You have denied access for the product')).toBeVisible();
  await expect(card(page, 'Box').getByRole('button', { name: 'Activate' })).toBeVisible();

  for (const service of SERVICES) {
    await authorise(page, service, 'Allow');
    // Exact: "Box successfully integrated!" is also the end of the Dropbox toast that may still be showing.
    await expect(page.getByText(`${service} successfully integrated!`, { exact: true })).toBeVisible();
    await expect(card(page, service).getByRole('button', { name: 'Deactivate' })).toBeVisible();
  }
  await page.screenshot({ path: 'test-results/integrations-connected.png', fullPage: true });

  // The upload step: 'Import files from', our browser over the service's list.
  await page.goto(`${server.baseURL}/only-me`);
  await expect(page.getByText('Import files from')).toBeVisible();
  await page.getByRole('button', { name: 'Import from Google Drive' }).click();
  const browser = page.getByRole('dialog', { name: 'Choose a file from Google Drive' });
  await expect(browser.getByRole('button', { name: 'Import Offer letter.docx' })).toBeVisible();
  await page.screenshot({ path: 'test-results/integrations-browser.png' });
  await browser.getByRole('button', { name: 'Import lease.pdf' }).click();
  await page.getByRole('button', { name: 'Import from Google Drive' }).click();
  await browser.getByRole('button', { name: 'Import Offer letter.docx' }).click();
  for (const name of ['lease.pdf', 'Offer letter.docx']) {
    await expect(fileRow(page, name)).toContainText('Converted · 100%', { timeout: 90_000 });
  }
  await expect(page.getByRole('button', { name: 'Prepare Doc for Signing' })).toBeEnabled();

  // A file gone at the service between the list and the choice.
  await page.getByRole('button', { name: 'Import from Dropbox' }).click();
  const dropbox = page.getByRole('dialog', { name: 'Choose a file from Dropbox' });
  await expect(dropbox.getByRole('button', { name: 'Import gone.pdf' })).toBeVisible();
  peer.removeFile('alice', 'dropbox', 'id:soon-gone');
  await dropbox.getByRole('button', { name: 'Import gone.pdf' }).click();
  await expect(fileRow(page, 'gone.pdf')).toContainText('File from Dropbox not found');
  await page.screenshot({ path: 'test-results/integrations-gone.png', fullPage: true });

  // Deactivate revokes the grant at the service.
  await page.goto(`${server.baseURL}/integrations`);
  await card(page, 'Dropbox').getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Dropbox integration successfully deactivated')).toBeVisible();
  await expect(card(page, 'Dropbox').getByRole('button', { name: 'Activate' })).toBeVisible();
  expect(peer.grants('alice', 'dropbox').every((grant) => grant.isRevoked)).toBe(true);
});
