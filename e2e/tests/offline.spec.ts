import { expect, test } from '@playwright/test';
import { apiSession, bearer, useSession } from '../support/documents.js';

test('offline, the app says so, keeps what the user saves and sends it when the connection is back', async ({
  page,
  context,
}) => {
  // Cause: TanStack Query pauses queries and mutations while the browser is offline, and nothing showed it: Save
  // spun with no word, and a list whose query was paused read '0-0 of 0 results' as if it were empty.
  const owner = await apiSession(page.request, 'Olive Offline');
  await useSession(page, owner);
  await page.goto('/documents');
  await expect(page.getByTestId('documents-counter')).toHaveText('0-0 of 0 results');
  // Within the app (the pages' code is here before the network goes): the profile from the account menu.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('link', { name: 'Settings' }).click();
  const name = page.getByRole('textbox', { name: 'Full name' });
  await expect(name).toHaveValue('Olive Offline');
  const banner = page.getByRole('status').filter({ hasText: "You're offline" });
  await expect(banner).toHaveCount(0);

  await context.setOffline(true);
  await expect(banner).toBeVisible();
  await expect(banner).toHaveText("You're offline. What you do now is sent when the connection is back.");
  await page.screenshot({ path: test.info().outputPath('offline-profile-1280.png') });
  await name.fill('Olive Online');
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  // The list's query waits too: it says so instead of showing an empty list.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Completed' }).click();
  await expect(page.getByText('Waiting for the connection…')).toBeVisible();
  await expect(page.getByTestId('documents-counter')).toHaveCount(0);

  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  // The save that waited went out: nothing lost.
  await expect(page.getByText('Profile information updated.')).toBeVisible();
  await expect(page.getByTestId('documents-counter')).toHaveText('0-0 of 0 results');
  const user = await (await page.request.get('/api/v1/user', { headers: bearer(owner) })).json();
  expect(user.name).toBe('Olive Online');
});
