import { expect, test } from '@playwright/test';
import { type OidcPeer, oidcPeer } from '../../apps/server/test/oidc-peer.js';
import { createConfirmedUser, logIn, setPlan } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';

// Single sign-on (issue 38) against a real OpenID provider (oidc-provider) this test starts on a free local port;
// its interaction signs in the account it is told to, without a page.
const CLIENT = { clientId: 'esign-e2e', clientSecret: 'e2e-sso-client-secret' };
let peer: OidcPeer;
test.beforeAll(async ({ baseURL }) => {
  peer = await oidcPeer({ ...CLIENT, redirectUri: `${baseURL}/api/v1/auth/sso/callback` });
});
test.afterAll(async () => {
  await peer?.close();
});

test('an owner sets single sign-on up; a person of the domain signs in through the provider and lands in the team', async ({
  browser,
  page,
  request,
}) => {
  // Three browsers and a provider on a shared machine: more than the default minute.
  test.setTimeout(150_000);
  const domain = `acme${Date.now().toString(36)}.test`;
  const owner = await createConfirmedUser(request, 'Olivia Owner');
  await setPlan(request, owner.email, 'business');
  await logIn(page, owner);
  await page.goto('/settings/sso');
  await expect(page.getByText('/api/v1/auth/sso/callback')).toBeVisible();
  await page.getByLabel('Issuer URL').fill(peer.issuer);
  await page.getByLabel('Client ID').fill(CLIENT.clientId);
  await page.getByLabel('Client secret').fill(CLIENT.clientSecret);
  await page.getByLabel('E-mail domains').fill(domain);
  await page.getByLabel(/^Required/).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Single sign-on saved')).toBeVisible();
  await expect(page.getByText('A secret is kept.')).toBeVisible();
  await expect(page.getByLabel('Client secret')).toHaveValue('');
  await expectNoSeriousA11yViolations(page);

  // A person of the domain, on another browser: the log-in page's 'Sign in with SSO', the provider, the team.
  const member = `maria@${domain}`;
  peer.signInNext({ email: member, emailVerified: true, name: 'Maria Member' });
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await memberPage.goto('/login');
  await memberPage.getByRole('link', { name: 'Sign in with SSO' }).click();
  await expect(memberPage).toHaveURL(/\/login\/sso$/);
  await expectNoSeriousA11yViolations(memberPage);
  await memberPage.getByLabel('Email').fill(member);
  await memberPage.getByRole('button', { name: 'Continue' }).click();
  await expect(memberPage).toHaveURL(/\/sign$/);
  // The hand-off code does not stay in the address or the history.
  expect(memberPage.url()).not.toContain('code=');
  const me = await memberPage.evaluate(async () => {
    const answer = await fetch('/api/v1/user', {
      headers: { authorization: `Bearer ${localStorage.getItem('esign.accessToken')}` },
    });
    return (await answer.json()) as { email: string; role: string | null; teamId: string | null };
  });
  expect(me).toMatchObject({ email: member, role: 'user' });
  expect(me.teamId).not.toBeNull();

  // The owner's team lists them.
  await page.goto('/team');
  await expect(page.getByTestId('team-row').filter({ hasText: member })).toBeVisible();

  // Required: a password sign-in of the domain goes to single sign-on instead.
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  await otherPage.goto('/login');
  await otherPage.getByLabel('Email').fill(member);
  await otherPage.getByLabel('Password').fill('any-password-1');
  await otherPage.getByRole('button', { name: 'Log in' }).click();
  await expect(otherPage).toHaveURL(/\/login\/sso$/);
  await expect(otherPage.getByText('Your organisation signs you in with single sign-on.')).toBeVisible();
  await expect(otherPage.getByLabel('Email')).toHaveValue(member);
  await memberContext.close();
  await otherContext.close();
});
