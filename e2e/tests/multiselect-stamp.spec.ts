import { join } from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { firstLink, logInNewUser, waitForMail } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { sentToBob } from '../support/documents.js';

test.setTimeout(120_000);

const corpus = (path: string) => join(import.meta.dirname, '../../../shared/fixtures/real-world', path);

/** A document sent to Bob with a multiselect (two or three of four to tick) and a company stamp (issue 37). */
function stampDocument(request: APIRequestContext) {
  return sentToBob(request, 'Service order', (field) => [
    field('multiselect', 100, {
      width: 260,
      height: 72,
      settings: { choices: ['Support', 'Training', 'Hosting', 'Audit'], minChoices: 2, maxChoices: 3 },
    }),
    field('stamp', 220),
  ]);
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('ticks a multiselect and places an uploaded company stamp at 375 px', async ({ page }) => {
    const { email } = await stampDocument(page.request);
    await page.goto(firstLink(await waitForMail(page.request, email, /to sign/)));
    await expect(page.getByRole('heading', { level: 1, name: 'Service order' })).toBeVisible();

    await page.getByRole('button', { name: 'Start signing' }).tap();
    const sheet = page.getByTestId('step-sheet');
    const group = sheet.getByRole('group', { name: 'Multiple choice' });
    await expect(group.getByRole('checkbox', { name: 'Support' })).toBeFocused();
    await group.getByRole('checkbox', { name: 'Audit' }).tap();
    await expect(sheet.getByRole('alert')).toHaveText('Tick at least 2 options');
    await group.getByRole('checkbox', { name: 'Training' }).tap();
    await expect(sheet.getByRole('alert')).toHaveCount(0);
    // The ticks show where the field stands, in the options' order.
    await expect(page.locator('[data-field-id]').filter({ hasText: 'Training, Audit' })).toHaveCount(1);
    await page.screenshot({ path: test.info().outputPath('multiselect-375.png') });
    await expectNoSeriousA11yViolations(page);
    await sheet.getByRole('button', { name: 'Next' }).tap();

    // The stamp's step opens the stamp chooser: none saved yet, one uploaded and used at once.
    const dialog = page.getByRole('dialog', { name: 'Choose a stamp' });
    await expect(dialog.getByText('You have no saved stamps yet.')).toBeVisible();
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      dialog.getByRole('button', { name: 'Choose image: Company stamp' }).tap(),
    ]);
    await chooser.setFiles(corpus('images/png_rgba_semitransparent_dice.png'));
    await page.screenshot({ path: test.info().outputPath('stamp-chooser-375.png') });
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Save stamp' }).tap();
    await expect(dialog).toHaveCount(0);
    await expect(page.locator('[data-field-id] img')).toHaveCount(1);
    await page.screenshot({ path: test.info().outputPath('stamp-placed-375.png') });

    await page
      .getByRole('button', { name: /Submit|Finish/ })
      .first()
      .tap();
    await page.getByRole('dialog', { name: 'Almost done!' }).getByRole('button', { name: 'I Agree' }).tap();
    const done = page.getByRole('dialog', { name: 'You have signed the document' });
    await expect(done).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('signed-375.png') });
  });
});

test('saves a company stamp on Edit Signature, and deletes it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logInNewUser(page, 'Stella Stamp');
  await page.goto('/settings/edit-signature');
  await expect(page.getByRole('heading', { name: 'Company stamps' })).toBeVisible();
  await expect(page.getByText('You have no saved stamps yet.')).toBeVisible();
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Choose image: Company stamp' }).click(),
  ]);
  await chooser.setFiles(corpus('images/png_rgba_semitransparent_dice.png'));
  await page.getByRole('button', { name: 'Save stamp' }).click();
  const stamps = page.getByRole('list', { name: 'Company stamps' });
  await expect(stamps.getByRole('listitem')).toHaveCount(1);
  await expect(stamps.getByRole('img', { name: 'Company stamp' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('edit-signature-1280.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page);
  await stamps.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete stamp' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('You have no saved stamps yet.')).toBeVisible();
});
