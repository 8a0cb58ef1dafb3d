import { csvRowMessage, MESSAGES, quotaExceededMessage } from '@esign/shared';
import { expect, type Page, test } from '@playwright/test';
import { firstLink, setPlan, uniqueEmail, waitForMail } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { apiSession, useSession } from '../support/documents.js';
import { liveTemplate } from '../support/live-template.js';

test.setTimeout(180_000);

interface CsvPerson {
  name: string;
  email: string;
  company?: string;
}

/** A CSV as a spreadsheet saves it: every cell quoted, quotes doubled, CRLF line ends. */
function csvOf(header: string[], rows: string[][]): Buffer {
  const line = (cells: string[]) => cells.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(',');
  return Buffer.from([line(header), ...rows.map(line)].join('\r\n'));
}

async function chooseTemplate(page: Page, title: string) {
  await page.getByRole('textbox', { name: 'Template' }).click();
  await page.getByRole('option', { name: new RegExp(title) }).click();
}

async function addFile(page: Page, name: string, buffer: Buffer, mimeType = 'text/csv') {
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType, buffer });
}

test('a live template goes to a 20-row CSV: the rows are checked, sent, and every signer mailed a working link', async ({
  page,
  request,
  browser,
}) => {
  const owner = await apiSession(request, 'Bea Bulk');
  await setPlan(request, owner.email, 'business');
  await liveTemplate(request, owner, { title: 'Offer letter', roles: ['Candidate'], textLabel: 'Company' });
  const people: CsvPerson[] = Array.from({ length: 20 }, (_, index) => ({
    // The first name holds the separator: quoted in the file, it stays one cell.
    name: index === 0 ? 'Lee, Ann' : `Signer ${index + 1}`,
    email: uniqueEmail(`bulk${index + 1}`),
    company: `Company ${index + 1}`,
  }));
  const csv = csvOf(
    ['Full name', 'E-mail', 'Company', 'Notes'],
    people.map((person) => [person.name, person.email, person.company ?? '', 'not used']),
  );

  await useSession(page, owner);
  await page.goto('/bulk-send');
  await expect(page.getByRole('heading', { level: 1, name: 'Get Your Template Signed by Many' })).toBeVisible();
  await chooseTemplate(page, 'Offer letter');
  await addFile(page, 'signers.csv', csv);

  // The columns are guessed from the headers; Company fills the template's text field of that label.
  await expect(page.getByRole('textbox', { name: 'Name column' })).toHaveValue('Full name');
  await expect(page.getByRole('textbox', { name: 'Email column' })).toHaveValue('E-mail');
  await expect(page.getByTestId('prefill-columns')).toContainText('Column “Company” fills the text field “Company”');
  await expect(page.getByTestId('prefill-columns')).toContainText('Not used: Notes');

  // The dry run lists every row, ready.
  await expect(page.getByTestId('rows-ready')).toHaveText('20 of 20 rows are ready to send.');
  await expect(page.getByTestId('bulk-row')).toHaveCount(20);
  const first = page.getByTestId('bulk-row').first();
  await expect(first).toContainText('Lee, Ann');
  await expect(first).toContainText(people[0]?.email ?? '');
  await expect(first).toContainText('Company: Company 1');

  await page.getByRole('button', { name: 'Send to 20 signers' }).click();
  await expect(page.getByText(MESSAGES.bulkSendCreated)).toBeVisible();
  // Every row sent: the page goes to the documents, where the 20 new ones are listed.
  await expect(page).toHaveURL(/\/documents$/, { timeout: 60_000 });
  await expect(page.getByTestId('documents-counter')).toHaveText('1-10 of 20 results');

  // Every signer has an invitation; the first one's link opens its own document, prefilled, ready to sign.
  const mails = [];
  for (const person of people) mails.push(await waitForMail(request, person.email, /Offer letter/));
  const signer = await browser.newContext();
  const signerPage = await signer.newPage();
  const [invitation] = mails;
  if (!invitation) throw new Error('no invitation');
  await signerPage.goto(firstLink(invitation));
  await expect(signerPage.getByRole('heading', { level: 1, name: 'Offer letter' })).toBeVisible();
  await expect(signerPage.getByRole('button', { name: 'Start signing' })).toBeVisible();
  // The row's prefill shows in the signer's field (a button that opens its step).
  await expect(signerPage.getByRole('button', { name: /^Company for / })).toContainText('Company 1');
  await signer.close();
});

