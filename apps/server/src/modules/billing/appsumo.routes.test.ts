import { MESSAGES } from '@esign/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, linkParam, type TestApp, uniqueEmail, waitForMail } from '../../../test/app.js';
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

  it('GET user says isBusinessAccount for a lifetime account, whatever its plan columns say', async () => {
    const [code] = (await mint(1)).json<{ codes: string[] }>().codes as [string];
    const { billing, id } = await account();
    const me = async () => (await billing.call('GET', '/user')).json();
    expect(await me()).toMatchObject({ plan: { type: 'free' }, isBusinessAccount: false });
    await billing.call('POST', '/plans/upgrade_appsumo', { code });
    expect(await me()).toMatchObject({ isBusinessAccount: true });
    await t.app.platform.database.db.execute(sql`update users set plan_type = 'free' where id = ${id}`);
    expect(await me()).toMatchObject({ plan: { type: 'free' }, isBusinessAccount: true });
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

describe('auth/sign_in/appsumo (the lifetime-deal link)', () => {
  const signInAppSumo = (payload: object, accessToken?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign_in/appsumo',
      payload,
      ...(accessToken ? { headers: { authorization: `Bearer ${accessToken}` } } : {}),
    });
  const newCode = async () => (await mint(1)).json<{ codes: string[] }>().codes[0] as string;

  it('logged out, the token alone checks the code; with the details it makes a lifetime account to confirm', async () => {
    const code = await newCode();
    expect((await signInAppSumo({ token: code })).json()).toEqual({ type: 'sign_up_required' });
    const email = uniqueEmail('lifetime');
    const created = await signInAppSumo({ token: code, name: 'Grace Hopper', email, password: 'secret1' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toEqual({ type: 'email_confirmation_required', email });
    // The address is confirmed by its mail, then the account is a lifetime Business one.
    const mail = await waitForMail(t.app, email, { subject: /confirm/i });
    const auth = authClient(t.app);
    await auth.post('/auth/confirm_email/confirm', { token: linkParam(mail, 'emailConfirmationToken') });
    const { body } = await auth.signIn(email, 'secret1');
    if (body.type !== 'authorized') throw new Error(body.type);
    const plans = await billingClient(t.app, body.accessToken).call('GET', '/plans');
    expect(plans.json()).toMatchObject({ current: { type: 'business' }, isAppSumo: true, appSumoCodes: 1 });
    // Spent: neither the check nor another sign-up takes it again.
    const again = await signInAppSumo({ token: code });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.appSumoCodeInvalid);
    const other = await signInAppSumo({ token: code, name: 'Other', email: uniqueEmail(), password: 'secret1' });
    expect(other.json().message).toBe(MESSAGES.appSumoCodeInvalid);
  });

  it('of parallel sign-ups with one code exactly one account is made', async () => {
    const code = await newCode();
    const emails = [uniqueEmail('race'), uniqueEmail('race'), uniqueEmail('race'), uniqueEmail('race')];
    const answers = await Promise.all(
      emails.map((email) => signInAppSumo({ token: code, name: 'Racer', email, password: 'secret1' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const auth = authClient(t.app);
    // Only the winner's address has an account: the others' sign-in fails as for an unknown address.
    const signIns = await Promise.all(emails.map((email) => auth.signIn(email, 'secret1')));
    const known = signIns.filter(({ response }) => response.statusCode === 200);
    expect(known).toHaveLength(1);
  });

  it('an address with an account gets the same answer and the code stays unspent', async () => {
    const code = await newCode();
    const user = await authClient(t.app).confirmedUser();
    const answer = await signInAppSumo({ token: code, name: 'Someone', email: user.email, password: 'other12' });
    expect(answer.json()).toEqual({ type: 'email_confirmation_required', email: user.email });
    await waitForMail(t.app, user.email, { subject: /already/i });
    expect((await signInAppSumo({ token: code })).json()).toEqual({ type: 'sign_up_required' });
  });

  it('logged in, the code is redeemed on the account once, also under parallel attempts', async () => {
    const code = await newCode();
    const [first, second] = await Promise.all([account(), account()]);
    const answers = await Promise.all(
      [first, second, first].map((entry) => signInAppSumo({ token: code }, entry.accessToken)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200);
    expect(winner?.json()).toEqual({ type: 'redeemed', message: MESSAGES.appSumoUpgraded, appSumoCodes: 1 });
  });

  it('refuses a malformed code with its message, an unknown code, and a bad bearer token', async () => {
    const bad = await signInAppSumo({ token: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(MESSAGES.appSumoCodeFormat);
    const unknown = await signInAppSumo({ token: 'ZZZZZZZZZZ' });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().message).toBe(MESSAGES.appSumoCodeInvalid);
    expect((await signInAppSumo({ token: await newCode() }, 'not-a-token')).statusCode).toBe(401);
  });
});
