import { desc } from 'drizzle-orm';
import type { TwilioOptions } from '../config.js';
import type { Db } from '../db/client.js';
import { smsOutbox } from '../db/schema.js';

export interface SmsMessage {
  /** E.164: `+` and digits. */
  to: string;
  body: string;
}

export interface Sms {
  /** `outbox` keeps texts in the database (the embedded default); `twilio` sends them through Twilio. */
  readonly transport: 'outbox' | 'twilio';
  /** Resolves once the provider accepted the message; throws SmsError when it refused it. */
  send(message: SmsMessage): Promise<void>;
}

/** The provider refused a message (a bad number, a wrong account); `detail` is its own words, for the log. */
export class SmsError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(`SMS refused (${status}): ${detail}`);
    this.name = 'SmsError';
  }
}

export function createSms(options: { twilio: TwilioOptions | undefined; db: Db }): Sms {
  return options.twilio ? twilioSms(options.twilio) : outboxSms(options.db);
}

function outboxSms(db: Db): Sms {
  return {
    transport: 'outbox',
    async send(message) {
      await db.insert(smsOutbox).values({ to: message.to, body: message.body });
    },
  };
}

/**
 * Twilio's Messages resource over its REST API (no SDK): `POST /2010-04-01/Accounts/{sid}/Messages.json` with HTTP
 * basic auth (account SID and auth token) and a form-encoded body of To, From and Body; 201 with the message's JSON
 * when accepted, else an error JSON `{code, message, status}`.
 */
export function twilioSms(options: TwilioOptions): Sms {
  const url = `${options.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    transport: 'twilio',
    async send(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ To: message.to, From: options.from, Body: message.body }),
        signal: AbortSignal.timeout(15_000),
      });
      const answer = (await response.json().catch(() => ({}))) as { sid?: string; message?: string };
      if (response.status !== 201 || !answer.sid) {
        throw new SmsError(response.status, answer.message ?? response.statusText);
      }
    },
  };
}

export async function listSmsOutbox(db: Db) {
  return db.select().from(smsOutbox).orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id)).limit(200);
}