test('a file with bad rows lists each as Row N: message and sends nothing; other files and templates are refused', async ({
  page,
  request,
}) => {
  const owner = await apiSession(request, 'Bo Checker');
  await setPlan(request, owner.email, 'business');
  await liveTemplate(request, owner, { title: 'Consent form', roles: ['Parent'] });
  await liveTemplate(request, owner, { title: 'Joint lease', roles: ['Tenant', 'Landlord'] });

  await useSession(page, owner);
  await page.goto('/bulk-send');
  // A template with two signers says why it cannot be used.
  await chooseTemplate(page, 'Joint lease');
  await expect(page.getByText(MESSAGES.bulkSendOneSigner)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose CSV file' })).toHaveCount(0);

  await chooseTemplate(page, 'Consent form');
  await addFile(page, 'signers.xlsx', Buffer.from('PK not a csv'), 'application/octet-stream');
  await expect(page.getByRole('alert')).toHaveText(
    'Only .csv files can be used: save the spreadsheet as CSV and add it again.',
  );

  const csv = csvOf(
    ['Name', 'Email'],
    [
      ['Ann Lee', uniqueEmail('ann')],
      ['Bob Stone', ''],
      ['=HYPERLINK("http://example.com")', uniqueEmail('eve')],
      ['Cy Young', 'not-an-address'],
    ],
  );
  await addFile(page, 'signers.csv', csv);
  const errors = page.getByTestId('row-errors');
  await expect(errors).toContainText(csvRowMessage(3, MESSAGES.signerNoEmail));
  await expect(errors).toContainText(csvRowMessage(4, MESSAGES.signerNameFormula));
  await expect(errors).toContainText(csvRowMessage(5, MESSAGES.signerEmailInvalid));
  await expect(page.getByTestId('rows-ready')).toHaveText('1 of 4 rows are ready to send.');
  await expect(page.getByTestId('bulk-row')).toHaveCount(4);
  await expect(page.getByRole('button', { name: 'Send to 1 signer' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
});

test('rows over the free quota fail with its message; after an upgrade they are sent again', async ({
  page,
  request,
}) => {
  const owner = await apiSession(request, 'Fay Free');
  await setPlan(request, owner.email, 'business');
  await liveTemplate(request, owner, { title: 'Welcome pack', roles: ['Member'] });
  await setPlan(request, owner.email, 'free');
  const people = Array.from({ length: 5 }, (_, index) => ({
    name: `Member ${index + 1}`,
    email: uniqueEmail(`member${index + 1}`),
  }));

  await useSession(page, owner);
  await page.goto('/bulk-send');
  await chooseTemplate(page, 'Welcome pack');
  await addFile(
    page,
    'members.csv',
    csvOf(
      ['Name', 'Email'],
      people.map((person) => [person.name, person.email]),
    ),
  );
  await expect(page.getByText('On the free plan you can send 3 more signature requests this month')).toBeVisible();
  await page.getByRole('button', { name: 'Send to 5 signers' }).click();

  // The free plan's 3 documents go out; the 2 rows after them fail with the quota's sentence.
  await expect(page.getByTestId('batch-progress')).toHaveText('5 of 5 rows done', { timeout: 60_000 });
  await expect(page.getByText('2 rows failed')).toBeVisible();
  const rows = page.getByTestId('bulk-row');
  await expect(rows.filter({ hasText: 'Sent' })).toHaveCount(3);
  await expect(rows.filter({ hasText: quotaExceededMessage(3) })).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Go to documents' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await setPlan(request, owner.email, 'business');
  await page.getByRole('button', { name: 'Send failed rows again' }).click();
  await expect(page).toHaveURL(/\/documents$/, { timeout: 60_000 });
  for (const person of people) await waitForMail(request, person.email, /Welcome pack/);
});
