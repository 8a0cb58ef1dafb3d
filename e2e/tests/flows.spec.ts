import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { firstLink, logInNewUser, uniqueEmail, waitForMail } from '../support/accounts.js';

/**
 * The three flows of issue 4, each from the prepare form to the success modal, through the UI only; the mail
 * outbox (/api/v1/dev/mail) is the one thing read behind the page's back.
 */

/** The shared real-world corpus, read in place. */
const corpus = (path: string) => join(import.meta.dirname, '../../../shared/fixtures/real-world', path);
const PDF = corpus('pdf/pdf20_latex_2p.pdf');

// Conversion runs through the job queue, and sending through the mail jobs; a cold server takes a while.
test.setTimeout(180_000);

/** Uploads the PDF on the prepare form, waits for its conversion and opens the editor; returns the document id. */
async function uploadAndPrepare(page: Page): Promise<string> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload File' }).click();
  await (await chooser).setFiles([PDF]);
  const prepare = page.getByRole('button', { name: 'Prepare Doc for Signing' });
  await expect(prepare).toBeEnabled({ timeout: 90_000 });
  await prepare.click();
  await page.waitForURL(/\/documents\/[0-9a-f-]{36}\/edit$/);
  const documentId = page.url().match(/\/documents\/([0-9a-f-]{36})\/edit$/)?.[1];
  if (!documentId) throw new Error(`no document id in ${page.url()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Prepare for Signing' })).toBeVisible();
  await expect(page.locator('[data-testid="editor-page"][data-page-number="1"] canvas')).toBeVisible({
    timeout: 30_000,
  });
  return documentId;
}

/**
 * Drags a field of a type from the Fields bar onto page 1 at `at` (px from the page's top left, each field its own
 * place) and assigns it with the panel's 'Assigned To' select.
 */
async function addField(page: Page, type: 'Signature' | 'Text', assignee: string, at: { x: number; y: number }) {
  const fields = page.getByTestId('editor-field');
  const before = await fields.count();
  await page
    .getByRole('navigation', { name: 'Fields' })
    .getByRole('button', { name: type, exact: true })
    .dragTo(page.locator('[data-testid="editor-page"][data-page-number="1"]'), { targetPosition: at });
  await expect(fields).toHaveCount(before + 1);
  const added = fields.nth(before);
  await page.getByRole('textbox', { name: 'Assigned To' }).click();
  await page.getByRole('option', { name: assignee }).click();
  // The choice reads as the spec words it: 'Me (now)', or another signer marked '(Send via email)'.
  await expect(page.getByRole('textbox', { name: 'Assigned To' })).toHaveValue(
    assignee === 'Me (now)' ? assignee : `${assignee} (Send via email)`,
  );
  // The 'Who fills this out?' popup agrees; close it so it covers nothing.
  const popup = page.getByRole('dialog', { name: 'Who fills this out?' });
  if (await popup.isVisible()) await popup.getByRole('button', { name: 'Close' }).click();
  return added;
}

/** Send, then the success modal; its screenshot is kept with the test's output. */
async function sendAndExpectSuccess(page: Page, screenshot: string) {
  await page.getByRole('button', { name: 'Send' }).click();
  const sent = page.getByRole('dialog', { name: 'Thanks for sending your document' });
  await expect(sent).toBeVisible({ timeout: 30_000 });
  await expect(sent.getByRole('link', { name: 'Back to Documents' })).toHaveAttribute('href', '/documents');
  // Transitions finished at once, so the picture shows the modal as it settles.
  await page.screenshot({ path: test.info().outputPath(screenshot), animations: 'disabled' });
  return sent;
}

/** The signer's invitation is in the outbox and its link opens the signer page at 'Start signing'. */
async function expectInvitationWorks(page: Page, documentId: string, email: string, title: string) {
  const mail = await waitForMail(page.request, email, /to sign/);
  expect(mail.subject).toContain(title);
  const link = firstLink(mail);
  expect(link).toMatch(new RegExp(`/documents/${documentId}/sign\\?signAccessToken=`));
  const signerPage = await page.context().browser()?.newPage();
  if (!signerPage) throw new Error('no browser');
  try {
    await signerPage.goto(link);
    await expect(signerPage.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 30_000 });
    await expect(signerPage.getByRole('button', { name: 'Start signing' })).toBeVisible();
  } finally {
    await signerPage.close();
  }
}

const signerOption = (name: string, email: string) => `${name} (${email})`;

test('Only Others: two signers, a signature each, sent; both invitations open the signer page', async ({ page }) => {
  await logInNewUser(page);
  await page.goto('/only-others');
  await expect(page.getByRole('heading', { level: 1, name: 'Prepare your document for signing' })).toBeVisible();
  const title = 'Supply contract';
  const bob = { name: 'Bob Stone', email: uniqueEmail('bob') };
  const carol = { name: 'Carol King', email: uniqueEmail('carol') };
  await page.getByLabel('Document title').fill(title);
  const rows = page.getByTestId('signer-row');
  await expect(rows).toHaveCount(2);
  await rows.nth(0).getByLabel('Name').fill(bob.name);
  await rows.nth(0).getByLabel('Email').fill(bob.email);
  await rows.nth(1).getByLabel('Name').fill(carol.name);
  await rows.nth(1).getByLabel('Email').fill(carol.email);

  const documentId = await uploadAndPrepare(page);
  await addField(page, 'Signature', signerOption(bob.name, bob.email), { x: 200, y: 150 });
  await addField(page, 'Signature', signerOption(carol.name, carol.email), { x: 500, y: 150 });
  await expect(page.locator('[data-field-type="signature"]')).toHaveCount(2);

  await sendAndExpectSuccess(page, 'only-others-sent.png');
  await expectInvitationWorks(page, documentId, bob.email, title);
  await expectInvitationWorks(page, documentId, carol.email, title);
});

test('Me & Others: the preparer types their text, one other signer signs; the invitation opens the signer page', async ({
  page,
}) => {
  const user = await logInNewUser(page);
  await page.goto('/me-and-others');
  await expect(page.getByLabel('Email').first()).toHaveValue(user.email);
  const title = 'Lease agreement';
  const bob = { name: 'Bob Stone', email: uniqueEmail('bob') };
  await page.getByLabel('Document title').fill(title);
  const rows = page.getByTestId('signer-row');
  await rows.nth(0).getByLabel('Name').fill(bob.name);
  await rows.nth(0).getByLabel('Email').fill(bob.email);
  // Only one other signer: the trailing empty row is dropped when saving.
  await expect(rows.nth(1).getByLabel('Name')).toHaveValue('');

  const documentId = await uploadAndPrepare(page);
  const myTextField = await addField(page, 'Text', 'Me (now)', { x: 200, y: 150 });
  await expect(page.getByText('Attention! You have chosen Me (Now) signer.').first()).toBeVisible();
  // A click (not a drag) on the preparer's text opens its input.
  await myTextField.click();
  const myText = myTextField.getByRole('textbox', { name: 'Text' });
  await myText.fill('Grace Hopper, landlord');
  await myText.press('Enter');
  await addField(page, 'Signature', signerOption(bob.name, bob.email), { x: 500, y: 150 });
  await expect(myTextField).toHaveText('Grace Hopper, landlord');

  await sendAndExpectSuccess(page, 'me-and-others-sent.png');
  await expectInvitationWorks(page, documentId, bob.email, title);
});

test('Only Me: the preparer types a text, signs with a typed signature, and Send completes the document', async ({
  page,
}) => {
  await logInNewUser(page, 'Ada Lovelace');
  await page.goto('/only-me');
  await expect(page.getByRole('heading', { level: 1, name: 'Prepare your document for signing' })).toBeVisible();
  await page.getByLabel('Document title').fill('Personal statement');

  await uploadAndPrepare(page);
  const myTextField = await addField(page, 'Text', 'Me (now)', { x: 200, y: 150 });
  await myTextField.click();
  const myText = myTextField.getByRole('textbox', { name: 'Text' });
  await myText.fill('I agree');
  await myText.press('Enter');

  const signature = await addField(page, 'Signature', 'Me (now)', { x: 500, y: 150 });
  await expect(signature).toHaveText('Click to sign');
  await signature.click();
  // Nothing saved yet: the chooser offers the quick typed signature made from the user's name.
  const chooser = page.getByRole('dialog', { name: 'Sign Now' });
  await expect(chooser).toBeVisible();
  await expect(chooser.getByText('We created a signature for you')).toBeVisible();
  await expect(chooser.getByRole('textbox', { name: 'Your signature' })).toHaveValue('Ada Lovelace');
  // The preparer agrees to the electronic-signature consent here: the certificate quotes it (issue 34 item 3).
  const signNow = chooser.getByRole('button', { name: 'Sign Now' });
  await expect(signNow).toBeDisabled();
  await chooser.getByRole('checkbox', { name: /Electronic Signature Disclosure and Consent/ }).check();
  await signNow.click();
  await expect(chooser).toBeHidden();
  await expect(signature.getByRole('img', { name: 'Signature' })).toBeVisible();
  await expect(myTextField).toHaveText('I agree');
  await page.screenshot({ path: test.info().outputPath('only-me-signed.png') });

  const sent = await sendAndExpectSuccess(page, 'only-me-sent.png');
  // Only Me completes at once: the sealed file is ready to download, and the list shows it completed.
  await expect(sent.getByRole('button', { name: 'Download' })).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: test.info().outputPath('only-me-completed.png'), animations: 'disabled' });
  await sent.getByRole('link', { name: 'Back to Documents' }).click();
  await expect(page).toHaveURL(/\/documents$/);
  await expect(page.getByRole('row').filter({ hasText: 'Personal statement' })).toContainText('Completed');
});
