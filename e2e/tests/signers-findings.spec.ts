import { randomUUID } from 'node:crypto';
import { blankField } from '@esign/shared';
import { expect, type Page, test } from '@playwright/test';
import { firstLink, uniqueEmail, waitForMail } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import {
  apiSession,
  bearer,
  createDocumentWithPdf,
  patchDocument,
  sendDocument,
  useSession,
} from '../support/documents.js';
import { makePdf } from '../support/pdf.js';

// Issue 26's findings in a real browser: the editor's traps and what the signer sees.
test.setTimeout(120_000);

const fields = (page: Page) => page.getByTestId('editor-field');
const pageBox = (page: Page, pageNumber: number) =>
  page.locator(`[data-testid="editor-page"][data-page-number="${pageNumber}"]`);

async function openEditor(page: Page, documentId: string) {
  await page.goto(`/documents/${documentId}/edit`);
  await expect(pageBox(page, 1).locator('canvas')).toBeVisible();
  await expect(page.getByText(/Loading pages/)).toHaveCount(0, { timeout: 20_000 });
}

test("a preparer's text moves when dragged from its middle, Ctrl+Z undoes the move, and it shows in full", async ({
  page,
}) => {
  // Cause: the text field was an input filling the box, so a press in its middle focused it instead of starting a
  // drag (the field moved only by its 1 px border) and the next Ctrl+Z went to the input; the input also cut the
  // text at the box's edge, while the seal stamps it in full.
  const session = await apiSession(page.request);
  const id = await createDocumentWithPdf(page.request, session, { type: 'me', pdf: makePdf(1) });
  const { signers } = await patchDocument(page.request, session, id, { signers: [] });
  const me = signers.find((signer) => signer.isPreparer);
  const text = blankField({
    id: randomUUID(),
    type: 'text',
    coordinateX: 100,
    coordinateY: 100,
    signerId: me?.id ?? null,
  });
  await patchDocument(page.request, session, id, { fields: [text] });
  await useSession(page, session);
  await openEditor(page, id);

  const field = page.locator('[data-field-type="text"]');
  await field.click();
  const input = field.getByRole('textbox', { name: 'Text' });
  await expect(input).toBeFocused();
  await input.fill('Approved by Alice');
  await input.press('Enter');
  // Shown in full, past the box's edge, as the seal stamps it.
  const shown = field.getByTestId('field-text');
  await expect(shown).toHaveText('Approved by Alice');
  const boxWidth = (await field.boundingBox())?.width ?? 0;
  expect((await shown.boundingBox())?.width ?? 0).toBeGreaterThan(boxWidth);

  const start = await field.boundingBox();
  if (!start) throw new Error('no box');
  const middle = { x: start.x + start.width / 2, y: start.y + start.height / 2 };
  await page.mouse.move(middle.x, middle.y);
  await page.mouse.down();
  for (let step = 1; step <= 8; step++) await page.mouse.move(middle.x + step * 10, middle.y + step * 5);
  await page.mouse.up();
  await expect.poll(async () => Math.round((await field.boundingBox())?.x ?? 0) - Math.round(start.x)).toBe(80);
  await expect(field.getByRole('textbox')).toHaveCount(0);

  await page.keyboard.press('Control+Z');
  await expect.poll(async () => (await field.boundingBox())?.x).toBeCloseTo(start.x, 0);
  // Ctrl+Y redoes (Windows and Linux), as Ctrl+Shift+Z does.
  await page.keyboard.press('Control+Y');
  await expect.poll(async () => Math.round((await field.boundingBox())?.x ?? 0) - Math.round(start.x)).toBe(80);
  await expect(shown).toHaveText('Approved by Alice');
  await page.screenshot({ path: test.info().outputPath('text-in-full.png') });
});

