import { SIGN_ACCESS_TOKEN_HEADER } from '@esign/shared';
import { expect, type Page, test } from '@playwright/test';
import { firstLink, OUTBOX_KEY, setPlan, uniqueEmail, waitForMail } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import {
  apiSession,
  completedDocument,
  createDocumentWithPdf,
  sendDocument,
  useSession,
} from '../support/documents.js';
import { liveTemplate } from '../support/live-template.js';
import { makePdf, ONE_PIXEL_PNG } from '../support/pdf.js';

// Every page of the app, checked by axe-core for serious and critical violations once its content is shown
// (issue 26). The logged-out pages and the shell are in shell.spec.ts; the signer page, its step sheet, /verify,
// forms and the team page in their own journeys. A page added to the app is added here.

test.describe.configure({ timeout: 240_000 });

/**
 * Opens `path`, waits until its requests are answered and `shown` is visible (a heading by default), then checks it
 * (softly: every page's findings are reported).
 */
async function check(page: Page, path: string, shown = (p: Page) => p.getByRole('heading')) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(shown(page).first(), path).toBeVisible({ timeout: 20_000 });
  await expectNoSeriousA11yViolations(page, { soft: true });
}

test('every page behind a log-in has no serious accessibility violation', async ({ page, request }) => {
  const owner = await apiSession(request, 'Ada Owner');
  await setPlan(request, owner.email, 'business');
  const draft = await createDocumentWithPdf(request, owner, { type: 'others', pdf: makePdf(2) });
  const completed = await completedDocument(request, owner, 'Sealed lease');
  const template = await liveTemplate(request, owner, { title: 'Lease template', roles: ['Tenant'] });
  await useSession(page, owner);

  const paths = [
    '/sign',
    '/only-me',
    '/me-and-others',
    '/only-others',
    '/documents',
    '/documents/completed',
    `/documents/${completed}/preview`,
    `/documents/${draft}/edit`,
    '/templates',
    '/templates/create',
    `/templates/${template.id}/edit`,
    `/templates/${template.id}/edit/fields`,
    '/form-requests',
    '/form-requests/create',
    '/bulk-send',
    '/team',
    '/integrations',
    '/settings/profile',
    '/settings/edit-signature',
    '/settings/security',
    '/settings/company',
    '/settings/sso',
    '/settings/retention',
    '/settings/billing',
    '/settings/billing/plan',
    '/settings/api',
    '/about',
    '/verify',
    `/dev/mail?token=${OUTBOX_KEY}`,
    `/documents/${completed}/download`,
  ];
  // The field editor's colours are read over the drawn page: before its canvas shows, a field's label sits on the
  // viewer's grey, which is not what a reader sees.
  const editorPage = (p: Page) => p.getByTestId('editor-scroll').locator('canvas');
  for (const path of paths) await check(page, path, path.endsWith('/edit/fields') ? editorPage : undefined);
});

test('the purchase and invitation pages have no serious accessibility violation', async ({ page }) => {
  await check(page, '/signup/personal');
  await check(page, '/signup/business');
  await check(page, '/teams/00000000-0000-4000-8000-000000000000/accept_invite?token=x');
});

test("the list's 'signed' signers and the API page's webhook badges read at 4.5:1 or more", async ({
  page,
  request,
}) => {
  // Cause: 'signed' was drawn in Mantine's green 8 and the webhook badges white on green 8 (3.44:1), under AA's
  // 4.5:1; axe found them only with a signed signer in the list and a webhook on the page, which no check had.
  const owner = await apiSession(request, 'Ada Owner');
  const bob = uniqueEmail('bob');
  const { id, fieldIds } = await sendDocument(request, owner, {
    type: 'others',
    others: [
      { name: 'Bob Signer', email: bob },
      { name: 'Carol Signer', email: uniqueEmail('carol') },
    ],
    title: 'Signed by Bob',
  });
  // Bob signs through his link's calls, as the signer page does.
  const token = new URL(firstLink(await waitForMail(request, bob, /to sign/))).searchParams.get('signAccessToken');
  const asBob = { [SIGN_ACCESS_TOKEN_HEADER]: token ?? '' };
  const [bobSigner] = (await (
    await request.get(`/api/v1/document_sign/documents/${id}/signers`, { headers: asBob })
  ).json()) as { id: string }[];
  const image = `data:image/png;base64,${ONE_PIXEL_PNG.toString('base64')}`;
  const pair = (await (
    await request.post('/api/v1/requisites', {
      headers: asBob,
      data: {
        requisites: [
          { type: 'sign', valueType: 'draw', image },
          { type: 'initial', valueType: 'draw', image },
        ],
      },
    })
  ).json()) as { id: string; type: string }[];
  const signed = await request.patch(`/api/v1/document_sign/documents/${id}/signers/${bobSigner?.id}/sign`, {
    headers: asBob,
    data: {
      fields: [{ id: fieldIds[0], requisiteId: pair.find((item) => item.type === 'sign')?.id }],
      consent: 'I agree',
    },
  });
  expect(signed.ok(), await signed.text()).toBe(true);
  const headers = { Authorization: `Bearer ${owner.accessToken}` };
  const hooks = ['http://127.0.0.1:9/enabled', 'http://127.0.0.1:9/disabled'];
  const ids: string[] = [];
  for (const url of hooks) {
    const made = await request.post('/api/v1/webhooks', { headers, data: { url, events: ['document.completed'] } });
    expect(made.ok(), await made.text()).toBe(true);
    ids.push(((await made.json()) as { webhook: { id: string } }).webhook.id);
  }
  const off = await request.patch(`/api/v1/webhooks/${ids[1]}`, { headers, data: { isEnabled: false } });
  expect(off.ok(), await off.text()).toBe(true);
  await useSession(page, owner);

  await check(page, '/documents', (p) => p.getByText(/Bob Signer.*signed/));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath('documents-signed-1280.png') });
  await check(page, '/settings/api', (p) => p.getByRole('cell', { name: hooks[1] }));
  await page.screenshot({ path: test.info().outputPath('settings-api-webhooks-1280.png'), fullPage: true });
});
