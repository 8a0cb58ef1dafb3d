import { MESSAGES, type SignInResponse } from '@esign/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { lastSms, smsCodeOf, totpCode, uniquePhone } from '../../../test/two-factor.js';
import { users } from '../../platform/db/schema.js';

let t: TestApp;
let client: ReturnType<typeof authClient>;
beforeAll(async () => {
  t = await createTestApp();
  client = authClient(t.app);
});
afterAll(async () => {
  await t?.close();
});

const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
const getUser = async (accessToken: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(accessToken) })).json();

/** A logged-in user with SMS sign-in on. */
async function userWithSms() {
  const user = await client.loggedInUser();
  const phone = uniquePhone();
  const sent = await client.post('/user/generate_twillio_code?scope=verify', { phone }, bearer(user.accessToken));
  expect(sent.statusCode).toBe(200);
  const code = smsCodeOf(await lastSms(t.app, phone));
  const verified = await client.post('/user/verify_phone', { phone, code }, bearer(user.accessToken));
  expect(verified.json()).toEqual({ message: MESSAGES.phoneVerified });
  return { ...user, phone };
}

/** A logged-in user with the authenticator on; its secret and backup codes. */
async function userWithAuthenticator() {
  const user = await client.loggedInUser();
  const enabled = await client.post('/user/enable_google_authenticator', {}, bearer(user.accessToken));
  expect(enabled.statusCode).toBe(200);
  const { qrCode, secret } = enabled.json<{ qrCode: string; secret: string }>();
  expect(qrCode).toMatch(/^data:image\/png;base64,/);
  const verified = await client.post(
    '/user/verify_google_code',
    { code: totpCode(t.app, secret) },
    bearer(user.accessToken),
  );
  expect(verified.statusCode).toBe(200);
  const { backupCodes } = verified.json<{ backupCodes: string[] }>();
  // The code just used is spent: later steps' codes are used from here on.
  t.advanceClock(30_000);
  return { ...user, secret, backupCodes };
}

async function twoFactorStep(email: string, password: string) {
  const { body } = await client.signIn(email, password);
  if (body.type !== 'two_factor') throw new Error(`sign-in answered ${body.type}`);
  return body;
}

