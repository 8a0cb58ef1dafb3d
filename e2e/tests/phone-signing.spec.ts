import { randomUUID } from 'node:crypto';
import { blankField, type DocumentField, type FieldType } from '@esign/shared';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import de from '../../packages/shared/src/i18n/de.js';
import { en } from '../../packages/shared/src/i18n/en.js';
import { firstLink, uniqueEmail, waitForMail } from '../support/accounts.js';
import { expectNoSeriousA11yViolations, waitForTransitions } from '../support/axe.js';
import { apiSession, bearer, createDocumentWithPdf, patchDocument } from '../support/documents.js';
import { makePdf, ONE_PIXEL_PNG } from '../support/pdf.js';

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

/** Every control one can tap: buttons, links, inputs, checkboxes, tabs, menu items. */
const TAPPABLE =
  'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="checkbox"], [role="menuitem"], [role="radio"]';

/** Every visible control matching `tappable` under 44 x 44 CSS px. */
async function smallTargets(page: Page, tappable = TAPPABLE): Promise<string[]> {
  return page.evaluate((tappable) => {
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(tappable))) {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || style.pointerEvents === 'none') {
        continue;
      }
      // A hair under 44 is layout rounding, not a smaller target.
      if (box.width < 43.5 || box.height < 43.5) {
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? element.tagName;
        found.push(`${element.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }
    return found;
  }, tappable);
}

/** The page's every tappable control is at least 44 x 44 (a soft check: the journey goes on to list them all). */
async function expectTouchTargets(page: Page, state: string) {
  await waitForTransitions(page);
  expect.soft(await smallTargets(page), `targets under 44 x 44 px: ${state}`).toEqual([]);
}

/**
 * The signer's whole journey at 375 px, measuring every tappable control in each state (issue 34): the page,
 * the quick sign, the signature modal's three tabs (an image chosen too), the step sheet, the returning signer's
 * saved-signature list and its menu, 'Almost done!' and the post-sign modal with Download and Print; axe on each
 * modal. `texts`: the catalogue of the browser's language, so the same walk runs in English and in German.
 */
async function walkSignerJourney(page: Page, texts: typeof en | typeof de, language: string) {
  const { email } = await threeFieldDocument(page.request);
  await page.goto(firstLink(await waitForMail(page.request, email, /./)));
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('button[data-field-id]')).toHaveCount(3);
  await expectTouchTargets(page, 'the signer page');
  await page.screenshot({ path: test.info().outputPath(`signer-${language}-375.png`) });

  await page.getByRole('button', { name: texts.signing.startSigning }).tap();
  const chooser = page.getByRole('dialog', { name: texts.requisites.signNow });
  await expect(chooser.getByRole('textbox', { name: texts.requisites.quickSignText })).toBeVisible();
  await expectTouchTargets(page, 'the quick sign');
  await expectNoSeriousA11yViolations(page, { soft: true });

  await chooser.getByRole('button', { name: texts.requisites.needCustom }).tap();
  const modal = page.getByRole('dialog', { name: texts.requisites.createTitle });
  await expect(modal.getByRole('tab', { name: texts.requisites.typeTab })).toBeVisible();
  await expectTouchTargets(page, 'the signature modal, typed');
  await expectNoSeriousA11yViolations(page, { soft: true });
  await modal.getByRole('tab', { name: texts.requisites.drawTab }).tap();
  await expect(modal.getByRole('button', { name: texts.requisites.clear }).first()).toBeVisible();
  await expectTouchTargets(page, 'the signature modal, drawn');
  await modal.getByRole('tab', { name: texts.requisites.uploadTab }).tap();
  await modal.locator('input[type="file"]').first().setInputFiles({
    name: 'sign.png',
    mimeType: 'image/png',
    buffer: ONE_PIXEL_PNG,
  });
  await expect(modal.getByRole('button', { name: new RegExp(texts.requisites.replaceImage) })).toBeVisible();
  await expectTouchTargets(page, 'the signature modal, uploaded (Choose image and Replace image)');
  await page.screenshot({ path: test.info().outputPath(`signature-modal-${language}-375.png`) });
  await modal.getByRole('tab', { name: texts.requisites.typeTab }).tap();
  await modal.getByRole('checkbox', { name: texts.requisites.consent }).tap();
  await modal.getByRole('button', { name: texts.requisites.createSignature }).tap();
  // The toast is in the signer's language too ('Signature/Initial created successfully' stayed English).
  await expect(page.getByText(texts.requisites.created)).toBeVisible();

  // The signature is placed; the date is today's: the checkbox's step sheet comes next.
  const sheet = page.getByTestId('step-sheet');
  await expect(sheet.getByRole('checkbox')).toBeFocused();
  await expectTouchTargets(page, 'the step sheet');
  await expectNoSeriousA11yViolations(page, { soft: true });
  await sheet.getByRole('button', { name: texts.signing.back }).tap();

  // A returning signer: the chooser lists the saved signature with its Sign Now and menu.
  const signature = page.locator('button[data-field-id]').first();
  await signature.tap();
  const list = page.getByRole('dialog', { name: texts.requisites.chooseSignature });
  await expect(list.getByRole('button', { name: texts.requisites.signNow })).toBeVisible();
  await expectTouchTargets(page, "the returning signer's chooser");
  await expectNoSeriousA11yViolations(page, { soft: true });
  await list.getByRole('button', { name: texts.requisites.itemMenu }).tap();
  await expect(page.getByRole('menuitem', { name: texts.requisites.edit })).toBeVisible();
  await expectTouchTargets(page, "the saved signature's menu");
  await page.keyboard.press('Escape');
  await list.getByRole('button', { name: texts.requisites.signNow }).tap();

  await expect(sheet.getByRole('checkbox')).toBeVisible();
  await sheet.getByRole('checkbox').tap();
  await sheet.getByRole('button', { name: texts.signing.submit }).tap();
  const agree = page.getByRole('dialog', { name: texts.signing.almostDoneTitle });
  await expect(agree.getByRole('button', { name: texts.signing.agree })).toBeVisible();
  await expectTouchTargets(page, "'Almost done!'");
  await expectNoSeriousA11yViolations(page, { soft: true });
  await agree.getByRole('button', { name: texts.signing.agree }).tap();

  // The only signer: the document completes, and Download and Print come once it is sealed.
  const done = page.getByRole('dialog', { name: texts.signing.successTitle });
  await expect(done.getByRole('link', { name: texts.signing.download })).toBeVisible({ timeout: 60_000 });
  await expectTouchTargets(page, 'the post-sign modal');
  await expectNoSeriousA11yViolations(page, { soft: true });
  await page.screenshot({ path: test.info().outputPath(`post-sign-${language}-375.png`) });
}

for (const [language, locale, texts] of [
  ['en', 'en-US', en],
  ['de', 'de-DE', de],
] as const) {
  test.describe(`on a phone in ${locale}`, () => {
    test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale });

    test(`every tappable control of the signer's journey is at least 44 x 44 px (${language})`, async ({ page }) => {
      // Cause: the signer's buttons, links, inputs, checkboxes, tabs and modal close buttons kept Mantine's desktop
      // sizes (28 to 36 px) on a phone; only the document's own fields were made 44 x 44.
      await walkSignerJourney(page, texts, language);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('a 3-field document is signed in at most 6 taps, every field a target of at least 44 x 44 px', async ({
    page,
  }) => {
    const { email } = await threeFieldDocument(page.request);
    await page.goto(firstLink(await waitForMail(page.request, email, /to sign/)));
    await expect(page.getByRole('heading', { level: 1, name: 'Phone lease' })).toBeVisible();

    const fieldTargets = 'button[data-field-id]';
    await expect(page.locator(fieldTargets).filter({ visible: true })).toHaveCount(3);
    expect(await smallTargets(page, fieldTargets)).toEqual([]);
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
