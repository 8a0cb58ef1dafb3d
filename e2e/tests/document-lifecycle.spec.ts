import { type Browser, expect, type Page, test } from '@playwright/test';
import { firstLink, OPERATOR_KEY, uniqueEmail, waitForMail } from '../support/accounts.js';
import {
  type ApiSession,
  apiSession,
  bearer,
  createDocumentWithPdf,
  sendDocument,
  useSession,
} from '../support/documents.js';
import { makePdf } from '../support/pdf.js';

/**
 * The life of a sent document besides completion (issue 36), one journey each: a signer declines (and the sender
 * makes a new draft with Edit & Resend), the sender voids, and a document expires and is extended. What a signer
 * sees is at 375 px; the sender's pages at the desktop's width. Screenshots are kept with each test's output.
 */

// Conversion, sending and the mails run as jobs on a loaded machine.
test.setTimeout(180_000);

const DAY = 24 * 60 * 60 * 1000;
const dateIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(name), animations: 'disabled', fullPage: true });

/** A page of a fresh phone-sized browser (the signer has no session). */
async function phonePage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  return { page: await context.newPage(), close: () => context.close() };
}

async function sentTo(request: Parameters<typeof sendDocument>[0], owner: ApiSession, title: string) {
  const ann = { name: 'Ann Tenant', email: uniqueEmail('ann') };
  const ben = { name: 'Ben Guarantor', email: uniqueEmail('ben') };
  const { id } = await sendDocument(request, owner, { type: 'others', others: [ann, ben], title });
  const annLink = firstLink(await waitForMail(request, ann.email, /to sign/));
  const benLink = firstLink(await waitForMail(request, ben.email, /to sign/));
  return { id, ann, ben, annLink, benLink };
}

