// Issue 38: a signer proves who they are with a code mailed or texted to them before the document opens (375 px),
// and the certificate of completion says how, read with pdftotext.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { firstLink, mailsTo, OUTBOX_KEY, uniqueEmail, waitForMail } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { apiSession } from '../support/documents.js';
import { sendWithRecipients, signTextThroughApi, tokenOf } from '../support/recipients.js';

test.setTimeout(180_000);

/** The code of the newest text to `phone` in the SMS outbox. */
async function textedCode(request: APIRequestContext, phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const texts = (await (
        await request.get('/api/v1/dev/sms', { headers: { authorization: `Bearer ${OUTBOX_KEY}` } })
      ).json()) as { to: string; body: string }[];
      code = texts.find((text) => text.to === phone)?.body.match(/\b(\d{6})\b/)?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}

/** The sealed PDF of a completed document, through the signer's link, as text. */
async function certificateText(request: APIRequestContext, documentId: string, signerId: string, token: string) {
  let url = '';
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/v1/document_sign/documents/${documentId}/signed_download_url/jwt`, {
          params: { signerId },
          headers: { 'x-sign-access-token': token },
        });
        url = answer.ok() ? (((await answer.json()) as { url?: string }).url ?? '') : '';
        return url;
      },
      { timeout: 90_000 },
    )
    .not.toBe('');
  const pdf = await request.get(url);
  const file = test.info().outputPath('signed.pdf');
  writeFileSync(file, await pdf.body());
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** The verified link signs its one text field; once sealed, the PDF's text (the certificate) through the same link. */
async function signAndReadCertificate(
  request: APIRequestContext,
  sent: { id: string; idOf: Map<string, string>; fieldOf: Map<string, string> },
  email: string,
  link: string,
) {
  const token = tokenOf(link);
  const signerId = sent.idOf.get(email) ?? '';
  const fieldId = sent.fieldOf.get(email) ?? '';
  await signTextThroughApi(request, { documentId: sent.id, signerId, fieldId, token, text: 'Signed' });
  return certificateText(request, sent.id, signerId, token);
}

/** The signer page asks for the code before the document opens; the code typed, the document shows. */
async function typeCode(page: Page, code: string) {
  const input = page.getByRole('textbox', { name: '6-digit code' });
  await expect(input).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(input).toHaveAttribute('inputmode', 'numeric');
  await input.fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm it is you' })).toBeHidden({ timeout: 20_000 });
}

test('a signer verified by e-mail code at 375 px; the certificate says so', async ({ browser, request }) => {
  const owner = await apiSession(request);
  const jane = { name: 'Jane Mail', email: uniqueEmail('jane'), verification: 'email' as const };
  const { id, idOf, fieldOf } = await sendWithRecipients(request, owner, {
    title: 'Lease with e-mail code',
    recipients: [jane],
  });
  const link = firstLink(await waitForMail(request, jane.email, /to sign/));
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible({ timeout: 30_000 });
  const masked = `j•••@${jane.email.split('@')[1]}`;
  await expect(page.getByText(`We sent a 6-digit code to ${masked}`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('identity-email-375.png'), fullPage: true });

  // A wrong code: the one vague answer; then 'Send a new code' and the newest code from the outbox.
  const first = await waitForMail(request, jane.email, /code/i);
  const firstCode = first.text.match(/\b(\d{6})\b/)?.[1] ?? '';
  await page.getByRole('textbox', { name: '6-digit code' }).fill(firstCode === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('This code cannot be accepted. Check it, or ask for a new code.')).toBeVisible();
  await page.getByRole('button', { name: 'Send a new code' }).click();
  await expect(page.getByText('A new code is on its way.')).toBeVisible();
  let code = '';
  await expect
    .poll(async () => {
      const codes = (await mailsTo(request, jane.email)).filter((mail) => /code/i.test(mail.subject));
      code = codes.length >= 2 ? (codes[0]?.text.match(/\b(\d{6})\b/)?.[1] ?? '') : '';
      return code;
    })
    .not.toBe('');
  await typeCode(page, code);
  await expect(page.getByText('Lease with e-mail code').first()).toBeVisible();

  // Reloaded, the link's session remembers the check.
  await page.reload();
  await expect(page.getByText('Lease with e-mail code').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Confirm it is you' })).toBeHidden();
  await context.close();

  const text = await signAndReadCertificate(request, { id, idOf, fieldOf }, jane.email, link);
  expect(text).toMatch(
    new RegExp(`Identity checked by e-mail code to j•••@${jane.email.split('@')[1]?.replace(/\./g, '\\.')}\\s+on \\d`),
  );
});

test('a signer verified by SMS code at 375 px; the certificate says so', async ({ browser, request }) => {
  const owner = await apiSession(request);
  const phone = `+336${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  const sam = { name: 'Sam Text', email: uniqueEmail('sam'), verification: 'sms' as const, phone };
  const { id, idOf, fieldOf } = await sendWithRecipients(request, owner, {
    title: 'Lease with SMS code',
    recipients: [sam],
  });
  const link = firstLink(await waitForMail(request, sam.email, /to sign/));
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto(link);
  const masked = `+33 ••• •• ${phone.slice(-2)}`;
  await expect(page.getByText(`We sent a 6-digit code by SMS to ${masked}`)).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath('identity-sms-375.png'), fullPage: true });
  await typeCode(page, await textedCode(request, phone));
  await expect(page.getByText('Lease with SMS code').first()).toBeVisible();
  await context.close();

  const text = await signAndReadCertificate(request, { id, idOf, fieldOf }, sam.email, link);
  expect(text).toContain(`Identity checked by SMS code to ${masked}`);
});