test('deleting fields just before closing the tab still saves them, through a keep-alive request on pagehide', async ({
  browser,
}) => {
  // Cause: the auto-save waits up to 3 s between saves and leaving only started an ordinary save, which the
  // closing tab cancelled: fields deleted in the last seconds came back after a reload.
  const context = await browser.newContext();
  const page = await context.newPage();
  const session = await apiSession(page.request);
  const id = await createDocumentWithPdf(page.request, session, { type: 'others', pdf: makePdf(1) });
  const { signers } = await patchDocument(page.request, session, id, {
    signers: [{ name: 'Bob Signer', email: uniqueEmail('bob'), order: 1 }],
  });
  const bob = signers[0]?.id ?? null;
  const five = Array.from({ length: 5 }, (_, index) =>
    blankField({ id: randomUUID(), type: 'signature', coordinateX: 72, coordinateY: 80 + index * 60, signerId: bob }),
  );
  await patchDocument(page.request, session, id, { fields: five });
  await useSession(page, session);
  await openEditor(page, id);
  await expect(fields(page)).toHaveCount(5);

  for (let index = 0; index < 5; index++) {
    await fields(page).first().click();
    await page.keyboard.press('Delete');
    await expect(fields(page)).toHaveCount(4 - index);
  }
  // Closed before the auto-save's next 3 s slot: only the keep-alive request can carry the last deletions.
  await page.close({ runBeforeUnload: true });

  await expect
    .poll(
      async () => {
        const answer = await context.request.get(`/api/v1/documents/${id}`, { headers: bearer(session) });
        return ((await answer.json()) as { fields: unknown[] }).fields.length;
      },
      { timeout: 10_000 },
    )
    .toBe(0);
  await context.close();
});

test("the sender is taken to their unsigned field ('Click to sign'), and a field dropped on another is set beside it", async ({
  page,
}) => {
  // Cause: the sender's own fields were signed by a double-click nothing mentioned and the send error named no
  // field; a field dropped onto another piled up on it.
  const session = await apiSession(page.request);
  const id = await createDocumentWithPdf(page.request, session, { type: 'me_and_other', pdf: makePdf(2) });
  await patchDocument(page.request, session, id, {
    signers: [{ name: 'Bob Signer', email: uniqueEmail('bob'), order: 1 }],
  });
  await useSession(page, session);
  await openEditor(page, id);
  const fieldsBar = page.getByRole('navigation', { name: 'Fields' });

  // A signature for Bob, dropped; then a text dropped on top of it moves just below it.
  await fieldsBar.getByRole('button', { name: 'Signature' }).dragTo(pageBox(page, 1), {
    targetPosition: { x: 200, y: 200 },
  });
  await page
    .getByRole('dialog', { name: 'Who fills this out?' })
    .getByRole('radio', { name: /Bob Signer/ })
    .check();
  await fieldsBar.getByRole('button', { name: 'Text' }).dragTo(pageBox(page, 1), {
    targetPosition: { x: 200, y: 200 },
  });
  await expect(fields(page)).toHaveCount(2);
  const signatureBox = await page.locator('[data-field-type="signature"]').boundingBox();
  const textBox = await page.locator('[data-field-type="text"]').boundingBox();
  if (!signatureBox || !textBox) throw new Error('no boxes');
  expect(textBox.y).toBeGreaterThanOrEqual(signatureBox.y + signatureBox.height);
  // The new field went to the signer chosen last.
  await expect(page.getByRole('textbox', { name: 'Assigned To' })).toHaveValue(/Bob Signer/);

  // The sender's own signature, lower on page 2; then the sender scrolls back up and sends.
  const popup = page.getByRole('dialog', { name: 'Who fills this out?' });
  await page.getByTestId('editor-scroll').evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await fieldsBar.getByRole('button', { name: 'Signature' }).click();
  await popup.getByRole('radio', { name: 'Me (Now)' }).check();
  const mine = page.locator('[data-field-type="signature"]').last();
  await expect(mine).toHaveText('Click to sign');
  await page.getByTestId('editor-scroll').evaluate((element) => {
    element.scrollTop = 0;
  });
  await page.locator('[data-field-type="text"]').click();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('sending-errors')).toContainText('Sign every required field assigned to you');
  await page.getByRole('button', { name: 'OK' }).click();
  // Taken to it: selected and in view.
  await expect(mine).toHaveAttribute('data-selected', 'true');
  await expect(mine).toBeInViewport();
  await mine.click();
  await expect(page.getByRole('dialog', { name: 'Sign Now' })).toBeVisible();
});

