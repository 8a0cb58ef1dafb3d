import type { SignInResponse, SsoSettings } from '@esign/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, linkParam, type TestApp, waitForMail } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { type OidcPeer, oidcPeer } from '../../../test/oidc-peer.js';
import { teamClient } from '../../../test/teams.js';
import { setPlan } from '../../../test/templates.js';
import { totpCode } from '../../../test/two-factor.js';
import { ssoLogins, subscriptions, users } from '../../platform/db/schema.js';

const CLIENT = { clientId: 'esign-test', clientSecret: 'sso-client-secret-4d1f0a9c' };
const APP_URL = 'http://localhost:3000';
const REDIRECT_URI = `${APP_URL}/api/v1/auth/sso/callback`;

let t: TestApp;
let peer: OidcPeer;
let otherPeer: OidcPeer;
beforeAll(async () => {
  t = await createTestApp({ config: { appUrl: APP_URL, sso: { allowPrivateAddresses: true } } });
  peer = await oidcPeer({ ...CLIENT, redirectUri: REDIRECT_URI });
  otherPeer = await oidcPeer({ ...CLIENT, redirectUri: REDIRECT_URI });
  vi.spyOn(t.app.platform.log, 'warn');
});
afterAll(async () => {
  await peer?.close();
  await otherPeer?.close();
  await t?.close();
});

let addressCount = 0;
/** Each call from an address of its own: the sign-in limits count per address. */
function newAddress() {
  addressCount += 1;
  return `10.38.${Math.floor(addressCount / 250)}.${(addressCount % 250) + 1}`;
}

let domainCount = 0;
/** A domain of this test's own. */
function newDomain() {
  domainCount += 1;
  return `acme${Date.now().toString(36)}${domainCount}.test`;
}

const bearer = (session: { accessToken: string }) => ({ authorization: `Bearer ${session.accessToken}` });

/** A confirmed account of the given address, logged in. */
async function accountOf(email: string, password = 'secret1') {
  const auth = authClient(t.app);
  await auth.post('/auth/sign_up', { name: 'Owner Person', email, password });
  const mail = await waitForMail(t.app, email, { subject: /confirm/i });
  await auth.post('/auth/confirm_email/confirm', { token: linkParam(mail, 'emailConfirmationToken') });
  const { body } = await auth.signIn(email, password, newAddress());
  if (body.type !== 'authorized') throw new Error(`sign-in answered ${body.type}`);
  return { email, password, id: body.user.id, accessToken: body.accessToken };
}

function putSso(session: { accessToken: string }, body: object) {
  return t.app.inject({ method: 'PUT', url: '/api/v1/user/sso', headers: bearer(session), payload: body });
}

/** An owner (of its own domain's address) whose account signs `domain` in through `peer`. */
async function ssoAccount(options: { isRequired?: boolean; plan?: 'free' | 'business' } = {}) {
  const domain = newDomain();
  const owner = await accountOf(`owner@${domain}`);
  // People join the owner's team: a Business account's (granted, so without a seat limit) unless the test says.
  await setPlan(t.app, owner.id, options.plan ?? 'business');
  const saved = await putSso(owner, {
    issuerUrl: peer.issuer,
    ...CLIENT,
    domains: [domain],
    isRequired: options.isRequired ?? false,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { owner, domain };
}

/** 'Sign in with SSO' in a browser: the provider's URL and the browser's cookie. */
async function start(email: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sso/start',
    payload: { email },
    remoteAddress: newAddress(),
  });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = String(response.headers['set-cookie']).split(';')[0] ?? '';
  expect(cookie).toMatch(/^esign_sso=.{20,}/);
  expect(String(response.headers['set-cookie'])).toMatch(/HttpOnly/);
  return { url: response.json<{ url: string }>().url, cookie };
}

/** The provider's redirect opened by the browser that holds `cookie`: where it is sent next. */
async function callback(url: string, cookie: string | undefined) {
  const target = new URL(url);
  const response = await t.app.inject({
    method: 'GET',
    url: `${target.pathname}${target.search}`,
    headers: cookie ? { cookie } : {},
  });
  expect(response.statusCode).toBe(302);
  return String(response.headers.location);
}

function complete(code: string) {
  return t.app.inject({ method: 'POST', url: '/api/v1/auth/sso/complete', payload: { code } });
}

/** The whole sign-in of `email` through `through`, up to the hand-off's answer. */
async function signInThroughSso(email: string, options: { emailVerified?: boolean; as?: string } = {}) {
  const { url, cookie } = await start(email);
  peer.signInNext({ email: options.as ?? email, emailVerified: options.emailVerified ?? true, name: 'Joe Member' });
  const location = await callback(await peer.authorize(url), cookie);
  return location;
}

