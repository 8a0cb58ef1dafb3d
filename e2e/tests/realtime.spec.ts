import { randomUUID } from 'node:crypto';
import { blankField, SIGN_ACCESS_TOKEN_HEADER } from '@esign/shared';
import { expect, test } from '@playwright/test';
import { firstLink, uniqueEmail, waitForMail } from '../support/accounts.js';
import { apiSession, bearer, createDocumentWithPdf, patchDocument, useSession } from '../support/documents.js';
import { row } from '../support/list-rows.js';
import { makePdf } from '../support/pdf.js';

// Conversion, sending and the invitation mail run as jobs on a loaded machine.
test.setTimeout(120_000);

test("the owner's open list turns a row to Completed when its signer finishes, without a reload", async ({ page }) => {
  const owner = await apiSession(page.request, 'Olivia Owner');
  const title = `Realtime lease ${randomUUID().slice(0, 8)}`;
  const id = await createDocumentWithPdf(page.request, owner, { type: 'others', pdf: makePdf(1) });
  const signerEmail = uniqueEmail('signer');
  const withSigners = await patchDocument(page.request, owner, id, {
    title,
    signers: [{ name: 'Sam Signer', email: signerEmail, order: 1 }],
  });
  const signerId = withSigners.signers[0]?.id ?? '';
  const fieldId = randomUUID();
  await patchDocument(page.request, owner, id, {
    fields: [
      blankField({ id: fieldId, type: 'checkbox', coordinateX: 72, coordinateY: 120, width: 25, height: 25, signerId }),
    ],
  });
  const sent = await page.request.patch(`/api/v1/document_sign/documents/${id}/send_out`, { headers: bearer(owner) });
  expect(sent.ok(), await sent.text()).toBe(true);
  const token = new URL(firstLink(await waitForMail(page.request, signerEmail, /to sign/))).searchParams.get(
    'signAccessToken',
  );

  await useSession(page, owner);
  const socket = page.waitForEvent('websocket', (opened) => opened.url().includes('/socket.io'));
  await page.goto('/documents');
  await socket;
  await expect(row(page, title)).toContainText('Awaiting');
  // Reloads would navigate: a marker on the window proves the page stayed the same.
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });

  const signed = await page.request.patch(`/api/v1/document_sign/documents/${id}/signers/${signerId}/sign`, {
    headers: { [SIGN_ACCESS_TOKEN_HEADER]: token ?? '' },
    data: { fields: [{ id: fieldId, checked: true }], consent: 'I agree' },
  });
  expect(signed.ok(), await signed.text()).toBe(true);

  await expect(row(page, title)).toContainText('Completed');
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});
