import { randomUUID } from 'node:crypto';
import { blankField, type Document } from '@esign/shared';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { firstLink, uniqueEmail, waitForMail } from '../support/accounts.js';
import {
  apiSession,
  bearer,
  createDocumentWithPdf,
  patchDocument,
  sentToBob,
  useSession,
} from '../support/documents.js';
import { makePdf } from '../support/pdf.js';

test.setTimeout(120_000);

/** A document sent to Bob (issue 37): a plan to choose, and a VAT number asked for only when the plan is Pro. */
function conditionalDocument(request: APIRequestContext) {
  return sentToBob(request, 'Plan order', (field) => [
    field('dropdown', 100, { placeholder: 'Plan', settings: { name: 'plan', choices: ['Basic', 'Pro'] } }),
    field('text', 160, {
      placeholder: 'VAT number',
      width: 150,
      settings: { condition: { field: 'Plan', op: 'equals', value: 'Pro' } },
    }),
  ]);
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('a field shows, with its step, only while the plan chosen is Pro, and keeps no value when hidden', async ({
    page,
  }) => {
    const { id, email, owner } = await conditionalDocument(page.request);
    await page.goto(firstLink(await waitForMail(page.request, email, /to sign/)));
    await expect(page.getByRole('heading', { level: 1, name: 'Plan order' })).toBeVisible();
    const onPage = page.locator('[data-field-id]');
    await expect(onPage).toHaveCount(1);
    await expect(page.getByText('1 field left')).toBeVisible();

    await page.getByRole('button', { name: 'Start signing' }).tap();
    const sheet = page.getByTestId('step-sheet');
    await sheet.getByRole('combobox', { name: 'Plan' }).selectOption('Pro');
    // The VAT number appears on the page and becomes the next step.
    await expect(onPage).toHaveCount(2);
    await sheet.getByRole('button', { name: 'Next' }).tap();
    await sheet.getByRole('textbox', { name: 'VAT number' }).fill('EU123');
    await page.screenshot({ path: test.info().outputPath('conditions-shown-375.png') });

    await sheet.getByRole('button', { name: 'Back' }).tap();
    await sheet.getByRole('combobox', { name: 'Plan' }).selectOption('Basic');
    await expect(onPage).toHaveCount(1);
    await page.screenshot({ path: test.info().outputPath('conditions-hidden-375.png') });
    await sheet.getByRole('button', { name: 'Submit' }).tap();
    await page.getByRole('dialog', { name: 'Almost done!' }).getByRole('button', { name: 'I Agree' }).tap();
    await expect(page.getByRole('dialog', { name: 'You have signed the document' })).toBeVisible();

    const answer = await page.request.get(`/api/v1/documents/${id}`, { headers: bearer(owner) });
    const document = (await answer.json()) as Document;
    expect(document.fields.map((field) => field.text)).toEqual(['Basic', null]);
  });
});

test('the editor draws a line from a conditional field to the field it hangs on, and shows its condition', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = await apiSession(page.request, 'Olivia Owner');
  const id = await createDocumentWithPdf(page.request, owner, { type: 'others', pdf: makePdf(1) });
  const { signers } = await patchDocument(page.request, owner, id, {
    signers: [{ name: 'Bob Signer', email: uniqueEmail('bob'), order: 1 }],
  });
  const signerId = signers[0]?.id ?? null;
  const vat = blankField({
    id: randomUUID(),
    type: 'text',
    coordinateX: 300,
    coordinateY: 300,
    width: 150,
    signerId,
    settings: { condition: { field: 'plan', op: 'equals', value: 'Pro' } },
  });
  await patchDocument(page.request, owner, id, {
    fields: [
      blankField({
        id: randomUUID(),
        type: 'dropdown',
        coordinateX: 72,
        coordinateY: 100,
        signerId,
        settings: { name: 'Plan', choices: ['Basic', 'Pro'] },
      }),
      vat,
    ],
  });
  await useSession(page, owner);
  await page.goto(`/documents/${id}/edit`);
  await expect(page.locator('[data-testid="editor-page"] canvas')).toBeVisible();
  await expect(page.getByTestId('condition-link')).toHaveCount(0);
  await page.locator(`[data-field-id="${vat.id}"]`).hover();
  await expect(page.getByTestId('condition-link')).toHaveCount(1);
  await page.locator(`[data-field-id="${vat.id}"]`).click();
  const panel = page.getByRole('region', { name: 'Selected field' });
  await expect(panel.getByRole('textbox', { name: /Show only when/ })).toHaveValue('Plan (Dropdown)');
  await expect(panel.getByRole('textbox', { name: 'Value', exact: true })).toHaveValue('Pro');
  await page.screenshot({ path: test.info().outputPath('conditions-editor-1280.png') });
});
