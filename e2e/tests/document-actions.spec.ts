import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { firstLink, mailsTo, uniqueEmail, waitForMail } from '../support/accounts.js';
import {
  type ApiSession,
  apiSession,
  bearer,
  completedDocument,
  type Person,
  sendDocument,
  useSession,
} from '../support/documents.js';

/**
 * The actions on awaiting and completed documents, through the list's row menus, its bulk bar and the preview
 * page. Documents reach awaiting or completed through the API; the signing journeys have their own tests.
 */

// Conversion, sending and the seal run as jobs on a loaded machine.
test.setTimeout(180_000);
// The copy actions write the clipboard; the test reads it back.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const menuOf = async (page: Page, title: string) => {
  await page.getByRole('button', { name: `Actions of ${title}` }).click();
  return page.getByRole('menu');
};
const toast = (page: Page, text: string) => page.getByText(text, { exact: true });
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** Opens a signing link in a fresh browser (the signer has no session); answers whether the signer page shows. */
async function signerPageOpens(browser: Browser, link: string, title: string): Promise<boolean> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(link);
    const heading = page.getByRole('heading', { level: 1, name: title });
    // A link that does not work says so, in the signer's language, instead of sending them to the log-in page.
    const notValid = page.getByRole('heading', { level: 1, name: 'This link is no longer valid' });
    await expect(heading.or(notValid)).toBeVisible({ timeout: 30_000 });
    if (await heading.isVisible()) {
      await expect(page.getByRole('button', { name: 'Start signing' })).toBeVisible();
      return true;
    }
    return false;
  } finally {
    await context.close();
  }
}

const people = (): Person[] => [
  { name: 'Ann First', email: uniqueEmail('ann') },
  { name: 'Ben Second', email: uniqueEmail('ben') },
];

