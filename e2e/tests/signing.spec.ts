import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { blankField, type DocumentField, type FieldType } from '@esign/shared';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { createConfirmedUser, firstLink, uniqueEmail, waitForMail } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';

const corpus = (path: string) => join(import.meta.dirname, '../../../shared/fixtures/real-world', path);

test.setTimeout(120_000);
test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

/** An Only Others document sent to one signer through the API, as the editor would: text, date and checkbox. */
async function sentDocument(request: APIRequestContext) {
  const owner = await createConfirmedUser(request, 'Olivia Owner');
  const signIn = await request.post('/api/v1/auth/sign_in', { data: { email: owner.email, password: owner.password } });
  const headers = { authorization: `Bearer ${(await signIn.json()).accessToken}` };
  const created = await (await request.post('/api/v1/documents', { headers, data: { type: 'others' } })).json();
  const upload = await request.post(`/api/v1/documents/${created.id}/file_upload`, {
    headers,
    multipart: {
      upload: {
        name: 'lease.pdf',
        mimeType: 'application/pdf',
        buffer: readFileSync(corpus('pdf/pdf20_latex_2p.pdf')),
      },
    },
  });
  expect(upload.ok()).toBe(true);
  await expect
    .poll(
      async () =>
        (await (await request.get(`/api/v1/documents/${created.id}/convertion_data`, { headers })).json()).isFinished,
      {
        timeout: 60_000,
      },
    )
    .toBe(true);
  const signerEmail = uniqueEmail('signer');
  const withSigners = await (
    await request.patch(`/api/v1/documents/${created.id}`, {
      headers,
      data: { title: 'Lease <b>agreement</b>', signers: [{ name: 'Bob Signer', email: signerEmail, order: 1 }] },
    })
  ).json();
  const signerId = withSigners.signers[0].id as string;
  const field = (type: FieldType, coordinateY: number, extra: Partial<DocumentField> = {}) =>
    blankField({ id: randomUUID(), type, coordinateX: 72, coordinateY, width: 150, height: 25, signerId, ...extra });
  const saved = await request.patch(`/api/v1/documents/${created.id}`, {
    headers,
    data: {
      fields: [
        field('text', 600, { placeholder: 'Your address' }),
        field('checkbox', 120, { width: 25 }),
        field('date', 400),
      ],
    },
  });
  expect(saved.ok()).toBe(true);
  const sent = await request.patch(`/api/v1/document_sign/documents/${created.id}/send_out`, { headers });
  expect(sent.ok(), await sent.text()).toBe(true);
  return { documentId: created.id as string, headers, signerEmail };
}

test('a signer signs through the e-mailed link on a phone', async ({ page }) => {
  const { documentId, headers, signerEmail } = await sentDocument(page.request);
  const invitation = await waitForMail(page.request, signerEmail, /to sign/);
  await page.goto(firstLink(invitation));

  await expect(page.getByRole('heading', { level: 1, name: 'Lease <b>agreement</b>' })).toBeVisible();
  await expect(page.getByText('2 fields left')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Steps go by page, then Y: the checkbox (top), then the text field (the date is filled with today).
  // Each step opens in the bottom sheet, its control focused.
  await page.getByRole('button', { name: 'Start signing' }).click();
  const sheet = page.getByTestId('step-sheet');
  await sheet.getByRole('checkbox', { name: 'Checkbox' }).check();
  await expect(sheet.getByRole('checkbox', { name: 'Checkbox' })).toBeChecked();
  await sheet.getByRole('button', { name: 'Next' }).click();
  await expect(sheet.getByRole('textbox', { name: 'Your address' })).toBeFocused();
  await page.keyboard.type('1 Main Street');
  await sheet.getByRole('button', { name: 'Submit' }).click();

  const agree = page.getByRole('dialog', { name: 'Almost done!' });
  await expect(agree).toBeVisible();
  await agree.getByRole('button', { name: 'I Agree' }).click();
  const done = page.getByRole('dialog', { name: 'You have signed the document' });
  await expect(done).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('signed-375.png') });

  // Once the seal has stored the result, the modal offers the download; the seal records `complete`.
  await expect(done.getByRole('link', { name: 'Download' })).toBeVisible({ timeout: 60_000 });
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/api/v1/documents/${documentId}/activities`, { headers })).json()).map(
          (activity: { type: string }) => activity.type,
        ),
      { timeout: 30_000 },
    )
    .toEqual(expect.arrayContaining(['send', 'view', 'sign', 'complete']));

  // Closing the sign-up offer goes to /about.
  await done.getByRole('button', { name: 'Close' }).first().click();
  await expect(page).toHaveURL(/\/about$/);
});

test("offline, the signer's I Agree says it waits for the connection and signs when it is back", async ({
  page,
  context,
}) => {
  // Cause: the sign call was paused by TanStack Query while offline and nothing said so: I Agree did nothing visible.
  const { signerEmail } = await sentDocument(page.request);
  const invitation = await waitForMail(page.request, signerEmail, /to sign/);
  await page.goto(firstLink(invitation));
  await page.getByRole('button', { name: 'Start signing' }).click();
  const sheet = page.getByTestId('step-sheet');
  await sheet.getByRole('checkbox', { name: 'Checkbox' }).check();
  await sheet.getByRole('button', { name: 'Next' }).click();
  await page.keyboard.type('1 Main Street');
  await sheet.getByRole('button', { name: 'Submit' }).click();
  const agree = page.getByRole('dialog', { name: 'Almost done!' });
  await expect(agree).toBeVisible();

  await context.setOffline(true);
  const banner = page.getByRole('status').filter({ hasText: "You're offline" });
  await expect(banner).toBeVisible();
  await agree.getByRole('button', { name: 'I Agree' }).click();
  await page.screenshot({ path: test.info().outputPath('offline-signer-375.png') });
  await expect(banner).toBeVisible();
  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'You have signed the document' })).toBeVisible();
});
