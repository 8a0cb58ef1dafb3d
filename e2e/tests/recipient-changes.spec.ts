// Issue 36, items 4, 5 and 8: a sent document's signer corrected by the sender, reassigned by the signer, and
// signed in person on the sender's device. The signer's pages at 375 px.
import { randomUUID } from 'node:crypto';
import { blankField } from '@esign/shared';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { en } from '../../packages/shared/src/i18n/en.js';
import { firstLink, uniqueEmail, waitForMail } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import {
  type ApiSession,
  apiSession,
  bearer,
  createDocumentWithPdf,
  patchDocument,
  useSession,
} from '../support/documents.js';
import { makePdf } from '../support/pdf.js';

test.setTimeout(120_000);
const PHONE = { width: 375, height: 812 };

/** A document sent to one signer with one required text field. */
async function sentToOne(request: APIRequestContext, owner: ApiSession, signer: { name: string; email: string }) {
  const id = await createDocumentWithPdf(request, owner, { type: 'others', pdf: makePdf(1) });
  const { signers } = await patchDocument(request, owner, id, {
    title: 'Supply contract',
    signers: [{ ...signer, order: 1 }],
  });
  const signerId = signers[0]?.id ?? null;
  const field = blankField({ id: randomUUID(), type: 'text', coordinateX: 72, coordinateY: 200, signerId });
  await patchDocument(request, owner, id, { fields: [{ ...field, width: 150, height: 24 }] });
  const sent = await request.patch(`/api/v1/document_sign/documents/${id}/send_out`, { headers: bearer(owner) });
  expect(sent.ok(), await sent.text()).toBe(true);
  return id;
}

/** Fills the one text field and signs, on the signer page. */
async function fillAndSign(page: Page, text: string) {
  await page.getByRole('button', { name: en.signing.startSigning }).click();
  const sheet = page.getByTestId('step-sheet');
  await sheet.getByRole('textbox').fill(text);
  await sheet.getByRole('button', { name: en.signing.submit }).click();
  await page
    .getByRole('dialog', { name: en.signing.almostDoneTitle })
    .getByRole('button', { name: en.signing.agree })
    .click();
}

test('the sender corrects a signer: the old link dies, the new address gets its own link', async ({ page }) => {
  const owner = await apiSession(page.request, 'Olivia Owner');
  const wrong = { name: 'Wrong Person', email: uniqueEmail('wrong') };
  const id = await sentToOne(page.request, owner, wrong);
  const oldLink = firstLink(await waitForMail(page.request, wrong.email, /to sign/));
  await useSession(page, owner);
  await page.goto(`/documents/${id}/preview`);
  await page.getByRole('button', { name: 'Edit Wrong Person' }).click();
  const dialog = page.getByRole('dialog', { name: 'Correct signer' });
  const right = { name: 'Right Person', email: uniqueEmail('right') };
  await dialog.getByLabel('Name', { exact: true }).fill(right.name);
  await dialog.getByLabel('Email', { exact: true }).fill('not an address');
  await dialog.getByRole('button', { name: 'Save and send new invitation' }).click();
  await expect(dialog.getByText('Invalid email')).toBeVisible();
  await dialog.getByLabel('Email', { exact: true }).fill(right.email);
  await expectNoSeriousA11yViolations(page, { soft: true });
  await dialog.getByRole('button', { name: 'Save and send new invitation' }).click();
  await expect(page.getByText('Signer updated. A new invitation is on its way.')).toBeVisible();
  await expect(page.getByText(`${right.name} (${right.email})`).first()).toBeVisible();
  await expect(page.getByText('SIGNER CORRECTED')).toBeVisible();
  await expect(page.getByText(`From ${wrong.name} (${wrong.email}) to ${right.name} (${right.email})`)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('corrected-sender-1280.png'), fullPage: true });

  await page.setViewportSize(PHONE);
  await page.goto(oldLink);
  await expect(page.getByText(en.signing.linkNotValidTitle)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('old-link-375.png') });
  await page.goto(firstLink(await waitForMail(page.request, right.email, /to sign/)));
  await expect(page.getByRole('button', { name: en.signing.startSigning })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('new-link-375.png') });
});

