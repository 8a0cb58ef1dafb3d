import { MESSAGES } from '@esign/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { sessions } from '../../platform/db/schema.js';
import { REFRESH_REUSE_WINDOW_SECONDS } from './tokens.js';

let t: TestApp;
let client: ReturnType<typeof authClient>;
beforeAll(async () => {
  t = await createTestApp();
  client = authClient(t.app);
});
afterAll(async () => {
  await t?.close();
});

const getUser = (accessToken?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/user',
    headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
  });
const refresh = (refreshToken: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/auth/refresh-token',
    headers: { authorization: `Bearer ${refreshToken}` },
  });

describe('POST /auth/sign_in', () => {
  it('answers tokens and the user for a confirmed account, with any letter case of the e-mail', async () => {
    const user = await client.confirmedUser();
    const { response, body } = await client.signIn(` ${user.email.toUpperCase()} `, user.password);
    expect(response.statusCode).toBe(200);
    expect(body).toMatchObject({ type: 'authorized', user: { email: user.email } });
    expect(JSON.stringify(body)).not.toContain('password');
  });

  it('refuses a wrong password and an unknown e-mail with the same answer', async () => {
    const user = await client.confirmedUser();
    const wrong = await client.signIn(user.email, 'wrong-password1', '10.0.0.1');
    const unknown = await client.signIn(uniqueEmail(), 'wrong-password1', '10.0.0.1');
    for (const { response } of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', message: MESSAGES.invalidCredentials });
    }
  });

  it('refuses missing fields with their messages', async () => {
    const response = await client.post('/auth/sign_in', { email: 'bad' });
    expect(response.statusCode).toBe(400);
    const messages = Object.fromEntries(
      response
        .json()
        .errors.map((item: { property: string; constraints: Record<string, string> }) => [
          item.property,
          Object.values(item.constraints)[0],
        ]),
    );
    expect(messages).toEqual({ email: MESSAGES.invalidEmail, password: MESSAGES.required });
  });

  // Security issue, finding 4: ten wrong passwords from anywhere locked the account's correct password out for 15
  // minutes, renewable by anyone who knows the address.
  it("keeps the owner's correct password working from a clean address while an attacker's address is limited", async () => {
    const user = await client.confirmedUser();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const { response } = await client.signIn(user.email, 'wrong-password1', '10.1.0.66');
      expect(response.statusCode).toBe(401);
    }
    const limited = await client.signIn(user.email, user.password, '10.1.0.66');
    expect(limited.response.statusCode).toBe(429);
    expect(limited.response.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: MESSAGES.tooManySignInAttempts,
    });
    expect((await client.signIn(user.email, user.password, '10.1.0.99')).response.statusCode).toBe(200);
    // The owner's sign-in does not clear the attacker's failures.
    expect((await client.signIn(user.email, user.password, '10.1.0.66')).response.statusCode).toBe(429);
  });

  it('refuses even the correct password once the account has 100 failures from all addresses in the window', async () => {
    const user = await client.confirmedUser();
    for (let attempt = 1; attempt <= 100; attempt++) {
      const { response } = await client.signIn(user.email, 'wrong-password1', `10.4.${attempt >> 4}.${attempt}`);
      expect(response.statusCode).toBe(401);
    }
    const { response } = await client.signIn(user.email, user.password, '10.4.99.99');
    expect(response.statusCode).toBe(429);
  });

  it('counts IPv6 guesses by their /64 network', async () => {
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 11; attempt++) {
      statuses.push(
        (await client.signIn(uniqueEmail(), 'wrong-password1', `2001:db8:5:6::${attempt}`)).response.statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('answers 429 to the 11th failed sign-in from one IP, also when the guesses arrive at once', async () => {
    const guesses = Array.from({ length: 14 }, () => client.signIn(uniqueEmail(), 'wrong-password1', '10.2.0.1'));
    const statuses = (await Promise.all(guesses)).map(({ response }) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
    const other = await client.confirmedUser();
    expect((await client.signIn(other.email, other.password, '10.2.0.2')).response.statusCode).toBe(200);
  });

  it('does not count successful sign-ins as failures', async () => {
    const user = await client.confirmedUser();
    for (let attempt = 0; attempt < 12; attempt++) {
      expect((await client.signIn(user.email, user.password, '10.3.0.1')).response.statusCode).toBe(200);
    }
  });
});

describe('access and refresh tokens', () => {
  it('GET /user answers the current user, 401 without a token or with a forged one', async () => {
    const user = await client.loggedInUser();
    const response = await getUser(user.accessToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, email: user.email, freeDocumentsUsedLimit: 3 });

    expect((await getUser()).statusCode).toBe(401);
    expect((await getUser('not-a-token')).statusCode).toBe(401);
    const forged = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('another-secret'));
    expect((await getUser(forged)).statusCode).toBe(401);
    // A refresh token is not an access token.
    expect((await getUser(user.refreshToken)).statusCode).toBe(401);
  });

  it('answers requests arriving together each with its own user (their lookups go to the database as one)', async () => {
    const [first, second] = [await client.loggedInUser(), await client.loggedInUser()];
    const secret = new TextEncoder().encode(t.app.platform.config.jwtSecret);
    // Well signed, but for a user and session that do not exist: refused, without failing the requests batched with it.
    const unknown = await new SignJWT({ typ: 'access', sid: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(crypto.randomUUID())
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(secret);
    const tokens = [first, second, first, null, second].map((user) => user?.accessToken ?? unknown);
    const answers = await Promise.all(tokens.map((token) => getUser(token)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 401, 200]);
    expect(answers.map((answer) => (answer.statusCode === 200 ? answer.json().id : null))).toEqual([
      first.id,
      second.id,
      first.id,
      null,
      second.id,
    ]);
  });

  it("answers 403 'Token expired!' for an access token past its 15 minutes", async () => {
    const user = await client.loggedInUser();
    const secret = new TextEncoder().encode(t.app.platform.config.jwtSecret);
    const issuedAt = Math.floor(Date.now() / 1000) - 16 * 60;
    const expired = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 15 * 60)
      .sign(secret);
    const response = await getUser(expired);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'TOKEN_EXPIRED', message: 'Token expired!' });
  });

  it('refuses a token it has already accepted once its 15 minutes are over', async () => {
    const user = await client.loggedInUser();
    expect((await getUser(user.accessToken)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 15 * 60 * 1000 + 1000);
      const response = await getUser(user.accessToken);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'TOKEN_EXPIRED' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('rotates the refresh token: the new pair works, the old refresh token does not', async () => {
    const user = await client.loggedInUser();
    const first = await refresh(user.refreshToken);
    expect(first.statusCode).toBe(200);
    const pair = first.json<{ accessToken: string; refreshToken: string }>();
    expect(pair.refreshToken).not.toBe(user.refreshToken);
    expect((await getUser(pair.accessToken)).statusCode).toBe(200);

    t.advanceClock(REFRESH_REUSE_WINDOW_SECONDS * 1000 + 1000);
    const replay = await refresh(user.refreshToken);
    expect(replay.statusCode).toBe(401);
    // Replaying a rotated token ends the whole session family, the stolen copy's successor included.
    expect((await refresh(pair.refreshToken)).statusCode).toBe(401);
  });

  it('answers ten parallel refreshes with one token (two tabs) with the same new pair, and keeps one live session', async () => {
    // Cause: the 9 refreshes that lost the rotation counted as replays and ended the whole session, the winner's
    // new tokens included.
    const user = await client.loggedInUser();
    const answers = await Promise.all(Array.from({ length: 10 }, () => refresh(user.refreshToken)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const pairs = answers.map((answer) => answer.json<{ accessToken: string; refreshToken: string }>());
    expect(new Set(pairs.map((pair) => pair.refreshToken)).size).toBe(1);
    for (const pair of pairs) expect((await getUser(pair.accessToken)).statusCode).toBe(200);
    const live = await t.app.platform.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), isNull(sessions.endedAt)));
    expect(live).toHaveLength(1);
    const next = await refresh(pairs[0]?.refreshToken ?? '');
    expect(next.statusCode).toBe(200);

    // The same token a minute later is a copy: the session ends, the newest pair included.
    t.advanceClock(60_000);
    expect((await refresh(user.refreshToken)).statusCode).toBe(401);
    const newest = next.json<{ accessToken: string; refreshToken: string }>();
    expect((await getUser(newest.accessToken)).statusCode).toBe(401);
    expect((await refresh(newest.refreshToken)).statusCode).toBe(401);
  });

  it('refuses refresh without a token and after 30 days', async () => {
    const noToken = await t.app.inject({ method: 'GET', url: '/api/v1/auth/refresh-token' });
    expect(noToken.statusCode).toBe(401);
    const user = await client.loggedInUser();
    t.advanceClock(31 * 24 * 60 * 60 * 1000);
    try {
      expect((await refresh(user.refreshToken)).statusCode).toBe(401);
    } finally {
      t.advanceClock(-31 * 24 * 60 * 60 * 1000);
    }
  });

  it('refuses an anonymous request with 401 before its body is read or validated', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/documents',
      payload: { type: 'not-a-type', title: 'x'.repeat(500) },
    });
    expect(response.statusCode).toBe(401);
  });

  it('logout revokes the refresh token', async () => {
    const user = await client.loggedInUser();
    const response = await client.post('/auth/logout', { refreshToken: user.refreshToken });
    expect(response.statusCode).toBe(204);
    expect((await refresh(user.refreshToken)).statusCode).toBe(401);
  });

  // Security issue, finding 6: a logged-out access token kept working for up to 15 minutes.
  it('logout ends the session: its access tokens answer 401 at once, other sessions of the user go on', async () => {
    const user = await client.loggedInUser();
    const other = await client.signIn(user.email, user.password);
    if (other.body.type !== 'authorized') throw new Error('second sign-in failed');
    const renewed = (await refresh(user.refreshToken)).json<{ accessToken: string; refreshToken: string }>();
    expect((await getUser(user.accessToken)).statusCode).toBe(200);
    expect((await client.post('/auth/logout', { refreshToken: renewed.refreshToken })).statusCode).toBe(204);
    for (const token of [user.accessToken, renewed.accessToken]) {
      const response = await getUser(token);
      expect(response.statusCode).toBe(401);
    }
    expect((await refresh(renewed.refreshToken)).statusCode).toBe(401);
    expect((await getUser(other.body.accessToken)).statusCode).toBe(200);
  });

  it('a replayed refresh token ends its session: the access tokens issued in it answer 401', async () => {
    const user = await client.loggedInUser();
    const renewed = (await refresh(user.refreshToken)).json<{ accessToken: string }>();
    t.advanceClock(REFRESH_REUSE_WINDOW_SECONDS * 1000 + 1000);
    expect((await refresh(user.refreshToken)).statusCode).toBe(401);
    expect((await getUser(renewed.accessToken)).statusCode).toBe(401);
  });

  it('treats an access token without a session (made before sessions existed) as expired, so the client refreshes', async () => {
    const user = await client.loggedInUser();
    const secret = new TextEncoder().encode(t.app.platform.config.jwtSecret);
    const legacy = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(secret);
    const response = await getUser(legacy);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: MESSAGES.tokenExpired });
  });
});
