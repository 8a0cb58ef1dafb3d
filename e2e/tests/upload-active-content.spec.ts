import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { pdfWith, signed as signedPdf } from '../../apps/server/test/active-content.js';
import { logInNewUser } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';

/** The shared real-world corpus, read in place. */
const corpus = (path: string) => join(import.meta.dirname, '../../../shared/fixtures/real-world', path);

// A signed PDF with an opening script, made on the fly (the corpus's XFA form has only usage rights, which are no
// signature); a form with scripts.
const SIGNED_SCRIPTED = 'signed-with-scripts.pdf';
const signedScripted = async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'esign-e2e-signed-')), SIGNED_SCRIPTED);
  writeFileSync(path, await signedPdf(await pdfWith(['openActionJavaScript', 'pageAdditionalActions'])));
  return path;
};
const SCRIPTED = 'javascript_form_scribus.pdf';
const FOUND = 'This PDF contains scripts or automatic actions that can run when it is opened.';
const REMOVED = 'They were removed so that they cannot run when the document is opened.';
const SIGNATURES_BROKEN = 'its digital signatures are no longer valid.';

test.setTimeout(120_000);

const fileRow = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Files of the document' }).getByRole('listitem', { name });

test('scripts are removed at upload; a signed file with scripts is kept until its owner chooses to remove them', async ({
  page,
}) => {
  await logInNewUser(page);
  await page.goto('/only-others');
  await page.locator('input[type="file"]').setInputFiles([await signedScripted(), corpus(`pdf/${SCRIPTED}`)]);

  const scripted = fileRow(page, SCRIPTED);
  await expect(scripted).toContainText('Converted · 100%', { timeout: 60_000 });
  await expect(scripted).toContainText(REMOVED);
  await expect(scripted.getByRole('group')).toHaveCount(0);

  const signed = fileRow(page, SIGNED_SCRIPTED);
  await expect(signed).toContainText('Converted · 100%', { timeout: 60_000 });
  await expect(signed).toContainText(FOUND);
  const choice = signed.getByRole('group', { name: `Scripts and automatic actions of ${SIGNED_SCRIPTED}` });
  await expect(choice.getByRole('button', { name: 'Keep as uploaded' })).toBeVisible();
  // Keeping is the default: the next step is open before any choice.
  const prepare = page.getByRole('button', { name: 'Prepare Doc for Signing' });
  await expect(prepare).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
  // On a phone the notice and both buttons fit the row's width. Read until the layout has settled: CI's loaded
  // machine once read the buttons where the 1280 px layout had put them (462 px), just after the resize.
  await page.setViewportSize({ width: 375, height: 800 });
  for (const name of ['Keep as uploaded', 'Remove scripts and actions']) {
    const button = choice.getByRole('button', { name });
    await expect
      .poll(async () => {
        const box = await button.boundingBox();
        return box ? box.x + box.width : Number.POSITIVE_INFINITY;
      })
      .toBeLessThanOrEqual(375);
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  await choice.getByRole('button', { name: 'Remove scripts and actions' }).click();
  await expect(signed).toContainText(SIGNATURES_BROKEN, { timeout: 60_000 });
  await expect(signed).toContainText('Converted · 100%');
  await expect(signed.getByRole('group')).toHaveCount(0);
  await expect(prepare).toBeEnabled();
});

test('keeping a signed file with scripts as uploaded keeps its notice and ends the choice, also after a reload', async ({
  page,
}) => {
  await logInNewUser(page);
  await page.goto('/only-others');
  await page.locator('input[type="file"]').setInputFiles([await signedScripted()]);
  const signed = fileRow(page, SIGNED_SCRIPTED);
  await expect(signed).toContainText(FOUND, { timeout: 60_000 });
  await signed.getByRole('button', { name: 'Keep as uploaded' }).click();
  await expect(signed.getByRole('group')).toHaveCount(0);
  await expect(signed).toContainText(FOUND);
  await page.reload();
  await expect(signed).toContainText(FOUND);
  await expect(signed.getByRole('button', { name: 'Keep as uploaded' })).toHaveCount(0);
});
