import { expect, test } from '@playwright/test';
import { firstLink, mailsTo, uniqueEmail, waitForMail } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { apiSession } from '../support/documents.js';
import { prepareOthersDocument, sendWithRecipients, signTextThroughApi, tokenOf } from '../support/recipients.js';

test.setTimeout(180_000);

// Issue 36, item 6: roles besides signer.
test('the prepare page gives each recipient a role; the editor offers only the signer for fields', async ({ page }) => {
  const { prepare, rows } = await prepareOthersDocument(page, 'Supply contract');
  const people = [
    ['Alma Approver', 'approver', 'Approver'],
    ['Sam Signer', 'signer', 'Signer'],
    ['Cora Copy', 'cc', 'Receives a copy (CC)'],
  ] as const;
  for (const [index, [name, , label]] of people.entries()) {
    if (index > 0) await page.getByRole('button', { name: 'Add signer' }).click();
    await rows.nth(index).getByLabel('Name').fill(name);
    await rows
      .nth(index)
      .getByLabel('Email')
      .fill(uniqueEmail(name.split(' ')[0]?.toLowerCase()));
    await rows
      .nth(index)
      .getByRole('combobox', { name: `Role of recipient ${index + 1}` })
      .selectOption(label);
  }
  await page.screenshot({ path: test.info().outputPath('prepare-roles-1280.png'), fullPage: true });
  const editor = page.waitForURL(/\/documents\/[0-9a-f-]{36}\/edit$/);
  await prepare.click();
  await editor;

  const token = await page.evaluate<string | null>("localStorage.getItem('esign.accessToken')");
  const documentId = page.url().match(/documents\/([0-9a-f-]{36})\/edit/)?.[1];
  const saved = await page.request.get(`/api/v1/documents/${documentId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const document = (await saved.json()) as { signers: { name: string; recipientRole: string; isPreparer: boolean }[] };
  expect(document.signers.filter((s) => !s.isPreparer).map((s) => [s.name, s.recipientRole])).toEqual(
    people.map(([name, role]) => [name, role]),
  );
  // 'Who fills this out?' offers the signer alone: an approver and a cc own no fields.
  await page.getByRole('navigation', { name: 'Fields' }).getByRole('button', { name: 'Signature' }).click();
  const popup = page.getByRole('dialog', { name: 'Who fills this out?' });
  await expect(popup.getByRole('radio', { name: /Sam Signer/ })).toBeVisible();
  await expect(popup.getByRole('radio')).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('editor-signers-only-1280.png') });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('an approver approves, a signer signs, a viewer acknowledges; the cc gets the completed copy', async ({
    page,
    request,
  }) => {
    const owner = await apiSession(request, 'Olivia Owner');
    const approver = { name: 'Alma Approver', email: uniqueEmail('alma'), recipientRole: 'approver' as const };
    const signer = { name: 'Sam Signer', email: uniqueEmail('sam') };
    const viewer = { name: 'Vic Viewer', email: uniqueEmail('vic'), recipientRole: 'viewer' as const };
    const cc = { name: 'Cora Copy', email: uniqueEmail('cora'), recipientRole: 'cc' as const };
    const doc = await sendWithRecipients(request, owner, {
      title: 'Supply contract',
      recipients: [approver, signer, viewer, cc],
    });

    // The approver's mail asks to review and approve; its page offers Approve and Reject.
    const invitation = await waitForMail(request, approver.email, /review and approve/);
    await page.goto(firstLink(invitation));
    await expect(page.getByText('Olivia Owner asks you to review and approve this document.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reject' })).toBeVisible();
    await expect(page.getByText(/fields? left/)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Page 1 of 1' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('approver-375.png') });
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('You have approved the document')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('approver-approved-375.png') });

    // The signer's turn comes after the approval; the viewer's after the signature.
    const signerMail = await waitForMail(request, signer.email, /to sign/);
    expect(await mailsTo(request, viewer.email)).toEqual([]);
    await signTextThroughApi(request, {
      documentId: doc.id,
      signerId: doc.idOf.get(signer.email) ?? '',
      fieldId: doc.fieldOf.get(signer.email) ?? '',
      token: tokenOf(firstLink(signerMail)),
      text: 'Sam Signer',
    });

    const viewMail = await waitForMail(request, viewer.email, /to view/);
    await page.goto(firstLink(viewMail));
    await expect(page.getByText('Olivia Owner asks you to view this document.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Page 1 of 1' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('viewer-375.png') });
    await page.getByRole('button', { name: 'I have viewed this document' }).click();
    await expect(page.getByText('Thank you for viewing the document')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('viewer-acknowledged-375.png') });

    // Complete: the cc was never invited and gets the completion mail alone.
    const completion = await waitForMail(request, cc.email, /^Completed:/);
    expect((await mailsTo(request, cc.email)).map((mail) => mail.subject)).toEqual([completion.subject]);
  });

  test('an approver rejects with a reason; the document is declined, its link says so on return, the sender is told', async ({
    page,
    request,
  }) => {
    const owner = await apiSession(request, 'Olivia Owner');
    const approver = { name: 'Rita Reviewer', email: uniqueEmail('rita'), recipientRole: 'approver' as const };
    const signer = { name: 'Sam Signer', email: uniqueEmail('sam') };
    await sendWithRecipients(request, owner, { title: 'Price list', recipients: [approver, signer] });

    await page.goto(firstLink(await waitForMail(request, approver.email, /review and approve/)));
    await page.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject this document' });
    const confirm = dialog.getByRole('button', { name: 'Reject document' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Reason for rejecting').fill('The prices on page 2 are last year’s.');
    await page.screenshot({ path: test.info().outputPath('reject-modal-375.png') });
    await expectNoSeriousA11yViolations(page);
    await confirm.click();
    await expect(page.getByText('You have rejected the document')).toBeVisible();
    await expect(page.getByText('The prices on page 2 are last year’s.')).toBeVisible();

    // The rejection declines the document: the link now says so, the sender is mailed, the signer never invited.
    await page.reload();
    await expect(page.getByText('This document was declined')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('rejected-375.png') });
    await waitForMail(request, owner.email, /declined to sign "Price list"/);
    expect(await mailsTo(request, signer.email)).toEqual([]);
  });
});
