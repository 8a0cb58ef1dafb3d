import { expect, test } from '@playwright/test';
import { createConfirmedUser, logIn, OUTBOX_KEY } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';

test('every logged-out page has no serious accessibility violation', async ({ page }) => {
  for (const path of [
    '/login',
    '/signup',
    '/reset',
    '/login/sso',
    '/change_password?passwordResetToken=abc',
    `/dev/mail?token=${OUTBOX_KEY}`,
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
  await page.goto('/confirm_email?emailConfirmationToken=not-a-real-token');
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto('/signup');
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(`a11y.${Date.now()}@example.com`);
  await page.getByLabel('Password').fill('secret1');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/confirm-account$/);
  await expectNoSeriousA11yViolations(page);
});

test('/confirm-account without its navigation state goes to the start', async ({ page }) => {
  await page.goto('/confirm-account');
  await expect(page).toHaveURL(/\/login$/);
});

test('the logged-in shell is accessible, and unknown paths go to /sign', async ({ page, request }) => {
  const user = await createConfirmedUser(request);
  await logIn(page, user);
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Sign', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /navigation/i })).toBeHidden();
  await expectNoSeriousA11yViolations(page);
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/sign$/);
});

test('at 375 px the shell shows a drawer instead of the sidebar', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const user = await createConfirmedUser(request);
  await logIn(page, user);
  const menuButton = page.getByRole('button', { name: /navigation/i });
  await expect(menuButton).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await menuButton.click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Sign', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('every sidebar entry and the free plan counter can be reached at common window sizes, above the footer', async ({
  page,
  request,
}) => {
  // Cause: the sidebar's content was taller than the sidebar at 800 px and less, and the sidebar did not scroll,
  // so its bottom (the Team link, the free plan's counter and its Upgrade button) lay under the fixed footer.
  const user = await createConfirmedUser(request);
  await logIn(page, user);
  const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
  const footer = page.getByRole('contentinfo');
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1366, height: 768 },
    { width: 1440, height: 900 },
    { width: 1920, height: 1080 },
  ]) {
    await page.setViewportSize(size);
    await expect(sidebar.getByText(/signature requests this month/)).toBeAttached();
    const targets = [...(await sidebar.getByRole('link').all())];
    expect(targets.length).toBeGreaterThan(10);
    for (const target of targets) {
      await target.scrollIntoViewIfNeeded();
      const box = await target.boundingBox();
      const footerTop = (await footer.boundingBox())?.y ?? size.height;
      expect(box, `${await target.textContent()} at ${size.width}x${size.height}`).not.toBeNull();
      if (box === null) continue;
      expect(box.y + box.height, `${await target.textContent()} at ${size.width}x${size.height}`).toBeLessThanOrEqual(
        footerTop,
      );
      // Nothing lies over it: the element at its centre is the link or inside it.
      const isOnTop = await target.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
        return hit !== null && element.contains(hit);
      });
      expect(isOnTop, `${await target.textContent()} at ${size.width}x${size.height}`).toBe(true);
    }
  }
  await sidebar.getByRole('link', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/settings\/billing\/plan$/);
});
