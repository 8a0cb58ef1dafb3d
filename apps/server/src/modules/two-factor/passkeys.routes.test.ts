import { MESSAGES, PASSKEY_CHALLENGE_TTL_SECONDS, type Passkey, SIGN_IN_FAILURE_LIMIT } from '@esign/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { type SoftwarePasskey, softwarePasskey } from '../../../test/passkeys.js';
import { totpCode } from '../../../test/two-factor.js';

let t: TestApp;
let client: ReturnType<typeof authClient>;
beforeAll(async () => {
  t = await createTestApp();
  client = authClient(t.app);
});
afterAll(async () => {
  await t?.close();
});

// The test app's APP_URL is http://localhost:3000: its origin and host name are the relying party's.
const ORIGIN = 'http://localhost:3000';
type Options = { challengeToken: string; options: { challenge: string; rp: { id: string }; user: { id: string } } };

const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, accessToken?: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(payload ? { payload } : {}),
    headers: accessToken ? bearer(accessToken) : {},
  });

/** Adds a passkey (name) to a logged-in user through the settings' two calls. */
async function register(accessToken: string, passkey: SoftwarePasskey, name = 'Laptop', origin = ORIGIN) {
  const started = await call('POST', '/user/passkeys/registration_options', accessToken);
  expect(started.statusCode).toBe(200);
  const { challengeToken, options } = started.json<Options>();
  expect(options.rp.id).toBe('localhost');
  return call('POST', '/user/passkeys', accessToken, {
    name,
    challengeToken,
    credential: passkey.create(options, { origin }),
  });
}

async function userWithPasskey() {
  const user = await client.loggedInUser();
  const passkey = softwarePasskey({ origin: ORIGIN });
  const added = await register(user.accessToken, passkey);
  expect(added.statusCode).toBe(200);
  return { ...user, passkey, passkeyId: added.json<Passkey>().id };
}

async function signInOptions(twoFactorToken?: string) {
  const response = await call(
    'POST',
    '/auth/sign_in/passkey/options',
    undefined,
    twoFactorToken ? { twoFactorToken } : {},
  );
  expect(response.statusCode).toBe(200);
  return response.json<{ challengeToken: string; options: { challenge: string; rpId: string } }>();
}

/** A sign-in with the passkey's answer to a new challenge (optionally as the second step, or from another page). */
async function passkeySignIn(passkey: SoftwarePasskey, options: { twoFactorToken?: string; origin?: string } = {}) {
  const started = await signInOptions(options.twoFactorToken);
  const credential = passkey.get(started.options, options.origin ? { origin: options.origin } : {});
  return call('POST', '/auth/sign_in/passkey', undefined, {
    challengeToken: started.challengeToken,
    credential,
    ...(options.twoFactorToken ? { twoFactorToken: options.twoFactorToken } : {}),
  });
}

const refused = { code: 'INVALID_CREDENTIALS', message: MESSAGES.passkeyInvalid };

