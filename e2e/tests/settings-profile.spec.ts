import { formatUserDate } from '@esign/shared';
import { expect, type Page, test } from '@playwright/test';
import { firstLink, mailsTo, uniqueEmail, waitForMail } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { apiSession, bearer, sendDocument, useSession } from '../support/documents.js';

/** A PNG picture drawn by the browser itself (a yellow disc on blue), for the avatar's file input. */
async function drawnPicture(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(240, 160);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.fillStyle = '#1e6ec8';
    context.fillRect(0, 0, 240, 160);
    context.fillStyle = '#ffcc00';
    context.beginPath();
    context.arc(120, 80, 50, 0, Math.PI * 2);
    context.fill();
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

test('a user changes name, picture, time zone and date format, then the e-mail, then deletes the account', async ({
  page,
  request,
}) => {
  const owner = await apiSession(request, 'Pat Profile');
  const signer = { name: 'Sam Signer', email: uniqueEmail('sam') };
  const { id } = await sendDocument(request, owner, { type: 'others', others: [signer], title: 'Profile journey' });
  const document = (await (await request.get(`/api/v1/documents/${id}`, { headers: bearer(owner) })).json()) as {
    createdAt: string;
  };
  await useSession(page, owner);

  // Settings: its title and tabs; the profile form starts pristine, so Save is off.
  await page.goto('/settings/profile');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const sections = page.getByRole('navigation', { name: 'Settings sections' });
  await expect(sections.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();
  // The spec's '2-Factor Authentication' section of the profile links to its setup; the e-mail is open to a user
  // alone (a team's owner and admins cannot change it).
  await expect(page.getByRole('heading', { name: '2-Factor Authentication', level: 2 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Set up SMS or Google Authenticator' })).toHaveAttribute(
    'href',
    '/settings/security',
  );
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath('profile-1280.png'), fullPage: true });

  // The name is trimmed on leaving the field; the date format comes from the spec's list, the time zone is found by
  // its name (Darwin keeps +09:30 all year).
  const name = page.getByRole('textbox', { name: 'Full name' });
  await name.fill('  Paula Profile  ');
  await name.blur();
  await expect(name).toHaveValue('Paula Profile');
  await page.getByRole('textbox', { name: 'Date format' }).click();
  await page.getByRole('option', { name: 'DD/MM/YYYY' }).click();
  await page.getByRole('textbox', { name: 'Time zone' }).fill('Darwin');
  await page.getByRole('option', { name: 'Darwin (UTC+09:30)' }).click();
  const dailyReport = page.getByRole('switch', { name: 'A daily report of my signature requests' });
  // The layout's fixed footer covers the bottom of the viewport, where the switch would otherwise be scrolled to.
  await dailyReport.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await dailyReport.check();
  await expect(dailyReport).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('settings-profile.png'), fullPage: true });
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Profile information updated.')).toBeVisible();
  await expect(save).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Account menu of Paula Profile' })).toBeVisible();

  // The picture: cropped square in the browser, kept 128x128, shown in the header.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: await drawnPicture(page),
  });
  await expect(page.getByRole('dialog', { name: 'Crop your picture' })).toBeVisible();
  await page.getByRole('button', { name: 'Save picture' }).click();
  await expect(page.getByText('New picture has been uploaded')).toBeVisible();
  const headerAvatar = page.getByRole('button', { name: 'Account menu of Paula Profile' }).locator('img');
  await expect(headerAvatar).toHaveAttribute('src', /^\/api\/v1\/avatars\//);
  await expect
    .poll(() => headerAvatar.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]))
    .toEqual([128, 128]);

  // The list and the activity show dates in the chosen format and time zone.
  const preferences = { dateFormat: 'DD/MM/YYYY', timezone: 'Australia/Darwin' } as const;
  await page.goto('/documents');
  const row = page.getByRole('row').filter({ hasText: 'Profile journey' });
  await expect(row).toContainText(formatUserDate(new Date(document.createdAt), preferences));
  await page.goto(`/documents/${id}/preview`);
  const created = page.getByTestId('activity').first();
  await expect(created).toContainText(formatUserDate(new Date(document.createdAt), preferences));
  await expect(created).toContainText(/\d{2}:\d{2}:\d{2} UTC\+09:30/);

  // The e-mail changes only through the link mailed to the new address; the old one is told.
  await page.goto('/settings/profile');
  const updateEmail = page.getByRole('button', { name: 'Update Email' });
  await expect(updateEmail).toBeDisabled();
  const email = page.getByRole('textbox', { name: 'Email' });
  await email.fill('not an address');
  await expect(updateEmail).toBeDisabled();
  const newEmail = uniqueEmail('paula');
  await email.fill(newEmail);
  await updateEmail.click();
  const modal = page.getByRole('dialog', { name: 'Update your email' });
  await expect(modal).toContainText(newEmail);
  await modal.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByText('Check your new email to confirm it')).toBeVisible();
  const link = firstLink(await waitForMail(request, newEmail, /Confirm your new email/));
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText('Your email address has been changed.')).toBeVisible();
  await waitForMail(request, owner.email, /has been changed/);
  await page.goto('/settings/profile');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(newEmail);

  // Deleting takes three steps; Cancel closes at any of them.
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Next' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Next' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Next' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Account Deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The awaiting document's signer is told; the account no longer signs in.
  await waitForMail(request, signer.email, /no longer needs your signature/);
  const signIn = await request.post('/api/v1/auth/sign_in', { data: { email: newEmail, password: owner.password } });
  expect(signIn.status()).toBe(401);
  expect((await mailsTo(request, signer.email)).some((mail) => /to sign/.test(mail.subject))).toBe(true);
});
