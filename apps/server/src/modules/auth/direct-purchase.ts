import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { MESSAGES, SIGN_UP_CODE_LENGTH } from '@esign/shared';
import { z } from 'zod';
import {
  countSignUpGuess,
  replacePendingSignUp,
  setSignUpCode,
  spendPendingSignUp,
} from '../../data/pending-sign-ups.js';
import { findUserByEmail, findUserById, insertUser, toUserDto } from '../../data/users.js';
import { hashPassword } from '../../platform/crypto/passwords.js';
import { hashToken } from '../../platform/crypto/tokens.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { defineJob, type JobQueue } from '../../platform/jobs.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { renderMail } from '../../platform/mail/template.js';
import { mailText } from '../../platform/mail/texts.js';
import type { AuthMailJobs } from './auth.mails.js';
import type { AuthService } from './auth.service.js';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_TTL_MS = 60 * 60 * 1000;
/** Wrong codes one pending sign-up takes before it is spent (a new one needs a resend). */
const CODE_ATTEMPTS = 5;

function newCode(): string {
  let code = '';
  for (let index = 0; index < SIGN_UP_CODE_LENGTH; index++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

const invalidCode = () =>
  new AppError('VALIDATION_ERROR', MESSAGES.signUpCodeInvalid, [
    { property: 'confirmCode', constraints: { code: MESSAGES.signUpCodeInvalid }, children: [] },
  ]);

interface DirectPurchaseDeps {
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  authMails: AuthMailJobs;
  auth: AuthService;
  now: () => Date;
}

/**
 * Direct purchase's sign-up (auth/sign_up/prepare, auth/sign_up/with_code): no account exists until the mailed code
 * is confirmed, so a purchase abandoned or failed at any step leaves nothing that blocks a retry. The code is made
 * inside its mail job (it exists only in the mail; its SHA-256 is kept), each pending sign-up takes 5 wrong codes,
 * counted one by one under parallel guesses, and a resend (prepare again) replaces the earlier code.
 */
export function directPurchase(deps: DirectPurchaseDeps) {
  const { db } = deps;

  const signUpCodeMail = defineJob({
    name: 'auth.sign-up-code-mail',
    payload: z.object({ pendingId: z.string().uuid() }),
    async handler({ pendingId }) {
      const code = newCode();
      const pending = await setSignUpCode(db, { id: pendingId, codeHash: hashToken(code) });
      if (!pending) return;
      await deps.mailer.send(
        renderMail({
          to: pending.email,
          subject: mailText('billing.signUpCodeSubject'),
          greeting: mailText('common.greeting', { name: pending.name }),
          paragraphs: [mailText('billing.signUpCodeBody', { code })],
          footer: mailText('billing.signUpCodeFooter'),
        }),
      );
    },
  });

  return {
    signUpCodeMail,

    async prepare(input: { name: string; email: string; password: string }) {
      const passwordHash = await hashPassword(input.password);
      const existing = await findUserByEmail(db, input.email);
      const id = randomUUID();
      if (existing) {
        // As the sign-up: the address's owner is told, the answer is the same.
        await deps.jobs.send(deps.authMails.alreadyRegisteredMail, { userId: existing.id });
        return { id };
      }
      await deps.jobs.transaction(db, async (tx, queue) => {
        await replacePendingSignUp(tx, {
          id,
          name: input.name,
          email: input.email,
          passwordHash,
          codeHash: hashToken(randomUUID()),
          expiresAt: new Date(deps.now().getTime() + CODE_TTL_MS),
        });
        await queue(signUpCodeMail, { pendingId: id });
      });
      return { id };
    },

    async confirm(input: { userId: string; confirmCode: string }) {
      // One guess counted per call by a conditional update, so parallel guesses cannot pass the limit.
      const pending = await countSignUpGuess(db, { id: input.userId, maxAttempts: CODE_ATTEMPTS, now: deps.now() });
      if (!pending) throw invalidCode();
      const given = Buffer.from(hashToken(input.confirmCode.trim().toUpperCase()));
      if (!timingSafeEqual(given, Buffer.from(pending.codeHash))) throw invalidCode();
      const userId = await db.transaction(async (tx) => {
        if (!(await spendPendingSignUp(tx, pending.id))) return undefined;
        const created = await insertUser(tx, {
          name: pending.name,
          email: pending.email,
          passwordHash: pending.passwordHash,
          emailConfirmedAt: deps.now(),
        });
        return created?.id;
      });
      if (!userId) throw invalidCode();
      const user = await findUserById(db, userId);
      if (!user) throw invalidCode();
      return { ...(await deps.auth.startSession(userId)), user: toUserDto(user), message: MESSAGES.userCreated };
    },
  };
}
export type DirectPurchase = ReturnType<typeof directPurchase>;