describe('SMS two-factor', () => {
  it('verifies the number with the texted code, shows it on the user, and turns off with a disable code', async () => {
    const user = await userWithSms();
    expect(await getUser(user.accessToken)).toMatchObject({
      phoneNumber: user.phone,
      isTwillio2fa: true,
      twoFactorType: 'twillio',
    });
    await client.post('/user/generate_twillio_code?scope=disable', { phone: user.phone }, bearer(user.accessToken));
    const code = smsCodeOf(await lastSms(t.app, user.phone));
    const off = await client.post('/user/disable_twillio', { code }, bearer(user.accessToken));
    expect(off.json()).toEqual({ message: MESSAGES.twoFactorDisabled });
    expect(await getUser(user.accessToken)).toMatchObject({ phoneNumber: null, isTwillio2fa: false });
    const { body } = await client.signIn(user.email, user.password);
    expect(body.type).toBe('authorized');
  });

  it('refuses a wrong code, a code for another number, a spent code, and a verify code used to disable', async () => {
    const user = await client.loggedInUser();
    const phone = uniquePhone();
    await client.post('/user/generate_twillio_code?scope=verify', { phone }, bearer(user.accessToken));
    const code = smsCodeOf(await lastSms(t.app, phone));
    const wrong = await client.post(
      '/user/verify_phone',
      { phone, code: (code + 1) % 1_000_000 },
      bearer(user.accessToken),
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(MESSAGES.twoFactorCodeInvalid);
    const otherNumber = await client.post(
      '/user/verify_phone',
      { phone: uniquePhone(), code },
      bearer(user.accessToken),
    );
    expect(otherNumber.statusCode).toBe(401);
    expect((await client.post('/user/verify_phone', { phone, code }, bearer(user.accessToken))).statusCode).toBe(200);
    const disable = await client.post('/user/disable_twillio', { code }, bearer(user.accessToken));
    expect(disable.statusCode).toBe(401);
  });

  it('counts parallel guesses at one texted code one by one: five guesses, then 429', async () => {
    const user = await client.loggedInUser();
    const phone = uniquePhone();
    await client.post('/user/generate_twillio_code?scope=verify', { phone }, bearer(user.accessToken));
    const code = smsCodeOf(await lastSms(t.app, phone));
    const guesses = Array.from({ length: 8 }, (_, index) => (code + 1 + index) % 1_000_000);
    const answers = await Promise.all(
      guesses.map((guess) => client.post('/user/verify_phone', { phone, code: guess }, bearer(user.accessToken))),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const right = await client.post('/user/verify_phone', { phone, code }, bearer(user.accessToken));
    expect(right.statusCode).toBe(429);
  });

  it('refuses a malformed number with the field message, and an anonymous caller', async () => {
    const user = await client.loggedInUser();
    const bad = await client.post('/user/generate_twillio_code?scope=verify', { phone: '' }, bearer(user.accessToken));
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().errors)).toContain(MESSAGES.phoneEmpty);
    const anonymous = await client.post('/user/generate_twillio_code?scope=verify', { phone: uniquePhone() });
    expect(anonymous.statusCode).toBe(401);
  });

  it('signs in only with the code texted at sign-in; the password alone never yields tokens', async () => {
    const user = await userWithSms();
    const step = await twoFactorStep(user.email, user.password);
    expect(step).toMatchObject({ twoFactorType: 'twillio', phoneHint: `…${user.phone.slice(-2)}` });
    expect(JSON.stringify(step)).not.toMatch(/accessToken|refreshToken/);
    // The two-factor token is no access token.
    const asBearer = await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(step.twoFactorToken) });
    expect(asBearer.statusCode).toBe(401);
    const code = smsCodeOf(await lastSms(t.app, user.phone));
    const wrong = await client.post('/auth/sign_in/twillio', {
      twoFactorToken: step.twoFactorToken,
      code: (code + 1) % 1_000_000,
    });
    expect(wrong.statusCode).toBe(401);
    // The other factor's route does not take this token.
    const otherType = await client.post('/auth/sign_in/google_authenticator', {
      twoFactorToken: step.twoFactorToken,
      code: String(code).padStart(6, '0'),
    });
    expect(otherType.statusCode).toBe(400);
    const right = await client.post('/auth/sign_in/twillio', { twoFactorToken: step.twoFactorToken, code });
    expect(right.statusCode).toBe(200);
    expect(right.json<SignInResponse>()).toMatchObject({ type: 'authorized', user: { email: user.email } });
    const replayed = await client.post('/auth/sign_in/twillio', { twoFactorToken: step.twoFactorToken, code });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toBe(MESSAGES.twoFactorSessionInvalid);
  });

  it('refuses an expired two-factor token', async () => {
    const user = await userWithSms();
    const step = await twoFactorStep(user.email, user.password);
    const code = smsCodeOf(await lastSms(t.app, user.phone));
    t.advanceClock(11 * 60_000);
    const late = await client.post('/auth/sign_in/twillio', { twoFactorToken: step.twoFactorToken, code });
    expect(late.statusCode).toBe(400);
  });
});

