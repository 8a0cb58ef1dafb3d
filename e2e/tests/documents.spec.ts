import { blankField } from '@esign/shared';
import { expect, type Page, test } from '@playwright/test';
import { createConfirmedUser, logIn } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { apiSession, createDocumentWithPdf, patchDocument, useSession } from '../support/documents.js';
import { makePdf } from '../support/pdf.js';

/**
 * The document lists. Documents are made through the API (drafts with titles); the actions on awaiting and
 * completed documents, and the search by signer, are in document-actions.spec.ts.
 */
async function logInWithDocuments(page: Page, titles: string[]) {
  const user = await createConfirmedUser(page.request);
  const signIn = await page.request.post('/api/v1/auth/sign_in', {
    data: { email: user.email, password: user.password },
  });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  for (const title of titles) {
    const created = await page.request.post('/api/v1/documents', {
      headers: { authorization: `Bearer ${accessToken}` },
      data: { type: 'others', title },
    });
    expect(created.ok()).toBe(true);
  }
  await logIn(page, user);
}

const rows = (page: Page) => page.getByTestId('document-row');
const counter = (page: Page) => page.getByTestId('documents-counter');

test('finds, filters, sorts and pages documents', async ({ page }) => {
  const titles = Array.from({ length: 11 }, (_, index) => `Invoice ${String(index + 1).padStart(2, '0')}`);
  await logInWithDocuments(page, [...titles, 'Lease Agreement']);

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Documents' }).click();
  await expect(page).toHaveURL(/\/documents$/);
  await expect(counter(page)).toHaveText('1-10 of 12 results');
  await expect(rows(page).first()).toContainText('Lease Agreement');
  await expectNoSeriousA11yViolations(page);

  // Pages: the second page holds the remaining two.
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(counter(page)).toHaveText('11-12 of 12 results');
  await expect(rows(page)).toHaveCount(2);

  // Sorting by title, ascending then descending.
  await page.getByRole('button', { name: 'Sort by TITLE' }).click();
  await expect(counter(page)).toHaveText('1-10 of 12 results');
  await expect(rows(page).first()).toContainText('Invoice 01');
  await page.getByRole('button', { name: 'Sort by TITLE' }).click();
  await expect(rows(page).first()).toContainText('Lease Agreement');
  // The whole header cell sorts, not only its label: a click near the cell's right edge sorts too.
  const titleHeader = page.getByRole('columnheader', { name: 'Sort by TITLE' });
  const cell = await titleHeader.boundingBox();
  await page.mouse.click((cell?.x ?? 0) + (cell?.width ?? 0) - 6, (cell?.y ?? 0) + (cell?.height ?? 0) - 4);
  await expect(titleHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(rows(page).first()).toContainText('Invoice 01');

  // Search by title, case-insensitive (debounced).
  await page.getByRole('searchbox', { name: 'Search for Documents...' }).fill('lease agr');
  await expect(counter(page)).toHaveText('1-1 of 1 results');
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Search for Documents...' }).fill('');
  await expect(counter(page)).toHaveText('1-10 of 12 results');

  // Status filters: every document is a draft.
  await page.getByText('Awaiting Signature', { exact: true }).first().click();
  await expect(page).toHaveURL(/\/documents\/awaiting$/);
  await expect(counter(page)).toHaveText('0-0 of 0 results');
  await page.goto('/documents/draft');
  await expect(counter(page)).toHaveText('1-10 of 12 results');
  await page.goto('/documents/unknown');
  await expect(page).toHaveURL(/\/documents$/);
});

test('renames and deletes documents, and opens the preview with its activity', async ({ page }) => {
  await logInWithDocuments(page, ['Old title', 'Second', 'Third']);
  await page.goto('/documents');
  await expect(counter(page)).toHaveText('1-3 of 3 results');

  await page.getByRole('button', { name: 'Actions of Old title' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await page.getByRole('dialog').getByLabel('Title').fill('New title');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Document successfully updated!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'New title' })).toBeVisible();

  await page.getByRole('link', { name: 'New title' }).click();
  await expect(page.getByRole('heading', { name: 'Document Preview' })).toBeVisible();
  await expect(page.locator('#document-activity')).toContainText('CREATED');
  await expect(page.locator('#document-activity')).toContainText(/\d{2}:\d{2}:\d{2} UTC[+-]\d{2}:\d{2}/);
  await page.getByRole('link', { name: 'Back to Documents' }).click();

  await page.getByRole('checkbox', { name: 'Select Second' }).check();
  await page.getByRole('checkbox', { name: 'Select Third' }).check();
  await page.getByRole('button', { name: 'Delete (2)' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Documents deleted successfully.')).toBeVisible();
  await expect(counter(page)).toHaveText('1-1 of 1 results');
});

test('the list on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await logInWithDocuments(page, ['Phone document']);
  await page.goto('/documents');
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Phone document' })).toBeVisible();
});

test("a draft's preview draws its pages with pdf.js and shows its fields, read-only", async ({ page }) => {
  const session = await apiSession(page.request);
  const documentId = await createDocumentWithPdf(page.request, session, { type: 'others', pdf: makePdf(2) });
  const { signers } = await patchDocument(page.request, session, documentId, {
    title: 'Lease',
    signers: [{ name: 'Bob Signer', email: 'bob@example.com', isPreparer: false, order: 1 }],
  });
  const signerId = signers[0]?.id ?? null;
  await patchDocument(page.request, session, documentId, {
    fields: [
      blankField({
        id: crypto.randomUUID(),
        type: 'signature',
        pageNumber: 2,
        coordinateX: 72,
        coordinateY: 600,
        width: 180,
        height: 60,
        signerId,
      }),
      blankField({
        id: crypto.randomUUID(),
        type: 'text',
        text: 'Prefilled',
        coordinateX: 72,
        coordinateY: 200,
        width: 200,
        height: 24,
        signerId,
      }),
    ],
  });
  await useSession(page, session);
  await page.goto(`/documents/${documentId}/preview`);
  await expect(page.getByRole('heading', { name: 'Document Preview' })).toBeVisible();

  const secondPage = page.getByRole('region', { name: 'Page 2 of 2' });
  await secondPage.scrollIntoViewIfNeeded();
  await expect(page.getByRole('region', { name: 'Page 1 of 2' }).locator('canvas')).toBeVisible();
  await expect(secondPage.locator('canvas')).toBeVisible();
  const box = secondPage.getByTestId('preview-field');
  await expect(box).toHaveText('Signature');
  await expect(box).toHaveAttribute('data-signed', 'false');
  // Placed from its PDF points: 72 pt from the left of a 612 pt wide page.
  const [pageBox, fieldBox] = [await secondPage.boundingBox(), await box.boundingBox()];
  expect(pageBox && fieldBox ? (fieldBox.x - pageBox.x) / pageBox.width : 0).toBeCloseTo(72 / 612, 2);
  await expect(secondPage.locator('input, button')).toHaveCount(0);
  // A field with its value shows the value.
  await expect(page.getByRole('region', { name: 'Page 1 of 2' }).getByTestId('preview-field')).toHaveText('Prefilled');
  await expect(page.locator('#document-activity')).toContainText('CREATED');

  // On a phone: the pages fit the screen and the header has only Download.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('button', { name: 'Download' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Page 1 of 2' }).locator('canvas')).toBeVisible();
  await expect
    .poll(async () => (await page.getByRole('region', { name: 'Page 1 of 2' }).boundingBox())?.width ?? 999)
    .toBeLessThan(375);
  // Page 1 is drawn again at the phone's width (PdfPageCanvas marks each finished render).
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance
          .getEntriesByName('esign:page-rendered')
          .some(
            (mark) => (mark as PerformanceMark).detail.pageNumber === 1 && (mark as PerformanceMark).detail.width < 375,
          ),
      ),
    )
    .toBe(true);
});
