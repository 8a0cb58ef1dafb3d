import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { firstLink, setPlan, uniqueEmail, waitForMail } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { apiSession, sendDocument, useSession } from '../support/documents.js';
import { drawOn } from '../support/signatures.js';

/** The shared real-world corpus, read in place. */
const corpus = (path: string) => join(import.meta.dirname, '../../../shared/fixtures/real-world', path);

/** The logo in the signer page's header has loaded (a picture, not a broken image). */
async function expectLogoShown(page: Page) {
  const logo = page.getByRole('banner').getByRole('img', { name: 'Acme Logistics' });
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(280);
}

test('a Business owner brands the company; a signer sees it, gets the branded mail, signs drawn only and is redirected', async ({
  browser,
  page,
  baseURL,
}, testInfo) => {
  const owner = await apiSession(page.request, 'Olivia Owner');
  await setPlan(page.request, owner.email, 'business');
  await useSession(page, owner);
  await page.goto('/settings/company');
  await expect(page.getByRole('heading', { name: 'Company branding' })).toBeVisible();

  // The logo: picked, cropped at 5.6:1 in the modal, kept 280x50.
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Upload logo' }).click(),
  ]);
  await chooser.setFiles(corpus('images/png_rgba_semitransparent_dice.png'));
  const crop = page.getByRole('dialog', { name: 'Crop your logo' });
  await expect(crop).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('company-crop.png') });
  await crop.getByRole('button', { name: 'Save logo' }).click();
  await expect(page.getByText('Logo has been uploaded')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Company logo' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Company name' }).fill('Acme Logistics');
  await page.getByRole('textbox', { name: "'From' name" }).fill('Acme Contracts');
  await page.getByRole('textbox', { name: 'Closing signature' }).fill('Kind regards,\nThe Acme team');
  const redirection = page.getByRole('textbox', { name: 'Redirection page after signing' });
  await redirection.fill('acme.example');
  await expect(page.getByText('url should start with https:// or http://')).toBeVisible();
  const landing = `${baseURL}/api/v1/health?after=signing`;
  await redirection.fill(landing);
  // Drawn only: turning the last one off is refused with the spec's message.
  await page.getByRole('checkbox', { name: 'Typed' }).uncheck();
  await page.getByRole('checkbox', { name: 'Uploaded' }).uncheck();
  await page.getByRole('checkbox', { name: 'Drawn' }).uncheck();
  await expect(page.getByText('At least one signature available type must be active')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Drawn' }).check();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Company information successfully saved')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('company-page.png') });

  // A document sent to a signer: the invitation comes From the company's name, with its logo and closing.
  const signerEmail = uniqueEmail('signer');
  await sendDocument(page.request, owner, {
    type: 'others',
    title: 'Supply agreement',
    others: [{ name: 'Sam Signer', email: signerEmail }],
  });
  const invitation = await waitForMail(page.request, signerEmail, /to sign/);
  expect(invitation.from).toBe('"Acme Contracts" <no-reply@localhost>');
  expect(invitation.html).toMatch(/<img src="http:\/\/localhost:\d+\/api\/v1\/company-logos\/[^"]+" width="280"/);
  expect(invitation.html).toContain('Kind regards,<br>The Acme team');
  const link = firstLink(invitation);

  // On a 1280 px screen: the logo in the header.
  const wide = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const widePage = await wide.newPage();
  await widePage.goto(link);
  await expect(widePage.getByRole('heading', { level: 1, name: 'Supply agreement' })).toBeVisible();
  await expectLogoShown(widePage);
  await expect(widePage.getByText('From Olivia Owner, Acme Logistics')).toBeVisible();
  await expect(widePage.locator('[data-field-id]').first()).toBeVisible();
  await widePage.screenshot({ path: testInfo.outputPath('signer-1280.png') });
  await wide.close();

  // On a phone: the logo too, and only drawn signatures are offered.
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const signer = await phone.newPage();
  await signer.goto(link);
  await expectLogoShown(signer);
  expect(await signer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expect(signer.locator('[data-field-id]').first()).toBeVisible();
  await signer.screenshot({ path: testInfo.outputPath('signer-375.png') });
  await signer.locator('[data-field-id]').first().click();
  const dialog = signer.getByRole('dialog');
  await expect(dialog.getByRole('tab')).toHaveText(['Drawn']);
  await expect(dialog.getByText('We created a signature for you')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Create New Signature' }).click();
  await expect(dialog.getByRole('tab')).toHaveText(['Draw it in']);
  await signer.screenshot({ path: testInfo.outputPath('signer-375-draw.png') });
  await drawOn(signer, 'Draw your signature');
  await drawOn(signer, 'Draw your initials');
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Create Signature' }).click();
  await expect(signer.locator('[data-field-id]').first()).toHaveAttribute('data-signed', 'true');
  await signer.getByRole('button', { name: 'Submit' }).click();
  await signer.getByRole('dialog', { name: 'Almost done!' }).getByRole('button', { name: 'I Agree' }).click();
  await expect(signer).toHaveURL(landing);
  await phone.close();
});

test('an account without Business sees the upgrade modal instead of saving', async ({ page }) => {
  const owner = await apiSession(page.request, 'Frank Free');
  await useSession(page, owner);
  await page.goto('/settings/company');
  await expect(page.getByText('Business Feature')).toBeVisible();
  await page.getByRole('textbox', { name: 'Company name' }).fill('Free Co');
  await page.getByRole('button', { name: 'Save' }).click();
  const upgrade = page.getByRole('dialog');
  await expect(upgrade.getByText(/Custom Business Branding is a Business feature/)).toBeVisible();
  await expect(upgrade.getByRole('link', { name: /upgrade/i })).toHaveAttribute('href', '/settings/billing/plan');
  await upgrade.getByRole('button', { name: 'Cancel' }).click();
  await expect(upgrade).toHaveCount(0);
  await page.getByRole('button', { name: 'Upload logo' }).click();
  await expect(upgrade.getByText(/Custom Business Branding is a Business feature/)).toBeVisible();
});
