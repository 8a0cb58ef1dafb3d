import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES, type SignInResponse } from '@esign/shared';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { ssoDomains, ssoProviders } from '../../platform/db/schema.js';
import { GOOGLE_SIGN_IN_NOT_CONFIGURED } from './auth.service.js';

// A local issuer in Google's place: its keys published as a JWKS over HTTP, its URL and issuer given as the
// configuration, so the real verification (signature, issuer, audience, expiry) runs.
const CLIENT_ID = 'test-client.apps.googleusercontent.com';
const ISSUER = 'https://issuer.test';

type Key = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let signingKey: Key;
let strangerKey: Key;
let jwksServer: Server;
let t: TestApp;
let client: ReturnType<typeof authClient>;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  signingKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' };
  jwksServer = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  const { port } = jwksServer.address() as AddressInfo;
  t = await createTestApp({
    config: {
      google: { clientId: CLIENT_ID, issuers: [ISSUER], jwksUrl: `http://127.0.0.1:${port}/certs` },
    },
  });
  client = authClient(t.app);
});
afterAll(async () => {
  await t?.close();
  jwksServer?.close();
});

function idToken(
  claims: Record<string, unknown>,
  options: { key?: Key; issuer?: string; audience?: string; expiresIn?: string; kid?: string } = {},
) {
  return new SignJWT({ email_verified: true, name: 'Grace Hopper', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'key-1' })
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.audience ?? CLIENT_ID)
    .setSubject('1234567890')
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '10m')
    .sign(options.key ?? signingKey);
}

const googleSignIn = (token: string) => client.post('/auth/google_sign_in', { token });

