import { expect, test } from '@playwright/test';
import { createConfirmedUser, logIn } from '../support/accounts.js';

test('an expired access token is refreshed once and the request retried, without logging out', async ({
  page,
  request,
}) => {
  const user = await createConfirmedUser(request);
  await logIn(page, user);
  const before = await page.evaluate(() => localStorage.getItem('esign.refreshToken'));

  // The next current-user load answers as the server does for an access token past its 15 minutes.
  let isExpiredOnce = true;
  await page.route('**/api/v1/user', async (route) => {
    if (isExpiredOnce) {
      isExpiredOnce = false;
      await route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 403, code: 'TOKEN_EXPIRED', message: 'Token expired!' }),
      });
      return;
    }
    await route.continue();
  });
  const refreshed = page.waitForResponse((response) => response.url().includes('/api/v1/auth/refresh-token'));
  await page.reload();
  expect((await refreshed).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Who needs to sign?' })).toBeVisible();
  const after = await page.evaluate(() => localStorage.getItem('esign.refreshToken'));
  expect(after).not.toBe(before);
  expect(isExpiredOnce).toBe(false);
});

test('a logout in one tab logs out the other tabs', async ({ context, request }) => {
  const user = await createConfirmedUser(request);
  const first = await context.newPage();
  await logIn(first, user);
  const second = await context.newPage();
  await second.goto('/sign');
  await expect(second.getByRole('heading', { name: 'Who needs to sign?' })).toBeVisible();

  await second.getByRole('button', { name: /account menu/i }).click();
  await second.getByRole('button', { name: 'Logout' }).click();
  await expect(second).toHaveURL(/\/login$/);
  await expect(first).toHaveURL(/\/login$/);
});
