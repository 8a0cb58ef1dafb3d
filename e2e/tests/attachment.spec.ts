import { createHash } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { firstLink, waitForMail } from '../support/accounts.js';
import { bearer, sentToBob, useSession } from '../support/documents.js';
import { makePdf } from '../support/pdf.js';

test.setTimeout(120_000);

/** A document sent to Bob with one attachment field (issue 37). */
function attachmentDocument(request: APIRequestContext) {
  return sentToBob(request, 'Identity check', (field) => [field('attachment', 100)]);
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('attaches a file at 375 px; the sender sees it with its SHA-256 at 1280 px', async ({ page, browser }) => {
    const { id, email, owner } = await attachmentDocument(page.request);
    await page.goto(firstLink(await waitForMail(page.request, email, /to sign/)));
    await expect(page.getByRole('heading', { level: 1, name: 'Identity check' })).toBeVisible();

    await page.getByRole('button', { name: 'Start signing' }).tap();
    const sheet = page.getByTestId('step-sheet');
    await expect(sheet.getByRole('button', { name: 'Attachment: Choose a file' })).toBeFocused();
    await expect(sheet.getByText('PDF, PNG or JPEG, up to 20 MB')).toBeVisible();
    // Content decides: a text file named .png is refused with the catalogue's message.
    await sheet.getByTestId('attachment-file').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a picture'),
    });
    await expect(sheet.getByRole('alert')).toHaveText(
      'The file content does not match its extension, so it cannot be used.',
    );
    const pdf = Buffer.from(makePdf(1));
    await sheet.getByTestId('attachment-file').setInputFiles({
      name: 'passport.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await expect(sheet.getByRole('button', { name: 'Attachment: Replace the file' })).toContainText('passport.pdf');
    await expect(page.locator('[data-field-id]').filter({ hasText: 'passport.pdf' })).toHaveCount(1);
    await page.screenshot({ path: test.info().outputPath('attachment-375.png') });
    await sheet.getByRole('button', { name: 'Submit' }).tap();
    await page.getByRole('dialog', { name: 'Almost done!' }).getByRole('button', { name: 'I Agree' }).tap();
    await expect(page.getByRole('dialog', { name: 'You have signed the document' })).toBeVisible();

    const list = await page.request.get(`/api/v1/documents/${id}/attachments`, { headers: bearer(owner) });
    expect(list.ok()).toBe(true);
    const [attachment] = (await list.json()) as { fileName: string; sha256: string }[];
    expect(attachment?.fileName).toBe('passport.pdf');
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    expect(attachment?.sha256).toBe(sha256);

    // The sender's preview lists it with its SHA-256, and downloads it.
    const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const senderPage = await desk.newPage();
    await useSession(senderPage, owner);
    await senderPage.goto(`/documents/${id}/preview`);
    const attached = senderPage.getByRole('region', { name: 'Attached files' });
    await expect(attached.getByTestId('attachment')).toContainText(sha256);
    await senderPage.screenshot({ path: test.info().outputPath('attachment-sender-1280.png') });
    const download = senderPage.waitForEvent('download');
    await attached.getByRole('button', { name: 'Download passport.pdf' }).click();
    expect((await download).suggestedFilename()).toBe('passport.pdf');
    await desk.close();
  });
});