describe('adding a passkey', () => {
  it('keeps it under its name, listed with its dates; the options exclude the ones held', async () => {
    const user = await userWithPasskey();
    const listed = await call('GET', '/user/passkeys', user.accessToken);
    expect(listed.json()).toEqual([
      { id: user.passkeyId, name: 'Laptop', createdAt: expect.any(String), lastUsedAt: null },
    ]);
    const again = await call('POST', '/user/passkeys/registration_options', user.accessToken);
    const { options } = again.json<{ options: { excludeCredentials: { id: string }[] } }>();
    expect(options.excludeCredentials.map((credential) => credential.id)).toEqual([user.passkey.id]);
  });

  it('refuses an answer from another origin, a spent challenge, and a passkey another account holds', async () => {
    const user = await client.loggedInUser();
    const wrongOrigin = await register(user.accessToken, softwarePasskey({ origin: ORIGIN }), 'X', 'https://evil.test');
    expect(wrongOrigin.statusCode).toBe(400);
    expect(wrongOrigin.json().message).toBe(MESSAGES.passkeyInvalid);

    const passkey = softwarePasskey({ origin: ORIGIN });
    const started = (await call('POST', '/user/passkeys/registration_options', user.accessToken)).json<Options>();
    const body = { name: 'Phone', challengeToken: started.challengeToken, credential: passkey.create(started.options) };
    expect((await call('POST', '/user/passkeys', user.accessToken, body)).statusCode).toBe(200);
    const replayed = await call('POST', '/user/passkeys', user.accessToken, body);
    expect(replayed.statusCode).toBe(400);

    const other = await userWithPasskey();
    const taken = await register(user.accessToken, other.passkey);
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe(MESSAGES.passkeyInvalid);
  });

  it('refuses another user’s challenge token and an expired one', async () => {
    const owner = await client.loggedInUser();
    const other = await client.loggedInUser();
    const passkey = softwarePasskey({ origin: ORIGIN });
    const started = (await call('POST', '/user/passkeys/registration_options', owner.accessToken)).json<Options>();
    const stolen = await call('POST', '/user/passkeys', other.accessToken, {
      name: 'Stolen',
      challengeToken: started.challengeToken,
      credential: passkey.create(started.options),
    });
    expect(stolen.statusCode).toBe(400);

    const late = (await call('POST', '/user/passkeys/registration_options', owner.accessToken)).json<Options>();
    t.advanceClock((PASSKEY_CHALLENGE_TTL_SECONDS + 1) * 1000);
    const expired = await call('POST', '/user/passkeys', owner.accessToken, {
      name: 'Late',
      challengeToken: late.challengeToken,
      credential: passkey.create(late.options),
    });
    expect(expired.statusCode).toBe(400);
    expect((await call('GET', '/user/passkeys', owner.accessToken)).json()).toEqual([]);
  });

  it('needs a logged-in user and a name', async () => {
    expect((await call('GET', '/user/passkeys')).statusCode).toBe(401);
    expect((await call('POST', '/user/passkeys/registration_options')).statusCode).toBe(401);
    const user = await client.loggedInUser();
    const started = (await call('POST', '/user/passkeys/registration_options', user.accessToken)).json<Options>();
    const unnamed = await call('POST', '/user/passkeys', user.accessToken, {
      name: ' ',
      challengeToken: started.challengeToken,
      credential: softwarePasskey({ origin: ORIGIN }).create(started.options),
    });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().errors[0]).toMatchObject({ property: 'name' });
  });
});

describe('signing in with a passkey', () => {
  it('makes a session like a password sign-in, and records the use', async () => {
    const user = await userWithPasskey();
    const signedIn = await passkeySignIn(user.passkey);
    expect(signedIn.statusCode).toBe(200);
    const body = signedIn.json();
    expect(body).toMatchObject({ type: 'authorized', user: { id: user.id } });
    expect((await call('GET', '/user', body.accessToken)).statusCode).toBe(200);
    const refreshed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/refresh-token',
      headers: bearer(body.refreshToken),
    });
    expect(refreshed.statusCode).toBe(200);
    const [listed] = (await call('GET', '/user/passkeys', body.accessToken)).json<Passkey[]>();
    expect(listed?.lastUsedAt).not.toBeNull();
  });

  it('refuses a counter that did not grow, a wrong origin and a spent challenge, all with the same answer', async () => {
    const user = await userWithPasskey();
    expect((await passkeySignIn(user.passkey)).statusCode).toBe(200);
    // A clone of the authenticator reports the counter already seen.
    user.passkey.state.counter -= 1;
    const replayed = await passkeySignIn(user.passkey);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject(refused);

    const wrongOrigin = await passkeySignIn(user.passkey, { origin: 'https://evil.test' });
    expect(wrongOrigin.statusCode).toBe(401);
    expect(wrongOrigin.json()).toMatchObject(refused);

    const started = await signInOptions();
    const body = { challengeToken: started.challengeToken, credential: user.passkey.get(started.options) };
    expect((await call('POST', '/auth/sign_in/passkey', undefined, body)).statusCode).toBe(200);
    const again = await call('POST', '/auth/sign_in/passkey', undefined, body);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject(refused);
  });

  it('refuses an unknown passkey like any other failure, and limits an address like password sign-ins', async () => {
    const stranger = softwarePasskey({ origin: ORIGIN });
    const remoteAddress = '203.0.113.77';
    const attempt = async () => {
      const started = await signInOptions();
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign_in/passkey',
        payload: { challengeToken: started.challengeToken, credential: stranger.get(started.options) },
        remoteAddress,
      });
    };
    const first = await attempt();
    expect(first.statusCode).toBe(401);
    expect(first.json()).toMatchObject(refused);
    for (let count = 1; count < SIGN_IN_FAILURE_LIMIT; count += 1) expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(429);
  });

  it('bounds the challenges one logged-out address may ask for', async () => {
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign_in/passkey/options',
        payload: {},
        remoteAddress: '203.0.113.90',
      });
    const statuses = [];
    for (let count = 0; count < 31; count += 1) statuses.push((await ask()).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another address is not affected.
    expect((await signInOptions()).challengeToken).toBeTruthy();
  });
});

