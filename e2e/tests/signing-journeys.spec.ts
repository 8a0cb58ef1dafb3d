import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { firstLink, mailsTo, type OutboxMail, uniqueEmail, waitForMail } from '../support/accounts.js';
import { apiSession, type Person, sendDocument } from '../support/documents.js';
import { drawOn } from '../support/signatures.js';

/** The shared real-world corpus, read in place. */
const corpus = (path: string) => join(import.meta.dirname, '../../../shared/fixtures/real-world', path);

test.setTimeout(240_000);

type SignatureKind = 'typed' | 'drawn' | 'uploaded';

async function chooseImage(page: Page, button: string, file: string) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('dialog').getByRole('button', { name: button }).click(),
  ]);
  await chooser.setFiles(file);
}

/** Creates a signature of one kind in the chooser the field opened; it is put on the field. */
async function makeSignature(page: Page, kind: SignatureKind, name: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('We created a signature for you')).toBeVisible();
  if (kind === 'typed') {
    await expect(dialog.getByRole('textbox', { name: 'Your signature' })).toHaveValue(name);
    await dialog.getByRole('button', { name: 'Sign Now' }).click();
    return;
  }
  await dialog.getByRole('button', { name: 'Need a custom signature? Create it now!' }).click();
  if (kind === 'drawn') {
    await dialog.getByRole('tab', { name: 'Draw it in' }).click();
    await drawOn(page, 'Draw your signature');
    await drawOn(page, 'Draw your initials');
  } else {
    await dialog.getByRole('tab', { name: 'Upload Image' }).click();
    await chooseImage(page, 'Choose image: Signature', corpus('images/png_rgba_semitransparent_dice.png'));
    await chooseImage(page, 'Choose image: Initials', corpus('images/bmp_v5_header_24bit.bmp'));
  }
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Create Signature' }).click();
}

/** A signer opens the link of their invitation, signs their one signature field and agrees. */
async function signFromMail(page: Page, person: Person, fieldId: string, kind: SignatureKind) {
  const invitation = await waitForMail(page.request, person.email, /to sign/);
  await page.goto(firstLink(invitation));
  await expect(page.getByRole('heading', { level: 1, name: 'Partnership agreement' })).toBeVisible();
  await expect(page.getByText('1 field left')).toBeVisible();
  const field = page.locator(`[data-field-id="${fieldId}"]`);
  await field.click();
  await makeSignature(page, kind, person.name);
  await expect(field).toHaveAttribute('data-signed', 'true');
  await expect(field.getByRole('img')).toBeVisible();
  // A click at once: the 'created successfully' toast shows below the header, not over its Submit.
  await expect(page.getByText('Signature/Initial created successfully')).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click({ timeout: 2_000 });
  const agree = page.getByRole('dialog', { name: 'Almost done!' });
  await expect(agree).toBeVisible();
  await agree.getByRole('button', { name: 'I Agree' }).click();
  await expect(page.getByRole('dialog', { name: 'You have signed the document' })).toBeVisible();
  // The signed field keeps showing the signature once the page is read-only.
  await expect(field.locator('img')).toBeVisible();
}

test('three signers sign in order from their mails; the sealed PDF verifies', async ({ browser, request }) => {
  const owner = await apiSession(request, 'Olivia Owner');
  const others: Person[] = [
    { name: 'Tara Typed', email: uniqueEmail('tara') },
    { name: 'Dan Drawn', email: uniqueEmail('dan') },
    { name: 'Uma Uploaded', email: uniqueEmail('uma') },
  ];
  const kinds: SignatureKind[] = ['typed', 'drawn', 'uploaded'];
  const { id, fieldIds } = await sendDocument(request, owner, { type: 'me_and_other', isOrdered: true, others });

  for (const [index, person] of others.entries()) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const next = others[index + 1];
    // Ordered: the next signer has no invitation while this one has not signed.
    if (next) expect(await mailsTo(request, next.email)).toEqual([]);
    await signFromMail(page, person, fieldIds[index] ?? '', kinds[index] ?? 'typed');
    if (index === others.length - 1) {
      await page.screenshot({ path: test.info().outputPath('signed-last.png'), fullPage: true });
    }
    await context.close();
    if (next) await waitForMail(request, next.email, /to sign/);
  }

  // Everyone signed: the seal runs and mails the owner their download link.
  const completed = await waitForMailLong(request, owner.email, /^Completed:/);
  const link = new URL(firstLink(completed));
  expect(link.pathname).toBe(`/documents/${id}/download`);
  const answer = await request.get(`/api/v1/document_sign/documents/${id}/signed_download_url/hash`, {
    params: { hash: link.searchParams.get('hash') ?? '' },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const pdf = await request.get((await answer.json()).url);
  expect(pdf.ok()).toBe(true);
  const file = test.info().outputPath('signed.pdf');
  writeFileSync(file, await pdf.body());

  const verification = pdfsig(file);
  expect(verification).toContain('Signature is Valid.');
  expect(verification).toContain('Total document signed');

  // The certificate page: one block for each signer, the preparer first, with the IP address the server saw; the
  // ordered signers invited one after another each have a 'Sent' time.
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const blocks = text.split(/Signer \d+: /).slice(1);
  const people = [{ name: owner.user.name, email: owner.email }, ...others];
  expect(blocks.map((block) => block.split('\n')[0]?.trim())).toEqual(people.map((person) => person.name));
  for (const [index, person] of people.entries()) {
    const block = blocks[index] ?? '';
    expect(block).toContain(person.email);
    expect(block).toMatch(/IP address\s+(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:]+)\s/);
    if (index > 0) expect(block).not.toMatch(/Sent\s+unknown/);
  }

  // Every signer gets their own completion mail too.
  for (const person of others) await waitForMail(request, person.email, /^Completed:/);
});

test('two signers invited at once both sign; the document completes', async ({ browser, request }) => {
  const owner = await apiSession(request, 'Olivia Owner');
  const others: Person[] = [
    { name: 'Ann First', email: uniqueEmail('ann') },
    { name: 'Ben Second', email: uniqueEmail('ben') },
  ];
  const { id, headers, fieldIds } = await sendDocument(request, owner, { type: 'others', isOrdered: false, others });
  // Unordered: both invitations go out before anyone signs.
  for (const person of others) await waitForMail(request, person.email, /to sign/);

  // The second signer signs first, to show the order does not matter.
  for (const index of [1, 0]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const person = others[index] as Person;
    await signFromMail(page, person, fieldIds[index] ?? '', 'typed');
    await context.close();
  }

  await expect
    .poll(async () => (await (await request.get(`/api/v1/documents/${id}`, { headers })).json()).status, {
      timeout: 60_000,
    })
    .toBe('completed');
  await waitForMailLong(request, owner.email, /^Completed:/);
});

/** The seal and its mails run as jobs after the last signature; they take longer than one invitation. */
async function waitForMailLong(request: APIRequestContext, to: string, subject: RegExp): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(request, to)).find((mail) => subject.test(mail.subject));
        return Boolean(found);
      },
      { timeout: 90_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`no mail to ${to}`);
  return found;
}

/** pdfsig exits non-zero for some certificate trust outcomes; its report is what matters. */
function pdfsig(file: string): string {
  try {
    return execFileSync('pdfsig', [file], { encoding: 'utf8' });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
  }
}
