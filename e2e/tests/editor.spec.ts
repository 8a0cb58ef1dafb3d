import { expect, type Page, test } from '@playwright/test';
import { apiSession, createDocumentWithPdf, patchDocument, useSession } from '../support/documents.js';
import { makePdf } from '../support/pdf.js';

// Conversion runs through the job queue; a cold server takes a while.
test.setTimeout(120_000);

const fields = (page: Page) => page.getByTestId('editor-field');
const pageBox = (page: Page, pageNumber: number) =>
  page.locator(`[data-testid="editor-page"][data-page-number="${pageNumber}"]`);

async function openEditor(page: Page, type: 'me' | 'me_and_other' | 'others' = 'others') {
  const session = await apiSession(page.request);
  const documentId = await createDocumentWithPdf(page.request, session, { type, pdf: makePdf(3) });
  // Saving the signer list adds the preparer ('Me (Now)') of an Only Me document.
  if (type === 'me') await patchDocument(page.request, session, documentId, { signers: [] });
  await useSession(page, session);
  await page.goto(`/documents/${documentId}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Prepare for Signing' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pages (3)' })).toBeVisible();
  // Page 1 is drawn by pdf.js.
  await expect(pageBox(page, 1).locator('canvas')).toBeVisible();
  await expect(page.getByText(/Loading pages/)).toHaveCount(0, { timeout: 20_000 });
  return { session, documentId };
}

test('fields are added by click and by drag, moved, undone and redone, copied and pasted, and zoomed', async ({
  page,
}) => {
  await openEditor(page);
  const fieldsBar = page.getByRole('navigation', { name: 'Fields' });

  // A click adds the field on the most central visible page.
  await fieldsBar.getByRole('button', { name: 'Signature' }).click();
  await expect(fields(page)).toHaveCount(1);
  await expect(fields(page).first()).toHaveAttribute('data-field-type', 'signature');
  await expect(page.getByRole('textbox', { name: 'Assigned To' })).toBeVisible();

  // A drag drops the field where it is let go.
  await fieldsBar.getByRole('button', { name: 'Checkbox' }).dragTo(pageBox(page, 1), {
    targetPosition: { x: 120, y: 120 },
  });
  await expect(fields(page)).toHaveCount(2);
  const checkbox = page.locator('[data-field-type="checkbox"]');
  const dropped = await checkbox.boundingBox();
  const pageAt = await pageBox(page, 1).boundingBox();
  if (!dropped || !pageAt) throw new Error('no boxes');
  // Centred on the drop point (default checkbox size 25 pt at 752/612 px per pt).
  expect(Math.round(dropped.x + dropped.width / 2 - pageAt.x)).toBeGreaterThanOrEqual(118);
  expect(Math.round(dropped.x + dropped.width / 2 - pageAt.x)).toBeLessThanOrEqual(122);

  // Move the checkbox by 100 px: one history entry.
  await page.mouse.move(dropped.x + 5, dropped.y + 5);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) await page.mouse.move(dropped.x + 5 + step * 10, dropped.y + 5 + step * 5);
  await page.mouse.up();
  const moved = await checkbox.boundingBox();
  expect(Math.round((moved?.x ?? 0) - dropped.x)).toBe(100);

  // Escape during a drag puts the field back.
  await page.mouse.move((moved?.x ?? 0) + 5, (moved?.y ?? 0) + 5);
  await page.mouse.down();
  await page.mouse.move((moved?.x ?? 0) + 80, (moved?.y ?? 0) + 80);
  await page.keyboard.press('Escape');
  await page.mouse.up();
  expect(await checkbox.boundingBox()).toEqual(moved);

  // Undo the move (Prev), then redo it (Ctrl+Shift+Z).
  await page.getByRole('button', { name: 'Prev' }).click();
  await expect.poll(async () => (await checkbox.boundingBox())?.x).toBeCloseTo(dropped.x, 0);
  await page.keyboard.press('Control+Shift+Z');
  await expect.poll(async () => (await checkbox.boundingBox())?.x).toBeCloseTo(moved?.x ?? 0, 0);
  // Undo the drop itself, and redo it with Next.
  await page.keyboard.press('Control+Z');
  await page.keyboard.press('Control+Z');
  await expect(fields(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(fields(page)).toHaveCount(2);

  // Copy and paste the selected field (Ctrl+C, Ctrl+V), then delete the copy with Delete.
  await fields(page).first().click();
  await page.keyboard.press('Control+C');
  await page.keyboard.press('Control+V');
  await expect(fields(page)).toHaveCount(3);
  await page.getByRole('button', { name: 'Paste' }).click();
  await expect(fields(page)).toHaveCount(4);
  await page.keyboard.press('Delete');
  await expect(fields(page)).toHaveCount(3);

  // The editor opened at the largest zoom that fits its 720 px viewer (90%); zoom in: 752 px wide at 100%.
  await expect(page.getByTestId('editor-zoom')).toHaveText('90%');
  expect((await pageBox(page, 1).boundingBox())?.width).toBeCloseTo(676.8, 0);
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(page.getByTestId('editor-zoom')).toHaveText('100%');
  await expect.poll(async () => (await pageBox(page, 1).boundingBox())?.width).toBe(752);
  await page.screenshot({ path: test.info().outputPath('editor.png') });
});

test('a Me & Others document: checks shown, fields assigned and auto-saved, kept after a reload, then sent', async ({
  page,
}) => {
  const session = await apiSession(page.request);
  const documentId = await createDocumentWithPdf(page.request, session, { type: 'me_and_other', pdf: makePdf(2) });
  await patchDocument(page.request, session, documentId, {
    title: 'Lease',
    signers: [{ name: 'Bob Signer', email: 'bob@example.com', isPreparer: false, order: 1 }],
  });
  await useSession(page, session);
  await page.goto(`/documents/${documentId}/edit`);
  await expect(pageBox(page, 1).locator('canvas')).toBeVisible();

  // Sending without fields lists the failing checks and sends nothing.
  await page.getByRole('button', { name: 'Send' }).click();
  const errors = page.getByTestId('sending-errors');
  await expect(errors).toContainText('Document must have at least one field');
  await page.getByRole('button', { name: 'OK' }).click();

  // A signature for Bob.
  const fieldsBar = page.getByRole('navigation', { name: 'Fields' });
  await fieldsBar.getByRole('button', { name: 'Signature' }).click();
  const popup = page.getByRole('dialog', { name: 'Who fills this out?' });
  await popup.getByRole('radio', { name: /Bob Signer/ }).check();
  // A date for the preparer ('Me (Now)'): filled with today's date.
  await fieldsBar.getByRole('button', { name: 'Date' }).click();
  await popup.getByRole('radio', { name: 'Me (Now)' }).check();
  await expect(page.getByText('Attention! You have chosen Me (Now) signer.').first()).toBeVisible();
  const today = new Date();
  const expected = `${String(today.getMonth() + 1).padStart(2, '0')}/${String(today.getDate()).padStart(2, '0')}/${today.getFullYear()}`;
  await expect(page.locator('[data-field-type="date"]')).toHaveText(expected);

  // Auto-save: the server has both fields, and a reload shows them.
  await expect
    .poll(async () => {
      const answer = await page.request.get(`/api/v1/documents/${documentId}`, {
        headers: { Authorization: `Bearer ${session.accessToken}` },
      });
      return ((await answer.json()) as { fields: unknown[] }).fields.length;
    })
    .toBe(2);
  await page.reload();
  await expect(fields(page)).toHaveCount(2);
  await expect(page.locator('[data-field-type="date"]')).toHaveText(expected);

  await page.getByRole('button', { name: 'Send' }).click();
  const sent = page.getByRole('dialog', { name: 'Thanks for sending your document' });
  await expect(sent).toBeVisible({ timeout: 20_000 });
  await expect(sent.getByText('Save a copy of your document')).toBeVisible();
  await expect(sent.getByRole('button', { name: 'Download' })).toBeVisible();
  await expect(sent.getByRole('link', { name: 'Back to Documents' })).toHaveAttribute('href', '/documents');
  await page.screenshot({ path: test.info().outputPath('sent.png') });
});

test("Only Me: a click on the preparer's signature ('Click to sign') opens the saved-signature chooser", async ({
  page,
}) => {
  await openEditor(page, 'me');
  await page.getByRole('navigation', { name: 'Fields' }).getByRole('button', { name: 'Signature' }).click();
  // On an Only Me document new fields belong to the preparer.
  await expect(page.getByText('Attention! You have chosen Me (Now) signer.').first()).toBeVisible();
  await expect(page.locator('[data-field-type="signature"]')).toHaveText('Click to sign');
  await page.locator('[data-field-type="signature"]').click();
  await expect(page.getByRole('dialog', { name: 'Sign Now' })).toBeVisible();
});

test('opened straight at the editor, page 1 shows in the editor frame before the app starts, and the editor takes it over in place', async ({
  page,
}) => {
  const session = await apiSession(page.request);
  const documentId = await createDocumentWithPdf(page.request, session, { type: 'others', pdf: makePdf(3) });
  await useSession(page, session);
  const earlyPage = page.locator('#early-page');
  // The app's code is held back until the early page is on screen, whatever the machine's speed.
  let earlyBox: { x: number; y: number; width: number; height: number } | null = null;
  await page.route(/\/assets\/boot-[^/]+\.js$/, async (route) => {
    await earlyPage.locator('canvas').waitFor();
    earlyBox = await earlyPage.locator('canvas').boundingBox();
    await route.continue();
  });
  await page.goto(`/documents/${documentId}/edit`);

  await expect(page.getByRole('heading', { level: 1, name: 'Prepare for Signing' })).toBeVisible();
  await expect(earlyPage).toHaveCount(0);
  const editorCanvas = pageBox(page, 1).locator('canvas');
  // Exactly where the editor draws its page 1, which it copied from the early drawing.
  expect(earlyBox).not.toBeNull();
  expect(await editorCanvas.boundingBox()).toEqual(earlyBox);
  const inkedPixels = await editorCanvas.evaluate((canvas: HTMLCanvasElement) => {
    const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
    let count = 0;
    for (let index = 0; index < pixels.length; index += 4) if ((pixels[index] ?? 255) < 128) count++;
    return count;
  });
  expect(inkedPixels).toBeGreaterThan(100);
});

test("the field popup closes on Escape and stays whole at the page's right edge; the preparer's signature is selected by a first tap", async ({
  page,
}) => {
  // Cause: Escape was no key of the popup; and a tap on the preparer's own signature opened 'Sign Now' even when
  // the tap was only meant to select the field to move or resize it.
  await openEditor(page, 'me');
  const fieldsBar = page.getByRole('navigation', { name: 'Fields' });
  await fieldsBar.getByRole('button', { name: 'Signature' }).click();
  const popup = page.getByRole('dialog', { name: 'Who fills this out?' });
  await expect(popup).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);

  // Moved to the page's right edge and selected again: its popup is whole, inside the viewer.
  const signature = page.locator('[data-field-type="signature"]');
  const start = await signature.boundingBox();
  const pageAt = await pageBox(page, 1).boundingBox();
  if (!start || !pageAt) throw new Error('no boxes');
  await page.mouse.move(start.x + 5, start.y + 5);
  await page.mouse.down();
  await page.mouse.move(pageAt.x + pageAt.width - 5, start.y + 5, { steps: 10 });
  await page.mouse.up();
  await pageBox(page, 1).click({ position: { x: 20, y: pageAt.height / 2 } });
  await expect(signature).not.toHaveAttribute('data-selected', 'true');
  await signature.click();
  // The first tap selects (the popup and the resize handle), it does not open 'Sign Now'.
  await expect(signature).toHaveAttribute('data-selected', 'true');
  await expect(popup).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Sign Now' })).toHaveCount(0);
  const viewer = await page.getByTestId('editor-scroll').boundingBox();
  const shown = await popup.boundingBox();
  if (!viewer || !shown) throw new Error('no boxes');
  expect(shown.x + shown.width).toBeLessThanOrEqual(viewer.x + viewer.width);
  expect(await popup.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('editor-popup-right-edge.png') });

  // Resizing it by its handle opens nothing either; a tap on the selected field opens the chooser.
  const before = await signature.boundingBox();
  if (!before) throw new Error('no box');
  await page.mouse.move(before.x + before.width - 3, before.y + before.height - 3);
  await page.mouse.down();
  await page.mouse.move(before.x + before.width - 23, before.y + before.height + 20, { steps: 5 });
  await page.mouse.up();
  expect((await signature.boundingBox())?.height).toBeGreaterThan(before.height);
  await expect(page.getByRole('dialog', { name: 'Sign Now' })).toHaveCount(0);
  await signature.click();
  await expect(page.getByRole('dialog', { name: 'Sign Now' })).toBeVisible();
});
