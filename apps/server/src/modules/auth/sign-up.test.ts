import { MESSAGES } from '@esign/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, linkParam, type TestApp, uniqueEmail, waitForMail } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { plantSession, refreshStatus } from '../../../test/sessions.js';
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

async function countUsers(email?: string) {
  const query = t.app.platform.database.db.select({ n: count() }).from(users);
  const [row] = await (email ? query.where(eq(users.email, email)) : query);
  return row?.n ?? 0;
}

/** Asserts a 400 whose field `property` carries `message`, and that nothing was stored. */
async function expectRejected(payload: unknown, property: string, message: string) {
  const before = await countUsers();
  const response = await client.post('/auth/sign_up', payload);
  expect(response.statusCode).toBe(400);
  const body = response.json();
  expect(body.code).toBe('VALIDATION_ERROR');
  const field = body.errors.find((item: { property: string }) => item.property === property);
  expect(field, `errors for ${property}: ${JSON.stringify(body.errors)}`).toBeDefined();
  expect(Object.values(field.constraints)).toContain(message);
  expect(await countUsers()).toBe(before);
}

const valid = () => ({ name: 'Ada Lovelace', email: uniqueEmail(), password: 'secret1' });

describe('POST /auth/sign_up', () => {
  it('creates an unconfirmed free user with a normalised e-mail and mails an absolute link', async () => {
    const email = uniqueEmail();
    const response = await client.post('/auth/sign_up', {
      name: '  Ada   Lovelace ',
      email: `  ${email.toUpperCase()}  `,
      password: 'secret1',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ type: 'email_confirmation_required', email });
    expect((await client.signIn(email, 'secret1')).body).toEqual({ type: 'email_not_confirmed' });

    const mail = await waitForMail(t.app, email, { subject: /confirm/i });
    expect(mail.text).toContain('http://localhost:3000/confirm_email?emailConfirmationToken=');
    expect(mail.html).toContain('http://localhost:3000/confirm_email?emailConfirmationToken=');
    expect(mail.html).toContain('Ada Lovelace');

    const token = linkParam(mail, 'emailConfirmationToken');
    const confirmed = await client.post('/auth/confirm_email/confirm', { token });
    expect(confirmed.json()).toEqual({ message: MESSAGES.emailConfirmed });
    const again = await client.post('/auth/confirm_email/confirm', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'LINK_INVALID', message: MESSAGES.linkInvalid });

    const { body } = await client.signIn(email, 'secret1');
    expect(body).toMatchObject({
      type: 'authorized',
      user: { name: 'Ada Lovelace', email, plan: { type: 'free' }, freeDocumentsUsed: 0, freeDocumentsUsedLimit: 3 },
    });
  });

  it('answers the same for an address that already has an account, stores nothing, and tells the owner', async () => {
    const existing = await client.confirmedUser();
    const response = await client.post('/auth/sign_up', { name: 'Mallory', email: existing.email, password: 'other1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ type: 'email_confirmation_required', email: existing.email });
    expect(await countUsers(existing.email)).toBe(1);
    await waitForMail(t.app, existing.email, { subject: /already have an account/i });
    expect((await client.signIn(existing.email, existing.password)).body.type).toBe('authorized');
  });

  it('stores one user when the same address signs up twice at once', async () => {
    const payload = valid();
    const answers = await Promise.all([client.post('/auth/sign_up', payload), client.post('/auth/sign_up', payload)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await countUsers(payload.email)).toBe(1);
  });

  it.each([
    ['name', { name: undefined }, MESSAGES.required],
    ['name', { name: '' }, MESSAGES.required],
    ['name', { name: '    ' }, MESSAGES.onlySpaces],
    ['name', { name: 'x'.repeat(101) }, MESSAGES.maxLength100],
    ['name', { name: '<script>' }, MESSAGES.incorrectName],
    ['name', { name: 42 }, MESSAGES.incorrectName],
    ['email', { email: undefined }, MESSAGES.required],
    ['email', { email: 'not-an-email' }, MESSAGES.invalidEmail],
    ['email', { email: 'a@b' }, MESSAGES.invalidEmail],
    ['email', { email: ['a@b.co'] }, MESSAGES.invalidEmail],
    ['password', { password: undefined }, MESSAGES.required],
    ['password', { password: 'secret' }, MESSAGES.passwordDigit],
    ['password', { password: 'abc1' }, MESSAGES.passwordMinLength],
    ['password', { password: 'secret 1' }, MESSAGES.passwordCharacters],
    ['password', { password: 'sécret1' }, MESSAGES.passwordCharacters],
    ['password', { password: 123456 }, MESSAGES.passwordCharacters],
  ])('refuses a bad %s (%j) with its message', async (property, change, message) => {
    await expectRejected({ ...valid(), ...change }, property, message);
  });

  it('refuses a 1 MB name with the length message, not a 5xx', async () => {
    await expectRejected({ ...valid(), name: 'a'.repeat(1024 * 1024) }, 'name', MESSAGES.maxLength100);
  });

  it('refuses malformed JSON, a non-object body and an oversized body with 4xx', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign_up',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Ada",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'INVALID_JSON', message: MESSAGES.invalidJson });

    const array = await client.post('/auth/sign_up', [1, 2]);
    expect(array.statusCode).toBe(400);
    expect(array.json().code).toBe('VALIDATION_ERROR');

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign_up',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'a'.repeat(3 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('lists every failing field at once', async () => {
    const response = await client.post('/auth/sign_up', {});
    expect(response.statusCode).toBe(400);
    const properties = response.json().errors.map((item: { property: string }) => item.property);
    expect(properties.sort()).toEqual(['email', 'name', 'password']);
  });
});

describe('POST /auth/confirm_email', () => {
  it('refuses an unknown or expired confirmation link', async () => {
    const unknown = await client.post('/auth/confirm_email/confirm', { token: 'nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(MESSAGES.linkInvalid);

    const payload = valid();
    await client.post('/auth/sign_up', payload);
    const mail = await waitForMail(t.app, payload.email, { subject: /confirm/i });
    t.advanceClock(24 * 60 * 60 * 1000 + 1000);
    try {
      const expired = await client.post('/auth/confirm_email/confirm', {
        token: linkParam(mail, 'emailConfirmationToken'),
      });
      expect(expired.statusCode).toBe(400);
    } finally {
      t.advanceClock(-(24 * 60 * 60 * 1000 + 1000));
    }
  });

  it('sends the confirmation again on request, answering the same for unknown addresses', async () => {
    const payload = valid();
    await client.post('/auth/sign_up', payload);
    const first = await waitForMail(t.app, payload.email, { subject: /confirm/i });
    const resend = await client.post('/auth/confirm_email/send', { email: payload.email });
    expect(resend.json()).toEqual({ message: MESSAGES.emailSent });
    const second = await waitForMail(t.app, payload.email, {
      subject: /confirm/i,
      after: Date.parse(first.createdAt),
    });
    expect(linkParam(second, 'emailConfirmationToken')).not.toBe(linkParam(first, 'emailConfirmationToken'));

    const unknown = await client.post('/auth/confirm_email/send', { email: uniqueEmail() });
    expect(unknown.json()).toEqual({ message: MESSAGES.emailSent });
    const invalid = await client.post('/auth/confirm_email/send', { email: 'x' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(MESSAGES.invalidEmail);
  });
});

describe('sign-up pre-hijacking', () => {
  it("gives the account the password of the confirmation its mailbox's holder clicked, and ends the squatter's", async () => {
    // Cause: a second sign-up of an unconfirmed address only mailed the confirmation again, and confirming kept the
    // first sign-up's password: whoever signed the address up first signed in to the owner's account.
    const email = uniqueEmail();
    await client.post('/auth/sign_up', { name: 'Mallory Squatter', email, password: 'attacker1' });
    const squatterMail = await waitForMail(t.app, email, { subject: /confirm/i });
    const [squatter] = await t.app.platform.database.db.select().from(users).where(eq(users.email, email));
    const squatterSession = await plantSession(t.app, squatter?.id ?? '');

    await client.post('/auth/sign_up', { name: 'Vera Owner', email, password: 'victim1' });
    const ownerMail = await waitForMail(t.app, email, {
      subject: /confirm/i,
      after: Date.parse(squatterMail.createdAt),
    });
    expect(ownerMail.html).toContain('Vera Owner');
    const confirmed = await client.post('/auth/confirm_email/confirm', {
      token: linkParam(ownerMail, 'emailConfirmationToken'),
    });
    expect(confirmed.json()).toEqual({ message: MESSAGES.emailConfirmed });

    expect((await client.signIn(email, 'attacker1')).response.statusCode).toBe(401);
    expect((await client.signIn(email, 'victim1')).body).toMatchObject({
      type: 'authorized',
      user: { name: 'Vera Owner', email },
    });
    expect(await refreshStatus(t.app, squatterSession)).toBe(401);
    // The squatter's link, confirmed afterwards, changes nothing.
    await client.post('/auth/confirm_email/confirm', { token: linkParam(squatterMail, 'emailConfirmationToken') });
    expect((await client.signIn(email, 'attacker1')).response.statusCode).toBe(401);
    expect((await client.signIn(email, 'victim1')).body.type).toBe('authorized');
  });
});
