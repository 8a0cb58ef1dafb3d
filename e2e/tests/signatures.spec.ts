import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { logInNewUser } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { drawOn } from '../support/signatures.js';

/** The shared real-world corpus, read in place. */
const corpus = (path: string) => join(import.meta.dirname, '../../../shared/fixtures/real-world', path);

const savedItems = (page: Page) => page.getByRole('list', { name: 'Saved items' });
const dialog = (page: Page) => page.getByRole('dialog');

test('a user creates typed, drawn and uploaded signatures, edits one and deletes one', async ({ page }, testInfo) => {
  await logInNewUser(page, 'Ada Lovelace');
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('link', { name: 'Edit Signature' }).click();
  await expect(page).toHaveURL(/\/settings\/edit-signature$/);
  await expect(page.getByText('You have no saved signatures yet.')).toBeVisible();

  // Typed: the name comes first, the initials follow it.
  await page.getByRole('button', { name: 'Create Signature' }).click();
  const create = page.getByRole('button', { name: 'Create Signature' }).last();
  await expect(dialog(page).getByRole('textbox', { name: 'Full name' })).toHaveValue('Ada Lovelace');
  await expect(dialog(page).getByRole('textbox', { name: 'Initials' })).toHaveValue('AL');
  await dialog(page).getByRole('textbox', { name: 'Full name' }).fill('Ada King Lovelace');
  await expect(dialog(page).getByRole('textbox', { name: 'Initials' })).toHaveValue('AK');
  await dialog(page).getByRole('radio', { name: 'Great Vibes' }).click();
  await expect(create).toBeDisabled();
  await page.screenshot({ path: testInfo.outputPath('typed-modal.png') });
  await expectNoSeriousA11yViolations(page);
  await dialog(page).getByRole('checkbox').check();
  await expect(create).toBeEnabled();
  await create.click();
  await expect(page.getByText('Signature/Initial created successfully')).toBeVisible();
  await expect(savedItems(page).getByRole('listitem')).toHaveCount(1);
  await expect(savedItems(page).getByRole('img', { name: 'Signature: Ada King Lovelace' })).toBeVisible();

  // Drawn.
  await page.getByRole('button', { name: 'Create Signature' }).first().click();
  await dialog(page).getByRole('tab', { name: 'Draw it in' }).click();
  await drawOn(page, 'Draw your signature');
  await drawOn(page, 'Draw your initials');
  await dialog(page).getByRole('checkbox').check();
  await page.screenshot({ path: testInfo.outputPath('drawn-modal.png') });
  await page.getByRole('button', { name: 'Create Signature' }).last().click();
  await expect(page.getByText('Signature/Initial created successfully').first()).toBeVisible();
  await expect(savedItems(page).getByRole('listitem')).toHaveCount(2);

  // Uploaded.
  await page.getByRole('button', { name: 'Create Signature' }).first().click();
  await dialog(page).getByRole('tab', { name: 'Upload Image' }).click();
  const [signatureChooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    dialog(page).getByRole('button', { name: 'Choose image: Signature' }).click(),
  ]);
  await signatureChooser.setFiles(corpus('images/png_rgba_semitransparent_dice.png'));
  const [initialsChooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    dialog(page).getByRole('button', { name: 'Choose image: Initials' }).click(),
  ]);
  await initialsChooser.setFiles(corpus('images/bmp_v5_header_24bit.bmp'));
  await dialog(page).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create Signature' }).last().click();
  await expect(savedItems(page).getByRole('listitem')).toHaveCount(3);
  await expect(savedItems(page).getByRole('img', { name: 'Signature image' })).toHaveCount(2);
  await page.screenshot({ path: testInfo.outputPath('list.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // Edit the typed one: the modal opens on its values.
  const typedItem = savedItems(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('img', { name: /Ada King Lovelace/ }) });
  await typedItem.getByRole('button', { name: 'Edit' }).click();
  await expect(dialog(page).getByRole('textbox', { name: 'Full name' })).toHaveValue('Ada King Lovelace');
  const update = dialog(page).getByRole('button', { name: 'Update Signature' });
  await dialog(page).getByRole('textbox', { name: 'Full name' }).fill('Augusta Ada Lovelace');
  await dialog(page).getByRole('textbox', { name: 'Initials' }).fill('AAL');
  await expect(update).toBeDisabled();
  await dialog(page).getByRole('checkbox').check();
  await update.click();
  await expect(page.getByText('Signature/Initial updated successfully')).toBeVisible();
  await expect(savedItems(page).getByRole('img', { name: 'Signature: Augusta Ada Lovelace' })).toBeVisible();
  await expect(savedItems(page).getByRole('img', { name: 'Initials: AAL' })).toBeVisible();
  await expect(savedItems(page).getByRole('listitem')).toHaveCount(3);

  // Delete it, after the confirmation.
  const editedItem = savedItems(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('img', { name: /Augusta/ }) });
  await editedItem.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog(page).getByText('Are you sure you want to delete this signature?')).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Signature/Initial deleted successfully')).toBeVisible();
  await expect(savedItems(page).getByRole('listitem')).toHaveCount(2);
  await page.reload();
  await expect(savedItems(page).getByRole('listitem')).toHaveCount(2);
});

test('the signature modal fits a 375 px wide phone', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await logInNewUser(page, 'Ada Lovelace');
  await page.goto('/settings/edit-signature');
  await page.getByRole('button', { name: 'Create Signature' }).click();
  await expect(dialog(page).getByRole('textbox', { name: 'Full name' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('modal-375.png') });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await dialog(page).getByRole('tab', { name: 'Draw it in' }).click();
  await page.screenshot({ path: testInfo.outputPath('modal-375-draw.png') });
  await expectNoSeriousA11yViolations(page);
});
