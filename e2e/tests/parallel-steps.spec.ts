import { expect, test } from '@playwright/test';
import { firstLink, mailsTo, uniqueEmail, waitForMail } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { apiSession } from '../support/documents.js';
import { prepareOthersDocument, sendWithRecipients, signTextThroughApi, tokenOf } from '../support/recipients.js';

test.setTimeout(180_000);

// Issue 36, item 7: parallel groups inside an order.
test('the prepare page puts two recipients in one step of the signing order', async ({ page }) => {
  const { prepare, rows } = await prepareOthersDocument(page, 'Board resolution');
  for (const [index, name] of ['Lena Lawyer', 'Dora Director', 'Dan Director'].entries()) {
    if (index > 0) await page.getByRole('button', { name: 'Add signer' }).click();
    await rows.nth(index).getByLabel('Name').fill(name);
    await rows
      .nth(index)
      .getByLabel('Email')
      .fill(uniqueEmail(name.split(' ')[0]?.toLowerCase()));
  }
  await page.getByLabel('Set signing order').check();
  await expect(rows.nth(2).getByRole('spinbutton', { name: 'Step of recipient 3' })).toHaveValue('');
  await rows.nth(1).getByRole('spinbutton', { name: 'Step of recipient 2' }).fill('2');
  await rows.nth(2).getByRole('spinbutton', { name: 'Step of recipient 3' }).fill('2');
  await page.screenshot({ path: test.info().outputPath('prepare-steps-1280.png'), fullPage: true });
  const editor = page.waitForURL(/\/documents\/[0-9a-f-]{36}\/edit$/);
  await prepare.click();
  await editor;

  const token = await page.evaluate<string | null>("localStorage.getItem('esign.accessToken')");
  const documentId = page.url().match(/documents\/([0-9a-f-]{36})\/edit/)?.[1];
  const saved = await page.request.get(`/api/v1/documents/${documentId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const document = (await saved.json()) as { isOrdered: boolean; signers: { step: number; isPreparer: boolean }[] };
  expect(document.isOrdered).toBe(true);
  expect(document.signers.filter((s) => !s.isPreparer).map((s) => s.step)).toEqual([1, 2, 2]);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('after the first step both recipients of the second act in any order; the next waits for both', async ({
    page,
    request,
  }) => {
    const owner = await apiSession(request, 'Olivia Owner');
    const lawyer = { name: 'Lena Lawyer', email: uniqueEmail('lena'), step: 1 };
    const dora = { name: 'Dora Director', email: uniqueEmail('dora'), step: 2 };
    const dan = { name: 'Dan Director', email: uniqueEmail('dan'), step: 2 };
    const clerk = { name: 'Cleo Clerk', email: uniqueEmail('cleo'), step: 3 };
    const doc = await sendWithRecipients(request, owner, {
      title: 'Board resolution',
      recipients: [lawyer, dora, dan, clerk],
    });
    const sign = async (person: { email: string; name: string }, link: string) =>
      signTextThroughApi(request, {
        documentId: doc.id,
        signerId: doc.idOf.get(person.email) ?? '',
        fieldId: doc.fieldOf.get(person.email) ?? '',
        token: tokenOf(link),
        text: person.name,
      });

    // Step 1 alone: the directors are not invited yet.
    const lawyerLink = firstLink(await waitForMail(request, lawyer.email, /to sign/));
    expect(await mailsTo(request, dora.email)).toEqual([]);
    expect(await mailsTo(request, dan.email)).toEqual([]);
    await sign(lawyer, lawyerLink);

    // Step 2: both directors invited at once; Dan signs first, then Dora's page is still hers to sign.
    const doraLink = firstLink(await waitForMail(request, dora.email, /to sign/));
    const danLink = firstLink(await waitForMail(request, dan.email, /to sign/));
    expect((await sign(dan, danLink)).documentStatus).toBe('awaiting');
    expect(await mailsTo(request, clerk.email)).toEqual([]);

    await page.goto(doraLink);
    await expect(page.getByRole('heading', { level: 1, name: 'Board resolution' })).toBeVisible();
    await expect(page.getByText('1 field left')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start signing' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Page 1 of 1' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('parallel-second-signer-375.png') });
    await expectNoSeriousA11yViolations(page);

    // Step 3 begins once both directors have signed.
    await sign(dora, doraLink);
    const clerkLink = firstLink(await waitForMail(request, clerk.email, /to sign/));
    await sign(clerk, clerkLink);
    await waitForMail(request, owner.email, /^Completed:/);
  });
});
