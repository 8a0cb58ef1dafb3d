import type { OutboxSms } from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';

/** The newest text to `to` in the SMS outbox (texts are written before the request answers). */
export async function lastSms(app: FastifyInstance, to: string): Promise<OutboxSms> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/v1/dev/sms',
    headers: { authorization: `Bearer ${app.platform.config.devMailToken}` },
  });
  const sms = response.json<OutboxSms[]>().find((message) => message.to === to);
  if (!sms) throw new Error(`No text to ${to}`);
  return sms;
}

/** The six-digit code of a text, as the API takes it (an integer). */
export function smsCodeOf(sms: OutboxSms): number {
  const code = sms.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code in "${sms.body}"`);
  return Number(code);
}

/** The authenticator's code for a base32 secret at the application's current time (plus `offsetSteps` steps). */
export function totpCode(app: FastifyInstance, secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: app.platform.now().getTime() + offsetSteps * 30_000 });
}

let phoneCounter = 0;
/** A unique phone number for one test. */
export function uniquePhone(): string {
  phoneCounter += 1;
  return `+1555${String(Date.now() % 1_000_000).padStart(6, '0')}${phoneCounter}`;
}
