import { MESSAGES } from '@esign/shared';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp, linkParam, type TestApp, uniqueEmail, waitForMail } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';

let t: TestApp;
let client: ReturnType<typeof authClient>;
beforeAll(async () => {
  t = await createTestApp();
  client = authClient(t.app);
});
afterAll(async () => {
  await t?.close();
});

async function requestReset(email: string, after?: number) {
  const response = await client.post('/auth/change_password/send_mail', { email });
  expect(response.json()).toEqual({ message: MESSAGES.passwordResetSent });
  const mail = await waitForMail(t.app, email, { subject: /reset/i, ...(after ? { after } : {}) });
  return { mail, token: linkParam(mail, 'passwordResetToken') };
}

describe('password reset', () => {
  it('answers the vague sentence for unknown addresses and sends nothing', async () => {
    const email = uniqueEmail();
    const response = await client.post('/auth/change_password/send_mail', { email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MESSAGES.passwordResetSent });
    await expect(waitForMail(t.app, email, { timeoutMs: 1500 })).rejects.toThrow();
  });

  it('changes the password once, ends every session and old access token, and spends other links', async () => {
    const user = await client.loggedInUser();
    const older = await requestReset(user.email);
    const { mail, token } = await requestReset(user.email, Date.parse(older.mail.createdAt));
    expect(mail.text).toContain('http://localhost:3000/change_password?passwordResetToken=');

    const mismatch = await client.post('/auth/change_password/change', {
      token,
      password: 'newsecret2',
      passwordConfirmation: 'newsecret3',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(MESSAGES.passwordMismatch);

    // The access token was issued at least a second before the change: the server's clock moves on.
    t.advanceClock(1100);
    onTestFinished(() => t.advanceClock(-1100));
    const changed = await client.post('/auth/change_password/change', {
      token,
      password: 'newsecret2',
      passwordConfirmation: 'newsecret2',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: MESSAGES.passwordChanged });

    const reuse = await client.post('/auth/change_password/change', {
      token,
      password: 'newsecret4',
      passwordConfirmation: 'newsecret4',
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe(MESSAGES.linkInvalid);
    const olderLink = await client.post('/auth/change_password/change', {
      token: older.token,
      password: 'newsecret5',
      passwordConfirmation: 'newsecret5',
    });
    expect(olderLink.statusCode).toBe(400);

    const refresh = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/refresh-token',
      headers: { authorization: `Bearer ${user.refreshToken}` },
    });
    expect(refresh.statusCode).toBe(401);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user',
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(me.statusCode).toBe(401);

    expect((await client.signIn(user.email, user.password)).response.statusCode).toBe(401);
    expect((await client.signIn(user.email, 'newsecret2')).body.type).toBe('authorized');
  });

  it('refuses a reset link older than one hour', async () => {
    const user = await client.confirmedUser();
    const { token } = await requestReset(user.email);
    t.advanceClock(60 * 60 * 1000 + 1000);
    try {
      const response = await client.post('/auth/change_password/change', {
        token,
        password: 'newsecret2',
        passwordConfirmation: 'newsecret2',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(MESSAGES.linkInvalid);
    } finally {
      t.advanceClock(-(60 * 60 * 1000 + 1000));
    }
  });

  it('confirms the e-mail of an unconfirmed user who resets the password', async () => {
    const email = uniqueEmail();
    await client.post('/auth/sign_up', { name: 'Grace Hopper', email, password: 'secret1' });
    const { token } = await requestReset(email);
    await client.post('/auth/change_password/change', {
      token,
      password: 'newsecret2',
      passwordConfirmation: 'newsecret2',
    });
    expect((await client.signIn(email, 'newsecret2')).body.type).toBe('authorized');
  });

  it('validates the new password with the spec messages', async () => {
    const response = await client.post('/auth/change_password/change', {
      token: 'x',
      password: 'short',
      passwordConfirmation: 'short',
    });
    expect(response.statusCode).toBe(400);
    const password = response.json().errors.find((item: { property: string }) => item.property === 'password');
    expect(Object.values(password.constraints)).toEqual([MESSAGES.passwordMinLength, MESSAGES.passwordDigit]);
  });
});
