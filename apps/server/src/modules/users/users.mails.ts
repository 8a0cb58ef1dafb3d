import { dailyReportWindow, EMAIL_CHANGE_TTL_SECONDS, formatUserDate } from '@esign/shared';
import { z } from 'zod';
import { dailyActivityCounts } from '../../data/activity.js';
import { insertEmailToken } from '../../data/sessions.js';
import { findUserById, listDailyReportUsers } from '../../data/users.js';
import { hashToken, randomToken } from '../../platform/crypto/tokens.js';
import type { Db } from '../../platform/db/client.js';
import { defineJob, type JobQueue } from '../../platform/jobs.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { renderMail } from '../../platform/mail/template.js';
import { mailText } from '../../platform/mail/texts.js';

interface UserMailDeps {
  db: Db;
  mailer: Mailer;
  jobs: JobQueue;
  appUrl: string;
  now: () => Date;
}

/**
 * The daily report's scheduler runs every quarter of an hour (time zones are whole, half or quarter hours from UTC):
 * each run reports to the users whose local day has just ended (dailyReportWindow).
 */
export const DAILY_REPORT_EVERY_MINUTES = 15;
export const DAILY_REPORT_CRON = '*/15 * * * *';

/**
 * The account's mails: the new address's confirmation link (its token made here, so it exists only in the mail),
 * the notice to the old address, the notice to the signers of a deleted account's awaiting documents, and the
 * daily report of signature requests.
 */
export function userMailJobs(deps: UserMailDeps) {
  const emailChangeMail = defineJob({
    name: 'users.email-change-mail',
    payload: z.object({ userId: z.string().uuid(), newEmail: z.string() }),
    async handler({ userId, newEmail }) {
      const user = await findUserById(deps.db, userId);
      if (!user) return;
      const token = randomToken();
      const expiresAt = new Date(deps.now().getTime() + EMAIL_CHANGE_TTL_SECONDS * 1000);
      await insertEmailToken(deps.db, {
        userId,
        purpose: 'change_email',
        tokenHash: hashToken(token),
        expiresAt,
        newEmail,
      });
      const url = new URL('/confirm_email_change', deps.appUrl);
      url.searchParams.set('token', token);
      await deps.mailer.send(
        renderMail({
          to: newEmail,
          subject: mailText('emailChange.subject'),
          greeting: mailText('common.greeting', { name: user.name }),
          paragraphs: [mailText('emailChange.body', { email: newEmail })],
          action: { label: mailText('emailChange.action'), url: url.toString() },
          footer: mailText('emailChange.footer'),
        }),
      );
    },
  });

  /** To the old address once the new one is confirmed (it no longer belongs to the account, so it travels here). */
  const emailChangedMail = defineJob({
    name: 'users.email-changed-mail',
    payload: z.object({ to: z.string(), name: z.string(), newEmail: z.string() }),
    async handler({ to, name, newEmail }) {
      await deps.mailer.send(
        renderMail({
          to,
          subject: mailText('emailChanged.subject'),
          greeting: mailText('common.greeting', { name }),
          paragraphs: [mailText('emailChanged.body', { email: newEmail }), mailText('emailChanged.advice')],
        }),
      );
    },
  });

  /** The document and its sender are gone when this runs, so the payload carries what the mail says. */
  const documentVoidedMail = defineJob({
    name: 'users.document-voided-mail',
    payload: z.object({ to: z.string(), name: z.string(), title: z.string(), sender: z.string() }),
    async handler({ to, name, title, sender }) {
      const shownTitle = title || mailText('common.untitledDocument');
      await deps.mailer.send(
        renderMail({
          to,
          subject: mailText('documentVoided.subject', { title: shownTitle }),
          greeting: mailText('common.greeting', { name }),
          paragraphs: [mailText('documentVoided.body', { sender, title: shownTitle })],
        }),
      );
    },
  });

  const dailyReportMail = defineJob({
    name: 'users.daily-report-mail',
    payload: z.object({ userId: z.string().uuid(), from: z.string(), to: z.string() }),
    async handler(payload) {
      const user = await findUserById(deps.db, payload.userId);
      if (!user?.isReceivingSignatureRequestsDailyReport) return;
      const from = new Date(payload.from);
      const counts = await dailyActivityCounts(deps.db, { userId: user.id, from, to: new Date(payload.to) });
      // The local day the window is, in the user's date format.
      const date = formatUserDate(from, { dateFormat: user.dateFormat, timezone: user.timezone ?? 'UTC' });
      await deps.mailer.send(
        renderMail({
          to: user.email,
          subject: mailText('dailyReport.subject', { date }),
          greeting: mailText('common.greeting', { name: user.name }),
          paragraphs: [
            mailText('dailyReport.intro', { date }),
            mailText('dailyReport.sent', { count: String(counts.sent) }),
            mailText('dailyReport.signed', { count: String(counts.signed) }),
            mailText('dailyReport.completed', { count: String(counts.completed) }),
            mailText('dailyReport.awaiting', { count: String(counts.awaiting) }),
          ],
          action: { label: mailText('dailyReport.action'), url: `${deps.appUrl}/documents` },
        }),
      );
    },
  });

  /** The scheduled run: one report job per user who asked for it and whose local day has just ended. */
  const dailyReport = defineJob({
    name: 'users.daily-report',
    payload: z.object({ at: z.string().optional() }),
    async handler({ at }) {
      const reference = at ? new Date(at) : deps.now();
      for (const user of await listDailyReportUsers(deps.db)) {
        const window = dailyReportWindow(reference, user.timezone, DAILY_REPORT_EVERY_MINUTES);
        if (!window) continue;
        const from = window.from.toISOString();
        // A scheduler run that is retried queues no second report of the same day.
        await deps.jobs.send(
          dailyReportMail,
          { userId: user.id, from, to: window.to.toISOString() },
          { singletonKey: `${user.id}:${from}`, singletonMinutes: 24 * 60 },
        );
      }
    },
  });

  return { emailChangeMail, emailChangedMail, documentVoidedMail, dailyReportMail, dailyReport };
}
export type UserMailJobs = ReturnType<typeof userMailJobs>;