test('decline to sign: a reason in a confirm step at 375 px, the others see it was declined, Edit & Resend', async ({
  page,
  browser,
  request,
}) => {
  const owner = await apiSession(request, 'Olivia Owner');
  const { id, annLink, benLink } = await sentTo(request, owner, 'Flat lease');

  const ann = await phonePage(browser);
  await ann.page.goto(annLink);
  await expect(ann.page.getByRole('heading', { level: 1, name: 'Flat lease' })).toBeVisible({ timeout: 30_000 });
  await ann.page.getByRole('button', { name: 'Decline to sign' }).click();
  const dialog = ann.page.getByRole('dialog', { name: 'Decline to sign' });
  await expect(dialog.getByText('Tell Olivia Owner why you will not sign.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Decline document' }).click();
  await expect(dialog.getByText('Please give a reason.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('The rent is 950, we agreed on 900.');
  await expect(dialog.getByText('34 / 500')).toBeVisible();
  await shot(ann.page, 'decline-dialog-375.png');
  await dialog.getByRole('button', { name: 'Decline document' }).click();
  await expect(ann.page.getByRole('heading', { name: 'You declined this document' })).toBeVisible();
  await shot(ann.page, 'declined-375.png');
  await ann.close();

  const ben = await phonePage(browser);
  await ben.page.goto(benLink);
  await expect(ben.page.getByRole('heading', { name: 'This document was declined' })).toBeVisible({ timeout: 30_000 });
  await expect(ben.page.getByText('Olivia Owner may send you a new version.')).toBeVisible();
  await shot(ben.page, 'declined-other-signer-375.png');
  await ben.close();

  const mail = await waitForMail(request, owner.email, /declined to sign "Flat lease"/);
  expect(mail.text).toContain('Reason: The rent is 950, we agreed on 900.');

  await useSession(page, owner);
  await page.goto('/documents/declined');
  await expect(page.getByRole('link', { name: 'Flat lease' })).toBeVisible();
  await page.goto(`/documents/${id}/preview`);
  const panel = page.getByTestId('document-lifecycle');
  await expect(panel.getByText(/Declined by Ann Tenant/)).toBeVisible();
  await expect(panel.getByText('Reason: The rent is 950, we agreed on 900.')).toBeVisible();
  await shot(page, 'declined-sender.png');
  await panel.getByRole('button', { name: 'Edit & Resend' }).click();
  await expect(page).toHaveURL(/\/documents\/[0-9a-f-]+\/edit/);
  expect(page.url()).not.toContain(id);
});

test('void: the sender withdraws with a reason; the signer’s link says so at 375 px and the signer is mailed', async ({
  page,
  browser,
  request,
}) => {
  const owner = await apiSession(request, 'Victor Sender');
  const { id, ann, annLink } = await sentTo(request, owner, 'Service contract');

  await useSession(page, owner);
  await page.goto(`/documents/${id}/preview`);
  const panel = page.getByTestId('document-lifecycle');
  await expect(panel.getByText('No expiry date')).toBeVisible();
  await panel.getByRole('button', { name: 'Void document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Void this document?' });
  await dialog.getByRole('button', { name: 'Void document' }).click();
  await expect(dialog.getByText('Please give a reason.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Sent to the wrong company.');
  await shot(page, 'void-dialog.png');
  await dialog.getByRole('button', { name: 'Void document' }).click();
  await expect(page.getByText('Document voided', { exact: true })).toBeVisible();
  await expect(panel.getByText('You voided this document')).toBeVisible();
  await expect(panel.getByText('Reason: Sent to the wrong company.')).toBeVisible();
  await expect(page.getByTestId('activity').filter({ hasText: 'VOIDED' })).toBeVisible();
  await shot(page, 'voided-sender.png');

  const mail = await waitForMail(request, ann.email, /"Service contract" was withdrawn/);
  expect(mail.text).toContain('Reason given: Sent to the wrong company.');
  const signer = await phonePage(browser);
  await signer.page.goto(annLink);
  await expect(signer.page.getByRole('heading', { name: 'This document was withdrawn' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(signer.page.getByText('Victor Sender, the sender, withdrew it')).toBeVisible();
  await shot(signer.page, 'voided-signer-375.png');
  await signer.close();
});

test('expiry: a date on the prepare page and the document, reminders, expiry at 375 px, extended with the same links', async ({
  page,
  browser,
  request,
}) => {
  const owner = await apiSession(request, 'Edith Expiry');
  await useSession(page, owner);

  // The prepare page saves the draft's date as soon as it is chosen.
  const draftId = await createDocumentWithPdf(request, owner, { type: 'others', pdf: makePdf(1) });
  await page.goto(`/only-others?documentId=${draftId}`);
  const prepareDate = dateIn(12);
  await page.getByLabel('Expiry date (optional)').fill(prepareDate);
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/v1/documents/${draftId}`, { headers: bearer(owner) });
      return ((await answer.json()) as { expiresAt: string | null }).expiresAt;
    })
    .toBe(`${prepareDate}T23:59:59.999Z`);

  const { id, ann, annLink } = await sentTo(request, owner, 'Offer letter');
  await page.goto(`/documents/${id}/preview`);
  const panel = page.getByTestId('document-lifecycle');
  await panel.getByRole('button', { name: 'Change expiry date' }).click();
  const date = dateIn(5);
  await page.getByRole('dialog', { name: 'Expiry date' }).getByLabel('Last day to sign').fill(date);
  await page.getByRole('dialog', { name: 'Expiry date' }).getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByText(`Can be signed until ${date}`)).toBeVisible();

  // The schedule's sweep, run by the operator as of two days before, then after the date.
  const sweep = async (asOf: string) => {
    const answer = await request.post('/api/v1/operator/documents/expiry-sweep', {
      headers: { authorization: `Bearer ${OPERATOR_KEY}` },
      data: { asOf },
    });
    expect(answer.ok(), await answer.text()).toBe(true);
    return (await answer.json()) as { reminded: number; expired: number };
  };
  expect((await sweep(new Date(Date.parse(`${date}T12:00:00Z`) - 2 * DAY).toISOString())).reminded).toBe(2);
  await waitForMail(request, ann.email, new RegExp(`"Offer letter" can be signed until ${date}`));
  expect((await sweep(new Date(Date.parse(`${date}T23:59:59.999Z`) + 1000).toISOString())).expired).toBe(1);
  await waitForMail(request, owner.email, /"Offer letter" has expired/);

  const signer = await phonePage(browser);
  await signer.page.goto(annLink);
  await expect(signer.page.getByRole('heading', { name: 'This document has expired' })).toBeVisible({
    timeout: 30_000,
  });
  await shot(signer.page, 'expired-signer-375.png');

  await page.reload();
  await expect(panel.getByText(`Expired on ${date}.`)).toBeVisible();
  await shot(page, 'expired-sender.png');
  await panel.getByRole('button', { name: 'Extend' }).click();
  const later = dateIn(9);
  await page.getByRole('dialog', { name: 'Expiry date' }).getByLabel('Last day to sign').fill(later);
  await page.getByRole('dialog', { name: 'Expiry date' }).getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByText(`Can be signed until ${later}`)).toBeVisible();

  // The same link works again.
  await signer.page.goto(annLink);
  await expect(signer.page.getByRole('heading', { level: 1, name: 'Offer letter' })).toBeVisible({ timeout: 30_000 });
  await expect(signer.page.getByRole('button', { name: 'Start signing' })).toBeVisible();
  await expect(signer.page.getByText(`Sign by ${later}`)).toBeVisible();
  await shot(signer.page, 'extended-signer-375.png');
  await signer.close();
});
