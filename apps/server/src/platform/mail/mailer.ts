import { desc } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The name before the configured address in From (a company's 'From' name); the configured one otherwise. */
  fromName?: string;
}

export interface Mailer {
  /** `outbox` keeps mail in the database (the embedded default); `smtp` hands it to SMTP_URL. */
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

/**
 * Mail goes through nodemailer either way: to an SMTP server, or through its JSON transport
 * into the outbox table, which `GET /api/v1/dev/mail` and the page `/dev/mail` show.
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string; db: Db }): Mailer {
  const { smtpUrl, db } = options;
  if (smtpUrl) {
    const transporter = nodemailer.createTransport(smtpUrl);
    return {
      transport: 'smtp',
      async send({ fromName, ...message }) {
        await transporter.sendMail({ ...message, from: fromHeader(options.from, fromName) });
      },
    };
  }
  const transporter = nodemailer.createTransport({ jsonTransport: true });
  return {
    transport: 'outbox',
    async send({ fromName, ...message }) {
      const from = fromHeader(options.from, fromName);
      const info = await transporter.sendMail({ ...message, from });
      const built = JSON.parse(info.message as string) as { subject: string; text: string; html: string };
      const fromText = typeof from === 'string' ? from : `${JSON.stringify(from.name)} <${from.address}>`;
      await db
        .insert(mailOutbox)
        .values({ to: message.to, from: fromText, subject: built.subject, text: built.text, html: built.html });
    },
  };
}

/**
 * The From of a mail: the configured one (MAIL_FROM), or its address under another name. The address stays the
 * server's own (its domain is the one that may send); only the name shown changes. nodemailer quotes the name.
 */
export function fromHeader(configured: string, name: string | undefined): string | { name: string; address: string } {
  if (!name) return configured;
  const address = /<([^<>]+)>\s*$/.exec(configured)?.[1] ?? configured.trim();
  // A name never carries a line break into the header.
  return { name: name.replace(/[\r\n]+/g, ' '), address };
}

export async function listOutbox(db: Db) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(200);
}