const FAILED = `${APP_URL}/login?sso=failed`;

/** The reason the server logged for the last refused sign-in (the browser only ever sees FAILED). */
function lastRefusal(): string {
  const calls = vi.mocked(t.app.platform.log.warn).mock.calls;
  const last = calls.findLast((call) => call[1] === 'single sign-on: sign-in refused');
  return (last?.[0] as { reason?: string } | undefined)?.reason ?? '';
}

describe('single sign-on (OpenID Connect)', () => {
  it('signs a person of the domain in, joins them to the owner team on the first sign-in, then signs them in again', async () => {
    const { owner, domain } = await ssoAccount();
    const email = `joe@${domain}`;
    const location = await signInThroughSso(email);
    expect(location).toMatch(new RegExp(`^${APP_URL}/sso#code=`));
    const code = location.split('#code=')[1] ?? '';
    const answer = await complete(code);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json<SignInResponse>();
    if (body.type !== 'authorized') throw new Error(body.type);
    expect(body.user).toMatchObject({ email, name: 'Joe Member', role: 'user' });
    // The owner's team is made on its first member, with the owner in it.
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(body) });
    const ownerNow = await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(owner) });
    expect(me.json().teamId).toBe(ownerNow.json().teamId);
    expect(ownerNow.json().role).toBe('owner');
    const members = await teamClient(t.app).call(owner, 'GET', '/teams/members');
    expect(JSON.stringify(members.json())).toContain(email);
    // The hand-off code is spent.
    expect((await complete(code)).statusCode).toBe(400);
    // Again: the same account, no second user.
    const again = await signInThroughSso(email);
    const second = (await complete(again.split('#code=')[1] ?? '')).json<SignInResponse>();
    expect(second.type === 'authorized' && second.user.id).toBe(body.user.id);
  });

  it('takes a seat the plan pays for, as an invitation does: none on a plan without a team, none when all are taken', async () => {
    const refusedJoin = () => {
      const calls = vi.mocked(t.app.platform.log.warn).mock.calls;
      const last = calls.findLast((call) => call[1] === 'single sign-on: join refused');
      return (last?.[0] as { reason?: string } | undefined)?.reason ?? '';
    };
    // A free account: its owner alone; nobody joins, and no team is made for it.
    const free = await ssoAccount({ plan: 'free' });
    expect(await signInThroughSso(`ann@${free.domain}`)).toBe(FAILED);
    expect(refusedJoin()).toBe('the plan has no team');
    const [freeOwner] = await t.app.platform.database.db.select().from(users).where(eq(users.id, free.owner.id));
    expect(freeOwner?.teamId).toBeNull();

    // A Business subscription of two users: the owner and one more; the third person finds no seat.
    const paid = await ssoAccount();
    const start = new Date();
    await t.app.platform.database.db.insert(subscriptions).values({
      userId: paid.owner.id,
      planType: 'business',
      planDuration: 'monthly',
      userQuantity: 2,
      amountCents: 0,
      currentPeriodStart: start,
      currentPeriodEnd: new Date(start.getTime() + 30 * 24 * 60 * 60 * 1000),
    });
    const first = await signInThroughSso(`bob@${paid.domain}`);
    expect(first).toMatch(new RegExp(`^${APP_URL}/sso#code=`));
    expect((await complete(first.split('#code=')[1] ?? '')).statusCode).toBe(200);
    expect(await signInThroughSso(`cat@${paid.domain}`)).toBe(FAILED);
    expect(refusedJoin()).toBe('no free seat in the team');
    // The member who has a seat signs in again.
    expect(await signInThroughSso(`bob@${paid.domain}`)).toMatch(new RegExp(`^${APP_URL}/sso#code=`));
  });

  it('asks for the second step when the member turned a factor on', async () => {
    const { domain } = await ssoAccount();
    const email = `two@${domain}`;
    const first = (await complete((await signInThroughSso(email)).split('#code=')[1] ?? '')).json<SignInResponse>();
    if (first.type !== 'authorized') throw new Error(first.type);
    const auth = authClient(t.app);
    const enabled = await auth.post('/user/enable_google_authenticator', {}, bearer(first));
    const { secret } = enabled.json<{ secret: string }>();
    const verified = await auth.post('/user/verify_google_code', { code: totpCode(t.app, secret) }, bearer(first));
    expect(verified.statusCode).toBe(200);
    const second = (await complete((await signInThroughSso(email)).split('#code=')[1] ?? '')).json<SignInResponse>();
    expect(second.type).toBe('two_factor');
  });

  it('refuses a wrong state, a wrong nonce, another browser, a replayed answer and an answer of another issuer, all alike', async () => {
    const { domain } = await ssoAccount();
    const email = `eve@${domain}`;
    peer.signInNext({ email, emailVerified: true });

    // A wrong state.
    const a = await start(email);
    const answerA = new URL(await peer.authorize(a.url));
    answerA.searchParams.set('state', 'forged-state');
    expect(await callback(answerA.toString(), a.cookie)).toBe(FAILED);
    expect(lastRefusal()).toMatch(/"state"/);

    // A wrong nonce: the ID token names the nonce the provider was given, the sign-in expects another.
    const b = await start(email);
    await t.app.platform.database.db
      .update(ssoLogins)
      .set({ nonce: 'another-nonce' })
      .where(eq(ssoLogins.state, new URL(b.url).searchParams.get('state') ?? ''));
    expect(await callback(await peer.authorize(b.url), b.cookie)).toBe(FAILED);
    expect(lastRefusal()).toMatch(/"nonce"/);

    // No cookie, and another browser's cookie.
    const c = await start(email);
    const answerC = await peer.authorize(c.url);
    expect(await callback(answerC, undefined)).toBe(FAILED);
    const d = await start(email);
    expect(await callback(answerC, d.cookie)).toBe(FAILED);
    expect(lastRefusal()).toMatch(/"state"/);

    // The right browser once; the same answer again is spent.
    const e = await start(email);
    const answerE = await peer.authorize(e.url);
    expect(await callback(answerE, e.cookie)).toMatch(/#code=/);
    expect(await callback(answerE, e.cookie)).toBe(FAILED);

    // The same request answered by another provider (its code, its `iss`): refused.
    const f = await start(email);
    otherPeer.signInNext({ email, emailVerified: true });
    const elsewhere = new URL(f.url);
    const mixedUp = await otherPeer.authorize(`${otherPeer.issuer}${elsewhere.pathname}${elsewhere.search}`);
    expect(new URL(mixedUp).searchParams.get('iss')).toBe(otherPeer.issuer);
    expect(await callback(mixedUp, f.cookie)).toBe(FAILED);
    expect(lastRefusal()).toMatch(/"iss"/);
    // Without its `iss`, the other provider's code is refused by ours at the exchange.
    const g = await start(email);
    const withoutIss = new URL(
      await otherPeer.authorize(`${otherPeer.issuer}${new URL(g.url).pathname}${new URL(g.url).search}`),
    );
    withoutIss.searchParams.delete('iss');
    expect(await callback(withoutIss.toString(), g.cookie)).toBe(FAILED);
    expect(lastRefusal()).toMatch(/invalid_grant|iss/);
  });

  it('refuses an unverified address and an address of another domain', async () => {
    const { domain } = await ssoAccount();
    expect(await signInThroughSso(`ann@${domain}`, { emailVerified: false })).toBe(FAILED);
    expect(lastRefusal()).toBe('e-mail not verified');
    expect(await signInThroughSso(`ann@${domain}`, { as: `ann@${newDomain()}` })).toBe(FAILED);
    expect(lastRefusal()).toBe('e-mail of another domain');
    // An address of no account's domain cannot start.
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sso/start',
      payload: { email: `ann@${newDomain()}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Single sign-on did not work. Please try again, or ask the administrator of your account.',
    );
  });

  it("when required, refuses a domain user's password sign-in but keeps the owner's own", async () => {
    const domain = newDomain();
    const member = await accountOf(`bob@${domain}`);
    const { owner } = await (async () => {
      const owner = await accountOf(`boss@${domain}`);
      await setPlan(t.app, owner.id, 'business');
      const saved = await putSso(owner, { issuerUrl: peer.issuer, ...CLIENT, domains: [domain], isRequired: true });
      expect(saved.statusCode, saved.body).toBe(200);
      return { owner };
    })();
    const auth = authClient(t.app);
    const refused = await auth.signIn(member.email, member.password, newAddress());
    expect(refused.response.statusCode).toBe(403);
    expect(refused.response.json().code).toBe('SSO_REQUIRED');
    // A wrong password gets the same answer: it says nothing of the password.
    expect((await auth.signIn(member.email, 'wrong-1', newAddress())).response.json().code).toBe('SSO_REQUIRED');
    expect((await auth.signIn(`nobody@${domain}`, 'wrong-1', newAddress())).response.json().code).toBe('SSO_REQUIRED');
    const kept = await auth.signIn(owner.email, owner.password, newAddress());
    expect(kept.response.statusCode).toBe(200);
    expect(kept.body.type).toBe('authorized');
    // Through single sign-on the member still gets in, and joins the team.
    const location = await signInThroughSso(member.email);
    const joined = (await complete(location.split('#code=')[1] ?? '')).json<SignInResponse>();
    expect(joined.type === 'authorized' && joined.user.id).toBe(member.id);
    // Not required any more: the password works again.
    await putSso(owner, { issuerUrl: peer.issuer, ...CLIENT, domains: [domain], isRequired: false });
    expect((await auth.signIn(member.email, member.password, newAddress())).response.statusCode).toBe(200);
  });

  it('keeps the settings to the account owner, never answers the secret, and refuses a domain another account covers', async () => {
    const { owner, domain } = await ssoAccount();
    const read = await t.app.inject({ method: 'GET', url: '/api/v1/user/sso', headers: bearer(owner) });
    expect(read.statusCode).toBe(200);
    expect(read.json<SsoSettings>()).toEqual({
      isConfigured: true,
      issuerUrl: peer.issuer,
      clientId: CLIENT.clientId,
      hasClientSecret: true,
      domains: [domain],
      isRequired: false,
      redirectUri: REDIRECT_URI,
    });
    expect(read.body).not.toContain(CLIENT.clientSecret);
    // Saved again without the secret: the secret is kept.
    const resaved = await putSso(owner, {
      issuerUrl: peer.issuer,
      clientId: CLIENT.clientId,
      domains: [domain],
      isRequired: false,
    });
    expect(resaved.statusCode).toBe(200);
    expect(resaved.body).not.toContain(CLIENT.clientSecret);
    expect(await signInThroughSso(`kim@${domain}`)).toMatch(/#code=/);
    const stored = await t.app.platform.database.db.execute(`select * from sso_providers` as never);
    expect(JSON.stringify(stored)).not.toContain(CLIENT.clientSecret);

    // Another account: its own (empty) settings, and the owner's domain refused.
    const stranger = await authClient(t.app).loggedInUser();
    const theirs = await t.app.inject({ method: 'GET', url: '/api/v1/user/sso', headers: bearer(stranger) });
    expect(theirs.json<SsoSettings>()).toMatchObject({ isConfigured: false, domains: [] });
    const taken = await putSso(stranger, {
      issuerUrl: peer.issuer,
      ...CLIENT,
      domains: [newDomain(), domain.toUpperCase()],
      isRequired: true,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A domain is already used by another account.');

    // A team's admin and user: 404, reading or changing.
    const { members } = await teamClient(t.app).team(2, 1);
    for (const member of members) {
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/sso', headers: bearer(member) })).statusCode).toBe(
        404,
      );
      expect(
        (await putSso(member, { issuerUrl: peer.issuer, ...CLIENT, domains: [newDomain()], isRequired: false }))
          .statusCode,
      ).toBe(404);
      expect(
        (await t.app.inject({ method: 'DELETE', url: '/api/v1/user/sso', headers: bearer(member) })).statusCode,
      ).toBe(404);
    }
    // Anonymous: 401.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/sso' })).statusCode).toBe(401);

    // Removed: the domain is free and its people cannot start.
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/v1/user/sso', headers: bearer(owner) });
    expect(removed.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/auth/sso/start', payload: { email: `kim@${domain}` } }))
        .statusCode,
    ).toBe(400);
  });

  it('counts each start as a sign-in attempt: over the limit from one address, 429', async () => {
    const { domain } = await ssoAccount();
    const remoteAddress = newAddress();
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sso/start',
        payload: { email: `many@${domain}` },
        remoteAddress,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });

  it('refuses an issuer URL of a private address without SSO_ALLOW_PRIVATE, and a first save without a secret', async () => {
    const guarded = await createTestApp({ config: { appUrl: APP_URL } });
    try {
      const owner = await authClient(guarded.app).loggedInUser();
      const put = (body: object) =>
        guarded.app.inject({ method: 'PUT', url: '/api/v1/user/sso', headers: bearer(owner), payload: body });
      for (const issuerUrl of [
        peer.issuer,
        'https://169.254.169.254/',
        'https://127.0.0.1:8443',
        'ftp://idp.example.com',
      ]) {
        const refused = await put({ issuerUrl, ...CLIENT, domains: [newDomain()], isRequired: false });
        expect(refused.statusCode, issuerUrl).toBe(400);
      }
      const noSecret = await put({ issuerUrl: peer.issuer, clientId: 'x', domains: [newDomain()], isRequired: false });
      expect(noSecret.statusCode).toBe(400);
    } finally {
      await guarded.close();
    }
  });
});