describe('authenticator two-factor', () => {
  it('turns on with a code from the secret, answers ten backup codes, and signs in with a later code', async () => {
    const user = await userWithAuthenticator();
    expect(user.backupCodes).toHaveLength(10);
    expect(new Set(user.backupCodes).size).toBe(10);
    expect(await getUser(user.accessToken)).toMatchObject({ isGoogle2fa: true, twoFactorType: 'google' });
    const step = await twoFactorStep(user.email, user.password);
    expect(step.twoFactorType).toBe('google');
    const answer = await client.post('/auth/sign_in/google_authenticator', {
      twoFactorToken: step.twoFactorToken,
      code: totpCode(t.app, user.secret),
    });
    expect(answer.json()).toMatchObject({ type: 'authorized' });
  });

  it('accepts a code once: the same code again in its window is refused', async () => {
    const user = await userWithAuthenticator();
    const code = totpCode(t.app, user.secret);
    const first = await twoFactorStep(user.email, user.password);
    const accepted = await client.post('/auth/sign_in/google_authenticator', {
      twoFactorToken: first.twoFactorToken,
      code,
    });
    expect(accepted.statusCode).toBe(200);
    const second = await twoFactorStep(user.email, user.password);
    const replayed = await client.post('/auth/sign_in/google_authenticator', {
      twoFactorToken: second.twoFactorToken,
      code,
    });
    expect(replayed.statusCode).toBe(401);
    // Nor is the previous step's code, still inside the window.
    const older = await client.post('/auth/sign_in/google_authenticator', {
      twoFactorToken: second.twoFactorToken,
      code: totpCode(t.app, user.secret, -1),
    });
    expect(older.statusCode).toBe(401);
  });

  it('signs in with a backup code once', async () => {
    const user = await userWithAuthenticator();
    const backupCode = user.backupCodes[0] as string;
    const first = await twoFactorStep(user.email, user.password);
    const used = await client.post('/auth/sign_in/google_authenticator', {
      twoFactorToken: first.twoFactorToken,
      code: backupCode.toUpperCase(),
    });
    expect(used.statusCode).toBe(200);
    const second = await twoFactorStep(user.email, user.password);
    const again = await client.post('/auth/sign_in/google_authenticator', {
      twoFactorToken: second.twoFactorToken,
      code: backupCode,
    });
    expect(again.statusCode).toBe(401);
  });

  it('counts parallel wrong codes one by one: five, then 429 for the token and for a new sign-in of the user', async () => {
    const user = await userWithAuthenticator();
    const step = await twoFactorStep(user.email, user.password);
    const right = totpCode(t.app, user.secret);
    const wrongCodes = Array.from({ length: 9 }, (_, index) =>
      String((Number(right) + 1 + index) % 1_000_000).padStart(6, '0'),
    )
      // A wrong guess that happens to be the previous or next step's code would be right.
      .filter((code) => code !== totpCode(t.app, user.secret, -1) && code !== totpCode(t.app, user.secret, 1))
      .slice(0, 8);
    const answers = await Promise.all(
      wrongCodes.map((code) =>
        client.post('/auth/sign_in/google_authenticator', { twoFactorToken: step.twoFactorToken, code }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    expect(answers.every((answer) => !answer.body.includes('accessToken'))).toBe(true);
    const rightNow = await client.post('/auth/sign_in/google_authenticator', {
      twoFactorToken: step.twoFactorToken,
      code: right,
    });
    expect(rightNow.statusCode).toBe(429);
    const fresh = await twoFactorStep(user.email, user.password);
    const freshTry = await client.post('/auth/sign_in/google_authenticator', {
      twoFactorToken: fresh.twoFactorToken,
      code: right,
    });
    expect(freshTry.statusCode).toBe(429);
    expect(freshTry.json().message).toBe(MESSAGES.tooManyTwoFactorAttempts);
  });

  it('turns off only with a current code (not a backup code), then sign-in needs no second step', async () => {
    const user = await userWithAuthenticator();
    const withBackup = await client.post(
      '/user/disable_google_authenticator',
      { code: user.backupCodes[1] },
      bearer(user.accessToken),
    );
    expect(withBackup.statusCode).toBe(401);
    const off = await client.post(
      '/user/disable_google_authenticator',
      { code: totpCode(t.app, user.secret) },
      bearer(user.accessToken),
    );
    expect(off.json()).toEqual({ message: MESSAGES.googleAuthenticatorDisabled });
    expect((await client.signIn(user.email, user.password)).body.type).toBe('authorized');
  });

  it('limits guesses at turning it off too: five wrong codes, then 429 even for the right one', async () => {
    const user = await userWithAuthenticator();
    const disable = (code: string) =>
      client.post('/user/disable_google_authenticator', { code }, bearer(user.accessToken));
    const nearby = [-1, 0, 1].map((offset) => totpCode(t.app, user.secret, offset));
    const wrongCodes = ['000000', '111111', '222222', '333333', '444444', '555555', '666666']
      .filter((code) => !nearby.includes(code))
      .slice(0, 6);
    const answers = await Promise.all(wrongCodes.map(disable));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await disable(totpCode(t.app, user.secret))).statusCode).toBe(429);
    expect(await getUser(user.accessToken)).toMatchObject({ isGoogle2fa: true });
  });

  it('refuses a wrong code when turning on, and keeps the secret encrypted at rest', async () => {
    const user = await client.loggedInUser();
    const { secret } = (await client.post('/user/enable_google_authenticator', {}, bearer(user.accessToken))).json();
    const wrong = await client.post('/user/verify_google_code', { code: '000000' }, bearer(user.accessToken));
    expect(wrong.statusCode).toBe(401);
    const [row] = await t.app.platform.database.db
      .select({ stored: users.totpSecret })
      .from(users)
      .where(eq(users.email, user.email));
    expect(row?.stored).toMatch(/^v1\./);
    expect(row?.stored).not.toContain(secret);
  });
});