test("the next signer sees the sender's value read-only, and the last signer is told it is complete and downloads it", async ({
  page,
}) => {
  // Cause: the signer call blanked every value but the signer's own, so the sender's text showed as an empty box;
  // the post-sign modal said 'once all signers have signed' to the last signer too.
  const owner = await apiSession(page.request, 'Alice Sender');
  const bob = { name: 'Bob Signer', email: uniqueEmail('bob') };
  await sendDocument(page.request, owner, { type: 'me_and_other', others: [bob] });
  const invitation = await waitForMail(page.request, bob.email, /to sign/);
  await page.goto(firstLink(invitation));
  // The sender's text ('Alice Sender'), read-only.
  const given = page.locator('[data-given="true"]');
  await expect(given).toHaveText('Alice Sender');
  await expect(given.getByRole('textbox')).toHaveCount(0);

  const field = page.locator('button[data-field-id]').first();
  await field.click();
  const chooser = page.getByRole('dialog');
  await chooser.getByRole('button', { name: 'Sign Now' }).click();
  await expect(field).toHaveAttribute('data-signed', 'true');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('dialog', { name: 'Almost done!' }).getByRole('button', { name: 'I Agree' }).click();
  const done = page.getByRole('dialog', { name: 'You have signed the document' });
  await expect(done).toContainText('Everyone has signed: the document is complete.');
  // The download comes as soon as the seal is stored, without a reload.
  await expect(done.getByRole('link', { name: 'Download' })).toBeVisible({ timeout: 60_000 });
});

test.describe('a signing link that no longer opens, on a phone in German', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'de-DE' });

  test("says the link is no longer valid and whom to ask: the sender's name only for the real old link", async ({
    page,
  }) => {
    // Cause: every link that did not open (replaced by Edit & Resend, made up, of an unknown document) sent the
    // signer, who has no account, to '/', the bare log-in page, with no word of why or whom to ask.
    const owner = await apiSession(page.request, 'Olivia Owner');
    const email = uniqueEmail('bob');
    const { id, headers } = await sendDocument(page.request, owner, {
      type: 'others',
      others: [{ name: 'Bob Signer', email }],
      title: 'Secret merger terms',
    });
    const oldLink = firstLink(await waitForMail(page.request, email, /Secret merger terms/));
    // Edit & Resend: the document goes back to draft and the mailed link stops working.
    expect((await page.request.patch(`/api/v1/documents/${id}/revert`, { headers })).ok()).toBe(true);

    await page.goto(oldLink);
    const notValid = page.getByTestId('link-not-valid');
    await expect(notValid.getByRole('heading', { level: 1, name: 'Dieser Link ist nicht mehr gültig' })).toBeVisible();
    await expect(notValid).toContainText('Bitte fragen Sie den Absender, Olivia Owner, nach einem neuen Link.');
    // Nothing else of the document: not its title, not the signer's e-mail, no log-in form.
    await expect(page.getByText('Secret merger terms')).toHaveCount(0);
    await expect(page.getByText(email)).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: /Passwort/ })).toHaveCount(0);
    await expect(page).toHaveURL(/\/sign/);
    await page.screenshot({ path: test.info().outputPath('link-not-valid-de-375.png') });
    await expectNoSeriousA11yViolations(page);

    // A made-up token of that document, and any token of an unknown document: the general page, no name.
    for (const url of [
      `/documents/${id}/sign?signAccessToken=made-up-token`,
      `/documents/${randomUUID()}/sign?signAccessToken=${new URL(oldLink).searchParams.get('signAccessToken')}`,
      `/documents/not-a-document/sign`,
    ]) {
      await page.goto(url);
      await expect(
        notValid.getByRole('heading', { level: 1, name: 'Dieser Link ist nicht mehr gültig' }),
      ).toBeVisible();
      await expect(notValid).toContainText('Bitten Sie die Person, die Ihnen das Dokument gesendet hat');
      await expect(notValid).not.toContainText('Olivia Owner');
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: test.info().outputPath('link-not-valid-de-1280.png') });
  });
});
