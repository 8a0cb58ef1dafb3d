import { expect, test } from '@playwright/test';
import { firstLink, OPERATOR_KEY, setPlan, uniqueEmail, waitForMail } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { apiSession, bearer, sendDocument, useSession } from '../support/documents.js';
import { row, rowAction } from '../support/list-rows.js';

test('a Business owner invites two people, both accept, one becomes admin and sees the team’s documents', async ({
  browser,
  request,
}) => {
  const owner = await apiSession(request, 'Olivia Owner');
  await setPlan(request, owner.email, 'business');
  const bob = await apiSession(request, 'Bob Member');
  const newcomer = uniqueEmail('newcomer');

  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await useSession(ownerPage, owner);
  await ownerPage.goto('/team');
  await expect(ownerPage.getByText('Start adding team members!')).toBeVisible();
  await ownerPage.getByRole('button', { name: 'Add Team Member' }).click();
  const modal = ownerPage.getByRole('dialog', { name: 'Add Team Member' });
  await modal.getByRole('textbox', { name: 'Email 1' }).fill(bob.email);
  await modal.getByRole('button', { name: 'Add team member' }).click();
  await modal.getByRole('textbox', { name: 'Email 2' }).fill(newcomer);
  await modal.getByRole('button', { name: 'Send Invites' }).click();
  await expect(ownerPage.getByText('Invites sent successfully')).toBeVisible();
  await expect(ownerPage.getByTestId('team-row')).toHaveCount(3);
  await expect(ownerPage.getByTestId('team-row').filter({ hasText: newcomer })).toContainText('Invited');
  await expectNoSeriousA11yViolations(ownerPage);

  // Bob, who has an account, follows his link while logged in.
  const bobContext = await browser.newContext();
  const bobPage = await bobContext.newPage();
  await useSession(bobPage, bob);
  const bobLink = new URL(firstLink(await waitForMail(request, bob.email, /invited you/)));
  await bobPage.goto(bobLink.pathname + bobLink.search);
  await expect(bobPage.getByText('Invite accepted.')).toBeVisible();
  await expect(bobPage).toHaveURL(/\/sign$/);

  // The newcomer has no account: the link asks for a name and a password first, at 375 px.
  const newcomerContext = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const newcomerPage = await newcomerContext.newPage();
  const link = new URL(firstLink(await waitForMail(request, newcomer, /invited you/)));
  await newcomerPage.goto(link.pathname + link.search);
  await expect(newcomerPage.getByText(`Olivia Owner invited ${newcomer} to their team.`)).toBeVisible();
  await newcomerPage.getByRole('textbox', { name: 'Full name' }).fill('Nina Newcomer');
  await newcomerPage.getByLabel('Password').fill('secret12');
  await newcomerPage.screenshot({ path: test.info().outputPath('accept-invite-375.png'), fullPage: true });
  await expectNoSeriousA11yViolations(newcomerPage);
  await newcomerPage.getByRole('button', { name: 'Create account and join' }).click();
  await expect(newcomerPage.getByText('Invite accepted.')).toBeVisible();
  // Signed in with the account just made, not sent to /login to type the password again.
  await expect(newcomerPage).toHaveURL(/\/sign$/);
  await expect(newcomerPage.getByRole('link', { name: 'Only Me' }).first()).toBeVisible();
  await newcomerPage.screenshot({ path: test.info().outputPath('joined-signed-in-375.png'), fullPage: true });
  // The page was not mounted again to spend the link a second time.
  await expect(newcomerPage.getByText('This invitation is invalid or has expired.', { exact: false })).toHaveCount(0);
  await newcomerPage.goto('/team');
  await expect(newcomerPage.getByTestId('team-row').filter({ hasText: 'Nina Newcomer' })).toBeVisible();

  // The owner makes Bob an admin.
  await ownerPage.reload();
  const bobRow = ownerPage.getByTestId('team-row').filter({ hasText: bob.email });
  await expect(bobRow).toContainText('User');
  await bobRow.getByRole('button', { name: `Actions of ${bob.user.name}` }).click();
  await ownerPage.getByRole('menuitem', { name: 'Upgrade to admin' }).click();
  await expect(ownerPage.getByText('Team member successfully upgraded to admin.')).toBeVisible();
  await expect(bobRow).toContainText('Admin');

  // The company and billing settings are the owner's: an admin sees the spec's refusal, with a way back.
  for (const path of ['/settings/company', '/settings/billing']) {
    await bobPage.goto(path);
    await expect(bobPage.getByRole('heading', { name: "Oops! You don't have access." })).toBeVisible();
    await expect(bobPage.getByText('Your account is part of a team account.', { exact: false })).toBeVisible();
  }

  // The owner's awaiting document shows in the admin's 'Team' list, with a link to copy and none of the owner's actions.
  const title = `Team contract ${Date.now()}`;
  await sendDocument(request, owner, {
    type: 'others',
    title,
    others: [{ name: 'Sam Signer', email: uniqueEmail('sam') }],
  });
  await bobContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  await bobPage.goto('/documents');
  await expect(row(bobPage, title)).toHaveCount(0);
  await bobPage.locator('label[for$="-team"]').click();
  await expect(row(bobPage, title)).toContainText('by Olivia Owner');
  await rowAction(bobPage, title, 'Copy signing link for Sam Signer');
  await expect(bobPage.getByText('Copied to clipboard')).toBeVisible();
  const copied = await bobPage.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/\/documents\/[0-9a-f-]+\/sign/);
  await row(bobPage, title)
    .getByRole('button', { name: `Actions of ${title}` })
    .click();
  await expect(bobPage.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
  await expect(bobPage.getByRole('menuitem', { name: 'Edit & Resend' })).toHaveCount(0);
});

test('a lifetime (AppSumo) owner is a Business account on the Teams page, whatever the plan columns say', async ({
  page,
  request,
}) => {
  const owner = await apiSession(request, 'Lara Lifetime');
  const minted = await request.post('/api/v1/operator/appsumo/codes', {
    headers: { authorization: `Bearer ${OPERATOR_KEY}` },
    data: { count: 1 },
  });
  const [code] = ((await minted.json()) as { codes: string[] }).codes;
  const redeemed = await request.post('/api/v1/plans/upgrade_appsumo', { headers: bearer(owner), data: { code } });
  expect(redeemed.ok()).toBe(true);
  // As after a seat subscription's dunning: the columns say Free, the lifetime deal stays.
  await setPlan(request, owner.email, 'free');
  await useSession(page, owner);
  await page.goto('/team');
  await expect(page.getByText('Start adding team members!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Team Member' })).toBeEnabled();
  await expect(page.getByText('Upgrade to Business')).toHaveCount(0);
});
