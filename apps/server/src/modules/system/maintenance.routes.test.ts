import { MESSAGES } from '@esign/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';

let normal: TestApp;
let maintenance: TestApp;
beforeAll(async () => {
  normal = await createTestApp({ config: { idleLogoutMinutes: 12 } });
  maintenance = await createTestApp({ config: { isMaintenance: true } });
});
afterAll(async () => {
  await normal?.close();
  await maintenance?.close();
});

describe('GET app-config', () => {
  it("answers the server's idle logout and maintenance flag to anyone", async () => {
    const response = await normal.app.inject({ method: 'GET', url: '/api/v1/app-config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ idleLogoutMinutes: 12, isMaintenance: false, googleClientId: null });
    const during = await maintenance.app.inject({ method: 'GET', url: '/api/v1/app-config' });
    expect(during.json()).toEqual({ idleLogoutMinutes: 5, isMaintenance: true, googleClientId: null });
  });
});

describe('maintenance mode', () => {
  it('answers every write with 503 before anything runs, and keeps reads', async () => {
    const { signIn } = authClient(maintenance.app);
    const { response: refused } = await signIn('someone@example.com', 'whatever-password');
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ statusCode: 503, code: 'MAINTENANCE', message: MESSAGES.maintenance });
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE'] as const) {
      const response = await maintenance.app.inject({ method, url: '/api/v1/documents/anything' });
      expect(response.statusCode).toBe(503);
    }
    expect((await maintenance.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    // Without the flag, the same sign-in is an ordinary wrong password.
    const { response: wrong } = await authClient(normal.app).signIn('someone@example.com', 'whatever-password');
    expect(wrong.statusCode).toBe(401);
  });
});
