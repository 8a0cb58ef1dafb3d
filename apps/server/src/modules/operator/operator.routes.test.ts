import { MESSAGES, type User } from '@esign/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';

const OPERATOR_TOKEN = 'operator-key-for-tests';
let t: TestApp;
let without: TestApp;
beforeAll(async () => {
  [t, without] = await Promise.all([
    createTestApp({ config: { operatorToken: OPERATOR_TOKEN } }),
    createTestApp({ config: { operatorToken: undefined } }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), without?.close()]);
});

const setPlan = (app: TestApp, token: string | undefined, body: object) =>
  app.app.inject({
    method: 'PATCH',
    url: '/api/v1/operator/users/plan',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body,
  });

describe('the operator sets a plan', () => {
  it("changes an account's plan and template limit, seen by the account at once", async () => {
    const user = await authClient(t.app).loggedInUser();
    const answer = await setPlan(t, OPERATOR_TOKEN, { email: user.email.toUpperCase(), planType: 'personal' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ email: user.email, planType: 'personal', templateLimit: 0 });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user',
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(me.json<User>()).toMatchObject({ plan: { type: 'personal' }, templateLimit: 1 });
    const granted = await setPlan(t, OPERATOR_TOKEN, { email: user.email, planType: 'free', templateLimit: -1 });
    expect(granted.json()).toMatchObject({ planType: 'free', templateLimit: -1 });
  });

  it('answers 404 to a wrong key, no key, an unknown account, and everywhere without OPERATOR_TOKEN', async () => {
    const user = await authClient(t.app).loggedInUser();
    const body = { email: user.email, planType: 'business' };
    for (const token of ['wrong', undefined, user.accessToken]) {
      const answer = await setPlan(t, token, body);
      expect(answer.statusCode).toBe(404);
    }
    const unknown = await setPlan(t, OPERATOR_TOKEN, { email: 'nobody@example.com', planType: 'business' });
    expect([unknown.statusCode, unknown.json<{ message: string }>().message]).toEqual([404, MESSAGES.notFound]);
    expect((await setPlan(without, OPERATOR_TOKEN, body)).statusCode).toBe(404);
  });
});