test('an ordered Me & Others document: found by signer; a reminder and a signing link for the first signer only', async ({
  page,
  browser,
}) => {
  // No realtime socket for this page (its fallback, polling, is what a stale list meets): the last step checks that an
  // action on a document changed elsewhere is refused once, which a live socket would not let the list offer.
  await page.routeWebSocket(/\/socket\.io\//, (socket) => socket.close());
  await page.route(/\/socket\.io\//, (route) => route.abort());
  const owner = await apiSession(page.request, 'Olivia Owner');
  const [ann, ben] = people() as [Person, Person];
  const title = 'Ordered lease';
  const { id } = await sendDocument(page.request, owner, {
    type: 'me_and_other',
    isOrdered: true,
    others: [ann, ben],
    title,
  });
  await waitForMail(page.request, ann.email, /to sign/);
  await useSession(page, owner);
  await page.goto('/documents/awaiting');

  // Found by a signer's name, which no title holds.
  const counter = page.getByTestId('documents-counter');
  await page.getByRole('searchbox', { name: 'Search for Documents...' }).fill('BEN second');
  await expect(counter).toHaveText('0-0 of 0 results');
  await page.getByText('Signers', { exact: true }).click();
  await expect(counter).toHaveText('1-1 of 1 results');
  await page.getByRole('searchbox', { name: 'Search for Documents...' }).fill('');

  // Only Ann's turn: the menu offers her link and not Ben's; the reminder modal lists her alone.
  let menu = await menuOf(page, title);
  await expect(menu.getByRole('menuitem', { name: `Copy signing link for ${ann.name}` })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: `Copy signing link for ${ben.name}` })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'Send Reminder' }).click();
  const remind = page.getByRole('dialog', { name: 'Send Reminder' });
  await expect(remind.getByRole('checkbox')).toHaveCount(1);
  await expect(remind.getByRole('checkbox', { name: `${ann.name} (${ann.email})` })).toBeChecked();
  await remind.getByRole('button', { name: 'Send' }).click();
  await expect(toast(page, 'Reminder(s) has been sent')).toBeVisible();
  await expect(remind).toBeHidden();
  const reminder = await waitForMail(page.request, ann.email, /^Reminder:/);
  expect(firstLink(reminder)).toContain(`/documents/${id}/sign?signAccessToken=`);
  expect(await mailsTo(page.request, ben.email)).toEqual([]);

  // The copied link opens Ann's signer page.
  menu = await menuOf(page, title);
  await menu.getByRole('menuitem', { name: `Copy signing link for ${ann.name}` }).click();
  await expect(toast(page, 'Copied to clipboard')).toBeVisible();
  const link = await clipboard(page);
  expect(link).toMatch(new RegExp(`/documents/${id}/sign\\?signAccessToken=`));
  expect(await signerPageOpens(browser, link, title)).toBe(true);

  menu = await menuOf(page, title);
  await menu.getByRole('menuitem', { name: 'Disable Reminders' }).click();
  await expect(toast(page, 'Notifications were disabled')).toBeVisible();
  menu = await menuOf(page, title);
  await expect(menu.getByRole('menuitem', { name: 'Disable Reminders' })).toHaveCount(0);
  // Reminders disabled can be enabled again (issue 34: they stayed off for good).
  await menu.getByRole('menuitem', { name: 'Enable Reminders' }).click();
  await expect(toast(page, 'Reminders were enabled')).toBeVisible();
  menu = await menuOf(page, title);
  await expect(menu.getByRole('menuitem', { name: 'Disable Reminders' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Reverted elsewhere while this list was open: Edit & Resend is refused, and the refusal is told once.
  const reverted = await page.request.patch(`/api/v1/documents/${id}/revert`, { headers: bearer(owner) });
  expect(reverted.ok()).toBe(true);
  menu = await menuOf(page, title);
  await menu.getByRole('menuitem', { name: 'Edit & Resend' }).click();
  await page.getByRole('dialog', { name: 'Edit & Resend' }).getByRole('button', { name: 'Edit & Resend' }).click();
  const refusal = toast(page, 'Only a document awaiting signatures allows this.');
  await expect(refusal.first()).toBeVisible();
  await expect(refusal).toHaveCount(1);
  await expect(page).toHaveURL(/\/documents\/awaiting$/);
});

test('an Only Others document: its access password is copied, and Edit & Resend stops the old links', async ({
  page,
  browser,
}) => {
  const owner = await apiSession(page.request, 'Olivia Owner');
  const [ann, ben] = people() as [Person, Person];
  const title = 'Supply contract';
  const { id } = await sendDocument(page.request, owner, { type: 'others', others: [ann, ben], title });
  const invitation = firstLink(await waitForMail(page.request, ann.email, /to sign/));
  await useSession(page, owner);
  // Nothing in the product sets an access password yet (a Business setting of part 2 of the spec): the owner's
  // answers are given one on their way to the page, so the menu shows the action and copies what the server
  // would send.
  const password = 'open-sesame';
  await page.route(
    (url) => url.pathname === '/api/v1/documents',
    async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as { items: { id: string; hasAccessCode: boolean }[] };
      for (const item of body.items) if (item.id === id) item.hasAccessCode = true;
      await route.fulfill({ response: answer, json: body });
    },
  );
  await page.route(
    (url) => url.pathname === `/api/v1/documents/${id}`,
    async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const answer = await route.fetch();
      await route.fulfill({ response: answer, json: { ...(await answer.json()), codeAccess: password } });
    },
  );
  await page.goto('/documents/awaiting');

  // Unordered: each signer has a link.
  let menu = await menuOf(page, title);
  await expect(menu.getByRole('menuitem', { name: `Copy signing link for ${ann.name}` })).toBeVisible();
  await menu.getByRole('menuitem', { name: `Copy signing link for ${ben.name}` }).click();
  await expect(toast(page, 'Copied to clipboard')).toBeVisible();
  const link = await clipboard(page);
  expect(link).toMatch(new RegExp(`/documents/${id}/sign\\?signAccessToken=`));

  menu = await menuOf(page, title);
  await menu.getByRole('menuitem', { name: 'Copy Access Password' }).click();
  await expect(toast(page, 'Copied to clipboard').first()).toBeVisible();
  await expect.poll(() => clipboard(page)).toBe(password);
  await page.unrouteAll();

  expect(await signerPageOpens(browser, link, title)).toBe(true);

  // Edit & Resend: confirmed, the document is a draft again and the editor opens.
  menu = await menuOf(page, title);
  await menu.getByRole('menuitem', { name: 'Edit & Resend' }).click();
  const confirm = page.getByRole('dialog', { name: 'Edit & Resend' });
  await expect(confirm).toContainText('signing links already sent stop working');
  await confirm.getByRole('button', { name: 'Edit & Resend' }).click();
  await expect(page).toHaveURL(new RegExp(`/documents/${id}/edit$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Prepare for Signing' })).toBeVisible();
  const document = await page.request.get(`/api/v1/documents/${id}`, { headers: bearer(owner) });
  expect(((await document.json()) as { status: string }).status).toBe('draft');

  // The copied link and the invitation's link no longer open the document.
  expect(await signerPageOpens(browser, link, title)).toBe(false);
  expect(await signerPageOpens(browser, invitation, title)).toBe(false);

  await page.goto(`/documents/${id}/preview`);
  await expect(page.locator('#document-activity')).toContainText('REVERTED');

  // Sent again from the editor: the signing link copied now is a new one that works (none cached from before).
  await page.goto(`/documents/${id}/edit`);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Thanks for sending your document' })).toBeVisible({
    timeout: 30_000,
  });
  await page.goto('/documents/awaiting');
  menu = await menuOf(page, title);
  await menu.getByRole('menuitem', { name: `Copy signing link for ${ben.name}` }).click();
  await expect(toast(page, 'Copied to clipboard')).toBeVisible();
  const newLink = await clipboard(page);
  expect(newLink).not.toBe(link);
  expect(await signerPageOpens(browser, newLink, title)).toBe(true);
});

test('completed documents: shared with viewers, downloaded and printed one by one, downloaded as a zip', async ({
  page,
}) => {
  const owner = await apiSession(page.request, 'Olivia Owner');
  const [first, second] = ['Signed lease', 'Signed invoice'];
  const firstId = await completedDocument(page.request, owner, first);
  await completedDocument(page.request, owner, second);
  // A draft without a file: nothing to download.
  const empty = await page.request.post('/api/v1/documents', {
    headers: bearer(owner),
    data: { type: 'others', title: 'Empty draft' },
  });
  expect(empty.ok()).toBe(true);
  await useSession(page, owner);
  await page.goto('/documents/completed');
  await expect(page.getByTestId('documents-counter')).toHaveText('1-2 of 2 results');

  // Share: at least one e-mail, then a mail to each viewer whose link downloads the result.
  const viewers = [uniqueEmail('viewer'), uniqueEmail('viewer')];
  let menu = await menuOf(page, first);
  await expect(menu.getByRole('menuitem', { name: 'Edit & Resend' })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'Share document' });
  await share.getByRole('button', { name: 'Send' }).click();
  await expect(share.getByRole('alert')).toHaveText('Add at least one e-mail address.');
  await share.getByRole('textbox', { name: 'Email 1' }).fill(viewers[0] ?? '');
  await share.getByRole('button', { name: 'Add email' }).click();
  await share.getByRole('textbox', { name: 'Email 2' }).fill(viewers[1] ?? '');
  await share.getByRole('button', { name: 'Send' }).click();
  await expect(toast(page, 'Document successfully sended to specified email(s).')).toBeVisible();
  await expect(share).toBeHidden();
  for (const viewer of viewers) {
    const mail = await waitForMail(page.request, viewer, /shared "Signed lease" with you/);
    const file = await page.request.get(firstLink(mail));
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
  }

  // Download one from the row menu, and from the preview page: the sealed result.
  menu = await menuOf(page, first);
  const [fromList] = await Promise.all([
    page.waitForEvent('download'),
    menu.getByRole('menuitem', { name: 'Download', exact: true }).click(),
  ]);
  expect(fromList.suggestedFilename()).toBe(`${first}.pdf`);
  expect(isSealedPdf(readFileSync(await fromList.path()))).toBe(true);

  await page.getByRole('link', { name: first }).click();
  await expect(page.getByRole('heading', { name: 'Document Preview' })).toBeVisible();
  const [fromPreview] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download', exact: true }).click(),
  ]);
  expect(fromPreview.suggestedFilename()).toBe(`${first}.pdf`);
  expect(isSealedPdf(readFileSync(await fromPreview.path()))).toBe(true);
  expect(page.url()).toContain(`/documents/${firstId}/preview`);
  // Print opens the result in a new tab, where the browser's viewer prints it.
  const [printTab] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Print', exact: true }).click(),
  ]);
  await printTab.waitForURL(/\/api\/v1\/files\//);
  const printed = await page.request.get(printTab.url());
  expect(isSealedPdf(await printed.body())).toBe(true);
  await printTab.close();
  await page.getByRole('link', { name: 'Back to Documents' }).click();

  // Several at once: one zip with each result.
  await page.getByRole('checkbox', { name: `Select ${first}` }).check();
  await page.getByRole('checkbox', { name: `Select ${second}` }).check();
  const [zip] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download (2)' }).click(),
  ]);
  await expect(toast(page, 'Files successfully downloaded!')).toBeVisible();
  expect(zip.suggestedFilename()).toBe('documents.zip');
  const entries = execFileSync('unzip', ['-Z1', await zip.path()], { encoding: 'utf8' })
    .trim()
    .split('\n');
  expect(entries.sort()).toEqual([`${first}.pdf`, `${second}.pdf`].sort());

  // A selection without any file: nothing is downloaded.
  await page.goto('/documents/draft');
  await page.getByRole('checkbox', { name: 'Select Empty draft' }).check();
  await page.getByRole('button', { name: 'Download (1)' }).click();
  await expect(toast(page, 'No files to download')).toBeVisible();

  // Deleted elsewhere while selected here: the delete is refused, and the refusal is told once.
  const { id: emptyId } = (await empty.json()) as { id: string };
  const deleted = await page.request.delete('/api/v1/documents', { headers: bearer(owner), data: { ids: [emptyId] } });
  expect(deleted.ok()).toBe(true);
  await page.getByRole('button', { name: 'Delete (1)' }).click();
  await page.getByRole('dialog', { name: 'Delete documents' }).getByRole('button', { name: 'Delete' }).click();
  const refusal = toast(page, 'Document not found');
  await expect(refusal.first()).toBeVisible();
  await expect(refusal).toHaveCount(1);
});

/** The result PDF carries the seal's signature dictionary; the original upload does not. */
function isSealedPdf(bytes: Buffer): boolean {
  return bytes.subarray(0, 5).toString() === '%PDF-' && bytes.includes('/ByteRange');
}

test("another user finds none of the owner's documents and gets 404 for every action", async ({ page }) => {
  const owner = await apiSession(page.request, 'Olivia Owner');
  const stranger: ApiSession = await apiSession(page.request, 'Sam Stranger');
  const [ann] = people() as [Person];
  const { id, headers } = await sendDocument(page.request, owner, { type: 'others', others: [ann], title: 'Private' });
  const completedId = await completedDocument(page.request, owner, 'Private result');
  const ownerDocument = (await (await page.request.get(`/api/v1/documents/${completedId}`, { headers })).json()) as {
    resultPdfFileKey: string;
  };
  const signers = (await (await page.request.get(`/api/v1/documents/${id}`, { headers })).json()) as {
    signers: { id: string }[];
  };
  const signerId = signers.signers[0]?.id ?? '';

  await useSession(page, stranger);
  await page.goto('/documents');
  await expect(page.getByTestId('documents-counter')).toHaveText('0-0 of 0 results');
  // The preview of someone else's document sends them back to their list.
  await page.goto(`/documents/${id}/preview`);
  await expect(page).toHaveURL(/\/documents$/);
  await expect(page.getByRole('heading', { name: 'Document Preview' })).toHaveCount(0);

  // Each call the list and the preview make, with the stranger's token.
  const as = { headers: bearer(stranger) };
  const sign = `/api/v1/document_sign/documents`;
  const calls = [
    page.request.get(`/api/v1/documents/${id}`, as),
    page.request.get(`/api/v1/documents/${id}/activities`, as),
    page.request.patch(`/api/v1/documents/${id}`, { ...as, data: { title: 'Mine now' } }),
    page.request.patch(`/api/v1/documents/${id}/revert`, as),
    page.request.post(`${sign}/${id}/send_reminders`, { ...as, data: { signersIds: [signerId] } }),
    page.request.patch(`/api/v1/document_sign/${id}/disable-reminders`, as),
    page.request.get(`${sign}/${id}/signing_url?userId=${signerId}`, as),
    page.request.get(`${sign}/${completedId}/share_url`, as),
    page.request.post(`${sign}/${completedId}/share`, { ...as, data: { recipients: [{ email: 'x@example.com' }] } }),
    page.request.post('/api/v1/auth/get_signed_download_url', {
      ...as,
      data: { key: ownerDocument.resultPdfFileKey, fileName: 'x.pdf' },
    }),
    page.request.post('/api/v1/documents/download_zip', { ...as, data: { ids: [completedId] } }),
    page.request.delete('/api/v1/documents', { ...as, data: { ids: [id, completedId] } }),
  ];
  const statuses = (await Promise.all(calls)).map((response) => response.status());
  expect(statuses).toEqual(calls.map(() => 404));
});
