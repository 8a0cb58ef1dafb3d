import { expect, request as requests, test } from '@playwright/test';
import { apiSession, useSession } from '../support/documents.js';
import { startExtraServer } from '../support/extra-server.js';

// Each test starts a server of its own, configured as an operator would at run time (no new build of the app).
const basePort = Number(process.env.E2E_PORT ?? 3100);

test('MAINTENANCE_MODE shows the maintenance page, also to a signer on a phone, and refuses writes', async ({
  page,
}) => {
  const server = await startExtraServer(basePort + 11, { MAINTENANCE_MODE: 'true' });
  try {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`${server.baseURL}/login`);
    await expect(page.getByRole('heading', { name: 'Down for maintenance' })).toBeVisible();
    await expect(page.getByText('We are doing some maintenance.')).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/maintenance-375.png' });
    await page.goto(`${server.baseURL}/documents/00000000-0000-4000-8000-000000000000/sign?signAccessToken=x`);
    await expect(page.getByRole('heading', { name: 'Down for maintenance' })).toBeVisible();

    const api = await requests.newContext({ baseURL: server.baseURL });
    const signIn = await api.post('/api/v1/auth/sign_in', { data: { email: 'a@example.com', password: 'secret1' } });
    expect(signIn.status()).toBe(503);
    expect((await signIn.json()).code).toBe('MAINTENANCE');
    await api.dispose();
  } finally {
    await server.stop();
  }
});

test('IDLE_LOGOUT_MINUTES sets the idle logout of the running app', async ({ page }) => {
  const server = await startExtraServer(basePort + 12, { IDLE_LOGOUT_MINUTES: '1' });
  try {
    const api = await requests.newContext({ baseURL: server.baseURL });
    const session = await apiSession(api);
    await api.dispose();
    await page.clock.install();
    await useSession(page, session);
    await page.goto(`${server.baseURL}/documents`);
    await expect(page.getByRole('link', { name: 'Documents' }).first()).toBeVisible();
    // Not yet after 50 seconds of no activity; logged out once the minute has passed.
    await page.clock.fastForward('00:50');
    await expect(page).toHaveURL(/\/documents$/);
    await page.clock.fastForward('00:40');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('You have been logged out after a period of inactivity.')).toBeVisible();
  } finally {
    await server.stop();
  }
});
