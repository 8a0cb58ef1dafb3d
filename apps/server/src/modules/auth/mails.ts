import { EMAIL_CONFIRMATION_TTL_SECONDS, PASSWORD_RESET_TTL_SECONDS } from '@esign/shared';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { defineJob } from '../../platform/jobs.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { renderMail } from '../../platform/mail/template.js';
import { findUserById } from '../users/repository.js';
import { type EmailTokenPurpose, insertEmailToken } from './repository.js';
import { hashToken, randomToken } from './tokens.js';

interface MailDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  now: () => Date;
}

const userPayload = z.object({ userId: z.string().uuid() });

/**
 * The token is made inside the job, so the raw token exists only in the mail itself:
 * never in the job's stored payload. A retried job makes a fresh token.
 */
async function issueLinkToken(deps: MailDeps, userId: string, purpose: EmailTokenPurpose, ttlSeconds: number) {
  const token = randomToken();
  const expiresAt = new Date(deps.now().getTime() + ttlSeconds * 1000);
  await insertEmailToken(deps.db, { userId, purpose, tokenHash: hashToken(token), expiresAt });
  return token;
}

export function authMailJobs(deps: MailDeps) {
  const link = (path: string, params: Record<string, string>) =>
    `${deps.appUrl}${path}?${new URLSearchParams(params).toString()}`;

  const confirmationMail = defineJob({
    name: 'auth.confirmation-mail',
    payload: userPayload,
    async handler({ userId }) {
      const user = await findUserById(deps.db, userId);
      if (!user || user.emailConfirmedAt) return;
      const token = await issueLinkToken(deps, userId, 'confirm_email', EMAIL_CONFIRMATION_TTL_SECONDS);
      await deps.mailer.send(
        renderMail({
          to: user.email,
          subject: 'Confirm your email address',
          greeting: `Hello ${user.name},`,
          paragraphs: ['Thank you for signing up. Please confirm your email address to start using your account.'],
          action: { label: 'Confirm email', url: link('/confirm_email', { emailConfirmationToken: token }) },
          footer: 'This link works once and expires in 24 hours. If you did not sign up, you can ignore this email.',
        }),
      );
    },
  });

  const passwordResetMail = defineJob({
    name: 'auth.password-reset-mail',
    payload: userPayload,
    async handler({ userId }) {
      const user = await findUserById(deps.db, userId);
      if (!user) return;
      const token = await issueLinkToken(deps, userId, 'reset_password', PASSWORD_RESET_TTL_SECONDS);
      await deps.mailer.send(
        renderMail({
          to: user.email,
          subject: 'Reset your password',
          greeting: `Hello ${user.name},`,
          paragraphs: ['We received a request to reset the password of your account.'],
          action: { label: 'Set a new password', url: link('/change_password', { passwordResetToken: token }) },
          footer: 'This link works once and expires in 1 hour. If you did not ask for it, you can ignore this email.',
        }),
      );
    },
  });

  /** Sign-up with an address that already has an account: the owner is told, the stranger learns nothing. */
  const alreadyRegisteredMail = defineJob({
    name: 'auth.already-registered-mail',
    payload: userPayload,
    async handler({ userId }) {
      const user = await findUserById(deps.db, userId);
      if (!user) return;
      await deps.mailer.send(
        renderMail({
          to: user.email,
          subject: 'You already have an account',
          greeting: `Hello ${user.name},`,
          paragraphs: [
            'Someone tried to create a new account with this email address, but you already have one.',
            'If it was you, log in instead. If you forgot your password, you can reset it from the login page.',
          ],
          action: { label: 'Log in', url: `${deps.appUrl}/login` },
          footer: 'If it was not you, you can ignore this email: nothing has changed.',
        }),
      );
    },
  });

  return { confirmationMail, passwordResetMail, alreadyRegisteredMail };
}
export type AuthMailJobs = ReturnType<typeof authMailJobs>;
