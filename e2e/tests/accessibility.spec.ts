import { expect, type Page, test } from '@playwright/test';
import { OUTBOX_KEY, setPlan } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { apiSession, completedDocument, createDocumentWithPdf, useSession } from '../support/documents.js';
import { liveTemplate } from '../support/live-template.js';
import { makePdf } from '../support/pdf.js';

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
    '/settings/billing',
    '/settings/billing/plan',
    '/settings/api',
    '/about',
    '/verify',
    `/dev/mail?token=${OUTBOX_KEY}`,
    `/documents/${completed}/download`,
  ];
  for (const path of paths) await check(page, path);
});

test('the purchase and invitation pages have no serious accessibility violation', async ({ page }) => {
  await check(page, '/signup/personal');
  await check(page, '/signup/business');
  await check(page, '/teams/00000000-0000-4000-8000-000000000000/accept_invite?token=x');
});
