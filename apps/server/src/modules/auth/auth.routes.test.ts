import { MESSAGES, type User } from '@esign/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, linkParam, type TestApp, uniqueEmail, waitForMail } from '../../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers });

async function signUpConfirmed(password = 'secret1') {
  const email = uniqueEmail();
  await post('/auth/sign_up', { name: 'Ada Lovelace', email, password });
  const mail = await waitForMail(t.app, email, { subject: /confirm/i });
  await post('/auth/confirm_email/confirm', { token: linkParam(mail, 'emailConfirmationToken') });
  return { email, password };
}

async function signIn(email: string, password: string) {
  const response = await post('/auth/sign_in', { email, password });
  return response.json<{ type: string; accessToken: string; refreshToken: string; user: User }>();
}

describe('sign-up and confirmation', () => {
  it('creates an unconfirmed user, mails an absolute confirmation link, and confirms once', async () => {
    const email = uniqueEmail();
    const response = await post('/auth/sign_up', { name: ' Ada  Lovelace ', email: `  ${email.toUpperCase()} `, password: 'secret1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ type: 'email_confirmation_required', email });

    expect((await signIn(email, 'secret1')).type).toBe('email_not_confirmed');

    const mail = await waitForMail(t.app, email, { subject: /confirm/i });
    expect(mail.text).toContain('http://localhost:3000/confirm_email?emailConfirmationToken=');
    expect(mail.html).toContain('http://localhost:3000/confirm_email?emailConfirmationToken=');
    const token = linkParam(mail, 'emailConfirmationToken');

    const confirmed = await post('/auth/confirm_email/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: MESSAGES.emailConfirmed });

    const again = await post('/auth/confirm_email/confirm', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MESSAGES.linkInvalid);

    const signedIn = await signIn(email, 'secret1');
    expect(signedIn.type).toBe('authorized');
    expect(signedIn.user).toMatchObject({
      name: 'Ada Lovelace',
      email,
      plan: { type: 'free' },
      freeDocumentsUsed: 0,
      freeDocumentsUsedLimit: 3,
    });
  });
});
