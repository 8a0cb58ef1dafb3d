import { EMAIL_CONFIRMATION_TTL_SECONDS, PASSWORD_RESET_TTL_SECONDS } from '@esign/shared';
import { z } from 'zod';
import { type EmailTokenPurpose, insertEmailToken, setEmailTokenHash } from '../../data/sessions.js';
import { findUserById } from '../../data/users.js';
import { hashToken, randomToken } from '../../platform/crypto/tokens.js';
import type { Db } from '../../platform/db/client.js';
import { defineJob } from '../../platform/jobs.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { renderMail } from '../../platform/mail/template.js';
import { mailText } from '../../platform/mail/texts.js';

interface MailDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  now: () => Date;
}

const userPayload = z.object({ userId: z.string().uuid() });
/** A confirmation's mail: of a sign-up's stored link (`tokenId`, carrying its name and password), or a new link. */
const confirmationPayload = userPayload.extend({ tokenId: z.string().uuid().optional() });

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

  /** A sign-up's stored link (see signUp) gets the token this mail carries; its name greets. */
  async function signUpLinkToken(userId: string, tokenId: string) {
    const token = randomToken();
    const row = await setEmailTokenHash(deps.db, { id: tokenId, userId, tokenHash: hashToken(token) });
    return row && { token, name: row.name };
  }

  const confirmationMail = defineJob({
    name: 'auth.confirmation-mail',
    payload: confirmationPayload,
    async handler({ userId, tokenId }) {
      const user = await findUserById(deps.db, userId);
      if (!user || user.emailConfirmedAt) return;
      const issued = tokenId
        ? await signUpLinkToken(userId, tokenId)
        : { token: await issueLinkToken(deps, userId, 'confirm_email', EMAIL_CONFIRMATION_TTL_SECONDS), name: null };
      if (!issued) return;
      const { token } = issued;
      await deps.mailer.send(
        renderMail({
          to: user.email,
          subject: mailText('confirmEmail.subject'),
          greeting: mailText('common.greeting', { name: issued.name ?? user.name }),
          paragraphs: [mailText('confirmEmail.body')],
          action: {
            label: mailText('confirmEmail.action'),
            url: link('/confirm_email', { emailConfirmationToken: token }),
          },
          footer: mailText('confirmEmail.footer'),
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
          subject: mailText('passwordReset.subject'),
          greeting: mailText('common.greeting', { name: user.name }),
          paragraphs: [mailText('passwordReset.body')],
          action: {
            label: mailText('passwordReset.action'),
            url: link('/change_password', { passwordResetToken: token }),
          },
          footer: mailText('passwordReset.footer'),
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
          subject: mailText('alreadyRegistered.subject'),
          greeting: mailText('common.greeting', { name: user.name }),
          paragraphs: [mailText('alreadyRegistered.body'), mailText('alreadyRegistered.advice')],
          action: { label: mailText('alreadyRegistered.action'), url: `${deps.appUrl}/login` },
          footer: mailText('alreadyRegistered.footer'),
        }),
      );
    },
  });

  return { confirmationMail, passwordResetMail, alreadyRegisteredMail };
}
export type AuthMailJobs = ReturnType<typeof authMailJobs>;