test('a signer reassigns where the sender allows it: the new person signs, the sender is told', async ({ page }) => {
  const owner = await apiSession(page.request, 'Olivia Owner');
  const first = { name: 'Olga Original', email: uniqueEmail('olga') };
  const id = await sentToOne(page.request, owner, first);
  // The sender turns the switch on from the document's page.
  await useSession(page, owner);
  await page.goto(`/documents/${id}/preview`);
  // Saved at once (no form to submit): checked once the server has it.
  await page.getByRole('switch', { name: /Signers may reassign/ }).click();
  await expect(page.getByRole('switch', { name: /Signers may reassign/ })).toBeChecked();

  await page.setViewportSize(PHONE);
  await page.goto(firstLink(await waitForMail(page.request, first.email, /to sign/)));
  await page.getByRole('button', { name: en.reassign.open }).click();
  const dialog = page.getByRole('dialog', { name: en.reassign.title });
  await dialog.getByRole('button', { name: en.reassign.submit }).click();
  await expect(dialog.getByText('Please give a reason.')).toBeVisible();
  const next = { name: 'Nina New', email: uniqueEmail('nina') };
  await dialog.getByLabel(en.reassign.name).fill(next.name);
  await dialog.getByLabel(en.reassign.email).fill(next.email);
  await dialog.getByLabel(en.reassign.reason).fill('Nina signs supply contracts');
  await expectNoSeriousA11yViolations(page, { soft: true });
  await page.screenshot({ path: test.info().outputPath('reassign-375.png') });
  await dialog.getByRole('button', { name: en.reassign.submit }).click();
  await expect(page.getByRole('dialog', { name: en.reassign.doneTitle })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('reassigned-375.png') });

  const notice = await waitForMail(page.request, owner.email, /reassigned/);
  expect(notice.text).toContain('Reason: Nina signs supply contracts');
  await page.goto(firstLink(await waitForMail(page.request, next.email, /to sign/)));
  await fillAndSign(page, 'Nina New');
  await expect(page.getByRole('dialog', { name: en.signing.successTitle })).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/documents/${id}/preview`);
  await expect(page.getByText('REASSIGNED')).toBeVisible();
  await expect(page.getByText('Reason: Nina signs supply contracts')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('reassigned-history-1280.png'), fullPage: true });
});

test("the sender hosts an in-person signing on their device and gets the document's page back", async ({ page }) => {
  await page.setViewportSize(PHONE);
  const owner = await apiSession(page.request, 'Olivia Owner');
  const id = await sentToOne(page.request, owner, { name: 'Walk In', email: uniqueEmail('walkin') });
  await useSession(page, owner);
  await page.goto(`/documents/${id}/preview`);
  await page.getByRole('button', { name: 'Sign in person: Walk In' }).click();
  const confirm = page.getByRole('dialog', { name: 'Sign in person' });
  await expect(confirm.getByText(/Hand this device to Walk In/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, { soft: true });
  await confirm.getByRole('button', { name: 'Open signing page' }).click();

  await expect(page).toHaveURL(new RegExp(`/documents/${id}/sign$`));
  await expect(page.getByTestId('in-person-banner')).toHaveText('Signing in person, hosted by Olivia Owner');
  // Hosted by the sender: no hand-over to someone else from their device.
  await expect(page.getByRole('button', { name: en.reassign.open })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('in-person-375.png') });
  await fillAndSign(page, 'Walk In');

  await expect(page).toHaveURL(new RegExp(`/documents/${id}/preview$`));
  // The view and the signature were both on the sender's device, each recorded as hosted.
  await expect(page.getByText('In person, hosted by Olivia Owner')).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('in-person-done-375.png'), fullPage: true });
  // The single-use link is gone from the tab and from the server.
  expect(await page.evaluate((key) => sessionStorage.getItem(key), `esign.signAccessToken.${id}`)).toBeNull();
});
