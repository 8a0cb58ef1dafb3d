import { desc } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
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
  const { smtpUrl, from, db } = options;
  if (smtpUrl) {
    const transporter = nodemailer.createTransport(smtpUrl);
    return {
      transport: 'smtp',
      async send(message) {
        await transporter.sendMail({ from, ...message });
      },
    };
  }
  const transporter = nodemailer.createTransport({ jsonTransport: true });
  return {
    transport: 'outbox',
    async send(message) {
      const info = await transporter.sendMail({ from, ...message });
      const built = JSON.parse(info.message as string) as { subject: string; text: string; html: string };
      await db
        .insert(mailOutbox)
        .values({ to: message.to, subject: built.subject, text: built.text, html: built.html });
    },
  };
}

export async function listOutbox(db: Db) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(200);
}
