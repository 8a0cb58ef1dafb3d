import { MESSAGES } from '@esign/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { billingClient } from '../../../test/billing.js';

const OPERATOR_TOKEN = 'operator-key-for-billing-tests';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { operatorToken: OPERATOR_TOKEN } });
});
afterAll(async () => {
  await t?.close();
});

async function mint(count: number, token = OPERATOR_TOKEN) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/operator/appsumo/codes',
    headers: { authorization: `Bearer ${token}` },
    payload: { count },
  });
}

async function account() {
  const user = await authClient(t.app).loggedInUser();
  return { ...user, billing: billingClient(t.app, user.accessToken) };
}

describe('lifetime (AppSumo) codes', () => {
  it('the operator mints 10-character codes; a wrong key is 404', async () => {
    expect((await mint(1, 'wrong')).statusCode).toBe(404);
    const minted = await mint(3);
    expect(minted.statusCode, minted.body).toBe(200);
    const { codes } = minted.json<{ codes: string[] }>();
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^\w{10}$/);
  });

  it('one code makes Business with 3 users, a second unlimited; a code redeems once; a lifetime plan cannot be cancelled', async () => {
    const [first, second] = (await mint(2)).json<{ codes: string[] }>().codes as [string, string];
    const { billing } = await account();
    const upgraded = await billing.call('POST', '/plans/upgrade_appsumo', { code: first });
    expect(upgraded.json()).toEqual({ message: MESSAGES.appSumoUpgraded, appSumoCodes: 1 });
    expect((await billing.call('GET', '/plans')).json()).toMatchObject({
      current: { type: 'business' },
      isAppSumo: true,
      appSumoCodes: 1,
    });
    const reused = await billing.call('POST', '/plans/upgrade_appsumo', { code: first });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(MESSAGES.appSumoCodeInvalid);
    expect((await billing.call('POST', '/plans/upgrade_appsumo', { code: second })).json().appSumoCodes).toBe(2);
    const [third] = (await mint(1)).json<{ codes: string[] }>().codes as [string];
    const over = await billing.call('POST', '/plans/upgrade_appsumo', { code: third });
    expect(over.json().message).toBe(MESSAGES.appSumoCodeLimit);
    const cancel = await billing.call('POST', '/subscriptions/cancel');
    expect(cancel.statusCode).toBe(403);
    expect(cancel.json().message).toBe(MESSAGES.lifetimeCannotCancel);
    expect((await billing.subscription()).isLifetime).toBe(true);
  });

  it('of two accounts redeeming one code at once, exactly one wins', async () => {
    const [code] = (await mint(1)).json<{ codes: string[] }>().codes as [string];
    const accounts = await Promise.all([account(), account(), account()]);
    const answers = await Promise.all(
      accounts.map((entry) => entry.billing.call('POST', '/plans/upgrade_appsumo', { code })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('refuses a code that is not 10 word characters with its message, and an unknown one', async () => {
    const { billing } = await account();
    const bad = await billing.call('POST', '/plans/upgrade_appsumo', { code: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(MESSAGES.appSumoCodeFormat);
    const unknown = await billing.call('POST', '/plans/upgrade_appsumo', { code: 'ZZZZZZZZZZ' });
    expect(unknown.json().message).toBe(MESSAGES.appSumoCodeInvalid);
  });
});
