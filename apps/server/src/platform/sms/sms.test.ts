import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { loadConfig } from '../config.js';
import { SmsError, twilioSms } from './sms.js';

// A local peer in Twilio's place that checks what Twilio checks: the Messages resource of the account in the path,
// HTTP basic auth of that account's SID and token, a form-encoded body with To, From and Body; it answers as
// Twilio's documented resource does (201 with the message, 401 or 400 with an error body).
const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'auth-token-123';
let server: Server;
let baseUrl: string;
const received: { to: string; from: string; body: string }[] = [];

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const reply = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const expectedAuth = `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`;
    if (request.headers.authorization !== expectedAuth) {
      return reply(401, { code: 20003, message: 'Authenticate', status: 401 });
    }
    if (request.method !== 'POST' || request.url !== `/2010-04-01/Accounts/${SID}/Messages.json`) {
      return reply(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    }
    if (request.headers['content-type'] !== 'application/x-www-form-urlencoded') {
      return reply(400, { code: 21601, message: 'Unsupported content type', status: 400 });
    }
    const form = new URLSearchParams(await readBody(request));
    const [to, from, body] = [form.get('To'), form.get('From'), form.get('Body')];
    if (!to || !from || !body) {
      return reply(400, { code: 21604, message: "A 'To' phone number is required.", status: 400 });
    }
    if (!/^\+[1-9]\d{6,14}$/.test(to)) {
      return reply(400, { code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, status: 400 });
    }
    received.push({ to, from, body });
    return reply(201, { sid: `SM${'0'.repeat(32)}`, status: 'queued', to, from, body, account_sid: SID });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server?.close();
});

describe('the Twilio driver', () => {
  it('posts the message to the account with basic auth and a form body', async () => {
    const sms = twilioSms({ accountSid: SID, authToken: TOKEN, from: '+15005550006', baseUrl });
    await sms.send({ to: '+15551234567', body: 'Your eSign code is 123456.' });
    expect(received.at(-1)).toEqual({ to: '+15551234567', from: '+15005550006', body: 'Your eSign code is 123456.' });
  });

  it("throws Twilio's refusal: a wrong token, a number it cannot use", async () => {
    const wrongToken = twilioSms({ accountSid: SID, authToken: 'wrong', from: '+15005550006', baseUrl });
    await expect(wrongToken.send({ to: '+15551234567', body: 'x' })).rejects.toMatchObject({
      status: 401,
      detail: 'Authenticate',
    });
    const sms = twilioSms({ accountSid: SID, authToken: TOKEN, from: '+15005550006', baseUrl });
    const refused = sms.send({ to: '+1555123456789012', body: 'x' });
    await expect(refused).rejects.toBeInstanceOf(SmsError);
    await expect(refused).rejects.toMatchObject({ status: 400 });
  });
});

describe('an application configured for Twilio', () => {
  it('texts codes through Twilio, answers SMS_NOT_SENT when Twilio refuses, and has no SMS outbox', async () => {
    const t = await createTestApp({
      config: { twilio: { accountSid: SID, authToken: TOKEN, from: '+15005550006', baseUrl } },
    });
    try {
      const client = authClient(t.app);
      const user = await client.loggedInUser();
      const bearer = { authorization: `Bearer ${user.accessToken}` };
      const sent = await client.post('/user/generate_twillio_code?scope=verify', { phone: '+15557654321' }, bearer);
      expect(sent.statusCode).toBe(200);
      const text = received.at(-1);
      expect(text).toMatchObject({ to: '+15557654321', from: '+15005550006' });
      const code = Number(text?.body.match(/\b(\d{6})\b/)?.[1]);
      const verified = await client.post('/user/verify_phone', { phone: '+15557654321', code }, bearer);
      expect(verified.statusCode).toBe(200);

      // The peer refuses numbers of more than 15 digits, as Twilio does.
      const other = await client.loggedInUser();
      const refused = await client.post(
        '/user/generate_twillio_code?scope=verify',
        { phone: '+1555765432101234' },
        { authorization: `Bearer ${other.accessToken}` },
      );
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toMatchObject({ code: 'SMS_NOT_SENT' });

      const outbox = await t.app.inject({
        method: 'GET',
        url: '/api/v1/dev/sms',
        headers: { authorization: `Bearer ${t.app.platform.config.devMailToken}` },
      });
      expect(outbox.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('Twilio configuration', () => {
  const base = { DATA_DIR: '/tmp/esign-config-test', JWT_SECRET: 'x', DEV_MAIL_TOKEN: 'y' };
  it('is off without TWILIO_ACCOUNT_SID, and refuses an account without its token or sender', () => {
    expect(loadConfig(base).twilio).toBeUndefined();
    expect(() => loadConfig({ ...base, TWILIO_ACCOUNT_SID: SID })).toThrow(/TWILIO_AUTH_TOKEN/);
    expect(
      loadConfig({ ...base, TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: '+15005550006' }).twilio,
    ).toEqual({ accountSid: SID, authToken: TOKEN, from: '+15005550006', baseUrl: 'https://api.twilio.com' });
  });
});