describe('POST /auth/google_sign_in', () => {
  it('creates a confirmed user for a new verified e-mail, then signs the same user in', async () => {
    const email = uniqueEmail('google');
    const first = await googleSignIn(await idToken({ email }));
    expect(first.statusCode).toBe(200);
    expect(first.json<SignInResponse>()).toMatchObject({
      type: 'authorized',
      isNewUser: true,
      user: { email, name: 'Grace Hopper' },
    });
    const again = await googleSignIn(await idToken({ email: email.toUpperCase() }));
    const [made, signedIn] = [first.json<SignInResponse>(), again.json<SignInResponse>()];
    if (made.type !== 'authorized' || signedIn.type !== 'authorized') throw new Error('not signed in');
    expect(signedIn.user.id).toBe(made.user.id);
    expect(signedIn.isNewUser).toBeUndefined();
  });

  it('signs in an existing account of that address', async () => {
    const user = await client.confirmedUser();
    const answer = await googleSignIn(await idToken({ email: user.email }));
    expect(answer.json()).toMatchObject({ type: 'authorized', user: { email: user.email } });
  });

  it('takes an unconfirmed account over and ends what its unverified sign-up set (its password)', async () => {
    const email = uniqueEmail('squatted');
    await client.post('/auth/sign_up', { name: 'Someone Else', email, password: 'secret1' });
    const answer = await googleSignIn(await idToken({ email }));
    expect(answer.json()).toMatchObject({ type: 'authorized' });
    const withOldPassword = await client.signIn(email, 'secret1');
    expect(withOldPassword.response.statusCode).toBe(401);
  });

  it.each([
    [
      'a wrong audience',
      () => idToken({ email: uniqueEmail() }, { audience: 'someone-else.apps.googleusercontent.com' }),
    ],
    ['a wrong issuer', () => idToken({ email: uniqueEmail() }, { issuer: 'https://accounts.example.com' })],
    ['a signature by another key', () => idToken({ email: uniqueEmail() }, { key: strangerKey })],
    ['an unknown key id', () => idToken({ email: uniqueEmail() }, { kid: 'key-2', key: strangerKey })],
    ['an expired token', () => idToken({ email: uniqueEmail() }, { expiresIn: '-1m' })],
    ['an unverified e-mail', () => idToken({ email: uniqueEmail(), email_verified: false })],
    ['no e-mail', () => idToken({})],
  ])('refuses %s', async (_name, makeToken) => {
    const answer = await googleSignIn(await makeToken());
    expect(answer.statusCode).toBe(401);
    expect(answer.json().message).toBe(MESSAGES.googleTokenInvalid);
  });

  it('refuses a token that is not a JWT, and an HS256 token made with a public value', async () => {
    expect((await googleSignIn('not-a-token')).statusCode).toBe(401);
    const hs = await new SignJWT({ email: uniqueEmail(), email_verified: true })
      .setProtectedHeader({ alg: 'HS256', kid: 'key-1' })
      .setIssuer(ISSUER)
      .setAudience(CLIENT_ID)
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('a-public-value-anyone-knows-00000'));
    expect((await googleSignIn(hs)).statusCode).toBe(401);
  });

  it('asks for the second factor of an account that has one on', async () => {
    const user = await client.loggedInUser();
    const bearer = { authorization: `Bearer ${user.accessToken}` };
    const phone = `+1444${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    await client.post('/user/generate_twillio_code?scope=verify', { phone }, bearer);
    const sms = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/dev/sms',
        headers: { authorization: `Bearer ${t.app.platform.config.devMailToken}` },
      })
    ).json<{ to: string; body: string }[]>();
    const code = Number(sms.find((message) => message.to === phone)?.body.match(/\d{6}/)?.[0]);
    await client.post('/user/verify_phone', { phone, code }, bearer);
    const answer = await googleSignIn(await idToken({ email: user.email }));
    expect(answer.json()).toMatchObject({ type: 'two_factor', twoFactorType: 'twillio' });
    expect(answer.body).not.toContain('accessToken');
  });

  it("tells the web app the client id, and lets Google's sign-in script and frame in", async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/app-config' });
    expect(config.json()).toMatchObject({ googleClientId: CLIENT_ID });
    const policy = String(config.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self' https://accounts.google.com/gsi/");
    expect(policy).toContain("frame-src 'self' https://accounts.google.com/gsi/");
    expect(config.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });
});

describe('without GOOGLE_CLIENT_ID', () => {
  it('answers the route with a clear NOT_CONFIGURED error and says so in its config', async () => {
    // The cause: the route was registered only with GOOGLE_CLIENT_ID, so without it the spec's call answered a bare
    // 404, as if the API had no such call. It is always routed (and in the OpenAPI document) and says why it fails.
    const plain = await createTestApp();
    try {
      const answer = await plain.app.inject({
        method: 'POST',
        url: '/api/v1/auth/google_sign_in',
        payload: { token: 'x' },
      });
      expect(answer.statusCode).toBe(501);
      expect(answer.json()).toMatchObject({ code: 'NOT_CONFIGURED', message: GOOGLE_SIGN_IN_NOT_CONFIGURED });
      const invalid = await plain.app.inject({ method: 'POST', url: '/api/v1/auth/google_sign_in', payload: {} });
      expect(invalid.statusCode).toBe(400);
      const config = await plain.app.inject({ method: 'GET', url: '/api/v1/app-config' });
      expect(config.json()).toMatchObject({ googleClientId: null });
      expect(String(config.headers['content-security-policy'])).not.toContain('google');
      expect(config.headers['cross-origin-opener-policy']).toBe('same-origin');
    } finally {
      await plain.close();
    }
  });

  it('refuses an address whose account requires single sign-on, but its owner', async () => {
    const domain = `required${Date.now().toString(36)}.test`;
    const owner = await googleSignIn(await idToken({ email: `owner@${domain}` }));
    const ownerId = owner.json<SignInResponse & { user: { id: string } }>().user.id;
    const db = t.app.platform.database.db;
    await db.insert(ssoProviders).values({
      ownerId,
      issuerUrl: 'https://idp.example.com',
      clientId: 'x',
      clientSecretSealed: 'sealed',
      isRequired: true,
    });
    await db.insert(ssoDomains).values({ domain, ownerId });
    const refused = await googleSignIn(await idToken({ email: `member@${domain}` }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'SSO_REQUIRED', message: MESSAGES.ssoRequired });
    expect((await googleSignIn(await idToken({ email: `owner@${domain}` }))).statusCode).toBe(200);
  });
});
