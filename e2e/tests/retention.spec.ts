import { expect, type Page, test } from '@playwright/test';
import { OPERATOR_KEY, uniqueEmail, waitForMail } from '../support/accounts.js';
import { type ApiSession, apiSession, bearer, sendDocument, useSession } from '../support/documents.js';

/**
 * Retention and erasure (issue 39): the owner sets a retention rule in the settings and holds one document; the
 * daily run (by the operator, as of a later day) removes the other to a stub, the held one stays; then a person is
 * erased after the confirm step.
 */

test.setTimeout(180_000);

const DAY = 24 * 60 * 60 * 1000;
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(name), animations: 'disabled', fullPage: true });

async function voidedDocument(request: Parameters<typeof sendDocument>[0], owner: ApiSession, title: string) {
  const signer = { name: 'Ann Tenant', email: uniqueEmail('ann') };
  const { id } = await sendDocument(request, owner, { type: 'others', others: [signer], title });
  const voided = await request.post(`/api/v1/documents/${id}/void`, {
    headers: bearer(owner),
    data: { reason: 'Sent by mistake' },
  });
  expect(voided.ok(), await voided.text()).toBe(true);
  return { id, signer };
}

test('a retention rule removes an ended document to a stub, a legal hold keeps another; a person is erased', async ({
  page,
  request,
}) => {
  const owner = await apiSession(request, 'Rita Retainer');
  const removed = await voidedDocument(request, owner, 'Old quote');
  const held = await voidedDocument(request, owner, 'Disputed quote');

  await useSession(page, owner);
  await page.goto(`/documents/${held.id}/preview`);
  await page.getByRole('button', { name: 'Put on legal hold' }).click();
  await expect(page.getByText(/On legal hold since/)).toBeVisible();

  await page.goto('/settings/retention');
  await expect(page.getByRole('heading', { name: 'Document retention' })).toBeVisible();
  await expect(page.getByLabel('Keep documents forever')).toBeChecked();
  await page.getByLabel('Remove after a number of days').check();
  await page.getByLabel('Days kept after a document ends').fill('1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Retention settings saved')).toBeVisible();
  await shot(page, 'retention-settings.png');

  // The daily run, by the operator as of two days later.
  const sweep = await request.post('/api/v1/operator/documents/retention-sweep', {
    headers: { authorization: `Bearer ${OPERATOR_KEY}` },
    data: { asOf: new Date(Date.now() + 2 * DAY).toISOString() },
  });
  expect(sweep.ok(), await sweep.text()).toBe(true);
  expect(((await sweep.json()) as { removed: number }).removed).toBeGreaterThanOrEqual(1);
  await waitForMail(request, owner.email, /retention rule/);

  await page.goto(`/documents/${removed.id}/preview`);
  await expect(page.getByRole('heading', { name: 'Removed document' })).toBeVisible();
  await expect(page.getByText(/Removed by the retention rule on/)).toBeVisible();
  await expect(page.getByText('FILES AND PERSONAL DATA REMOVED')).toBeVisible();
  await expect(page.getByText(removed.signer.email)).toHaveCount(0);
  await shot(page, 'removed-document.png');
  await page.goto(`/documents/${held.id}/preview`);
  await expect(page.getByText(/On legal hold since/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Signers' }).getByText(held.signer.email)).toBeVisible();

  // Erase the held document's signer, who has another document awaiting: the confirm step says what will happen;
  // the held document keeps its people.
  const { id: awaitingId } = await sendDocument(request, owner, {
    type: 'others',
    others: [held.signer],
    title: 'New quote',
  });
  await page.goto('/settings/retention');
  await page.getByLabel('E-mail address').fill(held.signer.email);
  await page.getByRole('button', { name: 'Review' }).click();
  const dialog = page.getByRole('dialog', { name: `Erase ${held.signer.email}?` });
  await expect(dialog.getByText('Recipients replaced in documents: 1')).toBeVisible();
  await expect(dialog.getByText('Disputed quote: under a legal hold')).toBeVisible();
  await shot(page, 'erase-confirm.png');
  await dialog.getByRole('button', { name: 'Erase' }).click();
  await expect(page.getByText('The person was erased')).toBeVisible();
  await page.goto(`/documents/${awaitingId}/preview`);
  await expect(page.getByRole('region', { name: 'Signers' }).getByText(/Erased person/)).toBeVisible();
  await expect(page.getByText(held.signer.email)).toHaveCount(0);
});
