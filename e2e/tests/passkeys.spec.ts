import { expect, type Page, test } from '@playwright/test';
import { createConfirmedUser, logIn } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';

/**
 * Chromium's virtual authenticator (DevTools protocol, WebAuthn domain): a platform authenticator that keeps
 * discoverable credentials and verifies its user without a prompt, so the browser's own dialog never waits.
 */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const credentials = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  return { credentials };
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('a passkey: added in the security settings, used to log in without a password, removed', async ({
  page,
  request,
}) => {
  const authenticator = await addVirtualAuthenticator(page);
  const user = await createConfirmedUser(request);
  await logIn(page, user);

  await page.goto('/settings/security');
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const addModal = page.getByRole('dialog', { name: 'Add a passkey' });
  await addModal.getByLabel('Name').fill('Work laptop');
  await addModal.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Passkey added')).toBeVisible();
  const list = page.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Work laptop');
  await expect(list).toContainText('Not used yet');
  const [credential] = await authenticator.credentials();
  expect(credential?.isResidentCredential).toBe(true);

  await logOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/sign$/);
  // The virtual authenticator signed once more than when it was made.
  expect((await authenticator.credentials())[0]?.signCount).toBeGreaterThan(credential?.signCount ?? 0);

  await page.goto('/settings/security');
  await expect(list).toContainText('Last used');
  await expectNoSeriousA11yViolations(page);
  await list.getByRole('button', { name: 'Remove Work laptop' }).click();
  const removeModal = page.getByRole('dialog', { name: 'Remove Work laptop' });
  await expect(removeModal).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await removeModal.getByLabel('Password').fill('not-my-password');
  await removeModal.getByRole('button', { name: 'Remove' }).click();
  await expect(removeModal.getByRole('alert')).toHaveText('The password is incorrect.');
  await expect(page).toHaveURL(/\/settings\/security$/);
  await removeModal.getByLabel('Password').fill(user.password);
  await removeModal.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Passkey removed')).toBeVisible();
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();

  // The authenticator still holds the credential, but the server no longer knows it.
  await logOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'The passkey could not be used. Please try again or use another way to sign in.',
  );
  await expect(page).toHaveURL(/\/login$/);
});
