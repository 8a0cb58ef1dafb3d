import { MESSAGES } from '@esign/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail, waitForMail } from '../../../test/app.js';
import { billingClient } from '../../../test/billing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload });
const codeOf = (text: string) => /code to finish creating your account: ([A-Z0-9]{10})/.exec(text)?.[1] ?? '';

describe('direct purchase', () => {
  it('prepares, mails a 10-character code, confirms it (User created), then adds a card and sets the plan', async () => {
    const email = uniqueEmail('buyer');
    const prepared = await post('/auth/sign_up/prepare', { name: 'Bea Buyer', email, password: 'secret1' });
    expect(prepared.statusCode, prepared.body).toBe(200);
    const { id } = prepared.json<{ id: string }>();
    const code = codeOf((await waitForMail(t.app, email, { subject: /confirmation code/ })).text);
    expect(code).toHaveLength(10);
    const confirmed = await post('/auth/sign_up/with_code', { userId: id, confirmCode: code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ message: MESSAGES.userCreated, user: { email } });
    const billing = billingClient(t.app, confirmed.json().accessToken);
    expect((await billing.addCard()).statusCode).toBe(200);
    const plan = await billing.changePlan({ type: 'business', duration: 'monthly' });
    expect(plan.json().subscription).toMatchObject({ plan: { type: 'business' }, total: '30.00' });
    // A code works once.
    expect((await post('/auth/sign_up/with_code', { userId: id, confirmCode: code })).statusCode).toBe(400);
  });

  it('leaves no account before the code, so an abandoned purchase does not block a retry; a resend replaces the code', async () => {
    const email = uniqueEmail('retry');
    const first = (await post('/auth/sign_up/prepare', { name: 'Rey Retry', email, password: 'secret1' })).json();
    const firstCode = codeOf((await waitForMail(t.app, email, { subject: /confirmation code/ })).text);
    const signIn = await post('/auth/sign_in', { email, password: 'secret1' });
    expect(signIn.statusCode).toBe(401);
    const after = Date.now();
    const again = (await post('/auth/sign_up/prepare', { name: 'Rey Retry', email, password: 'secret2' })).json();
    const secondCode = codeOf((await waitForMail(t.app, email, { subject: /confirmation code/, after })).text);
    expect((await post('/auth/sign_up/with_code', { userId: first.id, confirmCode: firstCode })).statusCode).toBe(400);
    const confirmed = await post('/auth/sign_up/with_code', { userId: again.id, confirmCode: secondCode });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await post('/auth/sign_in', { email, password: 'secret2' })).statusCode).toBe(200);
  });

  it('counts wrong codes under parallel guesses: after 5 the right one is refused too', async () => {
    const email = uniqueEmail('guess');
    const { id } = (await post('/auth/sign_up/prepare', { name: 'Gus Guess', email, password: 'secret1' })).json();
    const code = codeOf((await waitForMail(t.app, email, { subject: /confirmation code/ })).text);
    const guesses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        post('/auth/sign_up/with_code', { userId: id, confirmCode: `WRONG${index}XXXX`.slice(0, 10) }),
      ),
    );
    for (const guess of guesses) expect(guess.json().message).toBe(MESSAGES.signUpCodeInvalid);
    expect((await post('/auth/sign_up/with_code', { userId: id, confirmCode: code })).statusCode).toBe(400);
  });

  it('answers an address that has an account like any other, and tells its owner instead of mailing a code', async () => {
    const email = uniqueEmail('taken');
    const { id } = (await post('/auth/sign_up/prepare', { name: 'Tak En', email, password: 'secret1' })).json();
    const code = codeOf((await waitForMail(t.app, email, { subject: /confirmation code/ })).text);
    await post('/auth/sign_up/with_code', { userId: id, confirmCode: code });
    const again = await post('/auth/sign_up/prepare', { name: 'Someone', email, password: 'secret1' });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
