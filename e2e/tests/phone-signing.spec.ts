import { randomUUID } from 'node:crypto';
import { blankField, type DocumentField, type FieldType } from '@esign/shared';
import { type APIRequestContext, expect, type Locator, test } from '@playwright/test';
import { firstLink, uniqueEmail, waitForMail } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { apiSession, bearer, createDocumentWithPdf, patchDocument } from '../support/documents.js';
import { makePdf } from '../support/pdf.js';

test.setTimeout(120_000);

/** A document sent to Bob with a signature, a date and a checkbox, at their default (small) sizes. */
async function threeFieldDocument(request: APIRequestContext) {
  const owner = await apiSession(request, 'Olivia Owner');
  const id = await createDocumentWithPdf(request, owner, { type: 'others', pdf: makePdf(1) });
  const email = uniqueEmail('bob');
  const { signers } = await patchDocument(request, owner, id, {
    title: 'Phone lease',
    signers: [{ name: 'Bob Signer', email, order: 1 }],
  });
  const signerId = signers[0]?.id ?? null;
  const field = (type: FieldType, coordinateY: number, extra: Partial<DocumentField> = {}) =>
    blankField({ id: randomUUID(), type, coordinateX: 72, coordinateY, signerId, ...extra });
  await patchDocument(request, owner, id, {
    fields: [field('signature', 200), field('date', 300), field('checkbox', 400, { width: 15, height: 15 })],
  });
  const sent = await request.patch(`/api/v1/document_sign/documents/${id}/send_out`, { headers: bearer(owner) });
  expect(sent.ok(), await sent.text()).toBe(true);
  return { id, email };
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('a 3-field document is signed in at most 6 taps, every field a target of at least 44 x 44 px', async ({
    page,
  }) => {
    const { email } = await threeFieldDocument(page.request);
    await page.goto(firstLink(await waitForMail(page.request, email, /to sign/)));
    await expect(page.getByRole('heading', { level: 1, name: 'Phone lease' })).toBeVisible();

    const targets = page.locator('button[data-field-id]');
    await expect(targets).toHaveCount(3);
    for (const target of await targets.all()) {
      const box = await target.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    await expect(
      page.getByRole('button', { name: 'Signature for Bob Signer, required, page 1', exact: true }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    let taps = 0;
    const tap = async (target: Locator) => {
      await target.tap();
      taps += 1;
    };
    await tap(page.getByRole('button', { name: 'Start signing' }));
    // The signature's step is the saved-signature chooser; its quick typed signature signs at once.
    await tap(page.getByRole('dialog').getByRole('button', { name: 'Sign Now' }));
    // On to the checkbox (the date is filled with today): the bottom sheet, its control focused.
    const sheet = page.getByTestId('step-sheet');
    await expect(sheet.getByRole('checkbox', { name: 'Checkbox' })).toBeFocused();
    await page.screenshot({ path: test.info().outputPath('step-sheet-375.png') });
    await expectNoSeriousA11yViolations(page);
    await tap(sheet.getByRole('checkbox', { name: 'Checkbox' }));
    await tap(sheet.getByRole('button', { name: 'Submit' }));
    await tap(page.getByRole('dialog', { name: 'Almost done!' }).getByRole('button', { name: 'I Agree' }));
    await expect(page.getByRole('dialog', { name: 'You have signed the document' })).toBeVisible();
    console.log(`signed a 3-field document in ${taps} taps`);
    expect(taps).toBeLessThanOrEqual(6);
  });
});

test('keyboard only: Tab through the fields, Enter opens a step, Escape closes it and focus returns', async ({
  page,
}) => {
  const { email } = await threeFieldDocument(page.request);
  await page.goto(firstLink(await waitForMail(page.request, email, /to sign/)));
  await expect(page.getByRole('heading', { level: 1, name: 'Phone lease' })).toBeVisible();
  const signature = page.getByRole('button', { name: 'Signature for Bob Signer, required, page 1', exact: true });
  await signature.focus();
  await page.keyboard.press('Tab');
  const date = page.getByRole('button', { name: /^Date \(MM\/DD\/YYYY\) for Bob Signer, required, page 1$/ });
  await expect(date).toBeFocused();
  await page.keyboard.press('Tab');
  const checkbox = page.getByRole('button', { name: 'Checkbox for Bob Signer, required, page 1', exact: true });
  await expect(checkbox).toBeFocused();
  await page.keyboard.press('Enter');
  const sheet = page.getByTestId('step-sheet');
  await expect(sheet.getByRole('checkbox', { name: 'Checkbox' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(sheet.getByRole('checkbox', { name: 'Checkbox' })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(checkbox).toBeFocused();
  // The signature by keyboard: Enter opens the chooser, Enter on 'Sign Now' signs.
  await signature.focus();
  await page.keyboard.press('Enter');
  const chooser = page.getByRole('dialog');
  await chooser.getByRole('button', { name: 'Sign Now' }).focus();
  await page.keyboard.press('Enter');
  await expect(signature).toHaveAttribute('data-signed', 'true');
  await page.getByRole('button', { name: 'Submit' }).first().focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Almost done!' }).getByRole('button', { name: 'I Agree' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'You have signed the document' })).toBeVisible();
});