describe('a passkey as the second step', () => {
  /** A user with the authenticator on (and so a second step), then a passkey. */
  async function userWithTwoFactor() {
    const user = await userWithPasskey();
    const enabled = (await call('POST', '/user/enable_google_authenticator', user.accessToken)).json<{
      secret: string;
    }>();
    const code = totpCode(t.app, enabled.secret);
    const verified = await call('POST', '/user/verify_google_code', user.accessToken, { code });
    expect(verified.statusCode, verified.body).toBe(200);
    t.advanceClock(30_000);
    return user;
  }

  async function secondStep(user: { email: string; password: string }) {
    const { body } = await client.signIn(user.email, user.password);
    if (body.type !== 'two_factor') throw new Error(`sign-in answered ${body.type}`);
    return body;
  }

  it('is offered and signs in; the step is spent', async () => {
    const user = await userWithTwoFactor();
    const step = await secondStep(user);
    expect(step).toMatchObject({ twoFactorType: 'google', hasPasskey: true });
    const options = await signInOptions(step.twoFactorToken);
    expect(options.options).toMatchObject({ allowCredentials: [{ id: user.passkey.id, type: 'public-key' }] });
    const signedIn = await passkeySignIn(user.passkey, { twoFactorToken: step.twoFactorToken });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ type: 'authorized', user: { id: user.id } });
    const again = await call('POST', '/auth/sign_in/passkey/options', undefined, {
      twoFactorToken: step.twoFactorToken,
    });
    expect(again.json()).toMatchObject({ code: 'LINK_INVALID', message: MESSAGES.twoFactorSessionInvalid });
  });

  it('refuses a passkey of another account', async () => {
    const user = await userWithTwoFactor();
    const other = await userWithPasskey();
    const step = await secondStep(user);
    const refusedAnswer = await passkeySignIn(other.passkey, { twoFactorToken: step.twoFactorToken });
    expect(refusedAnswer.statusCode).toBe(401);
    expect(refusedAnswer.json()).toMatchObject(refused);
    // A passwordless sign-in's challenge does not stand in for the second step's either.
    const started = await signInOptions();
    const mixed = await call('POST', '/auth/sign_in/passkey', undefined, {
      challengeToken: started.challengeToken,
      credential: user.passkey.get(started.options),
      twoFactorToken: step.twoFactorToken,
    });
    expect(mixed.statusCode).toBe(401);
    // The step is still there for the right passkey.
    expect((await passkeySignIn(user.passkey, { twoFactorToken: step.twoFactorToken })).statusCode).toBe(200);
  });

  it('is not offered to a user without a passkey', async () => {
    const user = await client.loggedInUser();
    const enabled = (await call('POST', '/user/enable_google_authenticator', user.accessToken)).json<{
      secret: string;
    }>();
    await call('POST', '/user/verify_google_code', user.accessToken, { code: totpCode(t.app, enabled.secret) });
    t.advanceClock(30_000);
    expect(await secondStep(user)).toMatchObject({ hasPasskey: false });
  });
});

describe('renaming and removing a passkey', () => {
  it('renames one’s own; another account’s answers 404', async () => {
    const user = await userWithPasskey();
    const other = await client.loggedInUser();
    const renamed = await call('PATCH', `/user/passkeys/${user.passkeyId}`, user.accessToken, { name: 'Work laptop' });
    expect(renamed.json()).toMatchObject({ name: 'Work laptop' });
    const foreign = await call('PATCH', `/user/passkeys/${user.passkeyId}`, other.accessToken, { name: 'Mine' });
    expect(foreign.statusCode).toBe(404);
  });

  it('asks for the password; then the passkey signs in no more', async () => {
    const user = await userWithPasskey();
    const other = await client.loggedInUser();
    const foreign = await call('DELETE', `/user/passkeys/${user.passkeyId}`, other.accessToken, {
      password: other.password,
    });
    expect(foreign.statusCode).toBe(404);
    const wrong = await call('DELETE', `/user/passkeys/${user.passkeyId}`, user.accessToken, { password: 'wrong-one' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toMatchObject({ property: 'password' });
    const removed = await call('DELETE', `/user/passkeys/${user.passkeyId}`, user.accessToken, {
      password: user.password,
    });
    expect(removed.json()).toEqual({ message: MESSAGES.passkeyRemoved });
    expect((await call('GET', '/user/passkeys', user.accessToken)).json()).toEqual([]);
    const signIn = await passkeySignIn(user.passkey);
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json()).toMatchObject(refused);
  });
});
