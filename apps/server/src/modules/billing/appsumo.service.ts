import { randomInt } from 'node:crypto';
import { APPSUMO_CODE_LENGTH, APPSUMO_MAX_CODES, MESSAGES } from '@esign/shared';
import {
  addAppSumoCodeToUser,
  insertAppSumoCodes,
  isAppSumoCodeUnused,
  spendAppSumoCode,
} from '../../data/appsumo-codes.js';
import { deleteSubscription, lockUserForBilling } from '../../data/billing.js';
import { findUserByEmail, insertUser } from '../../data/users.js';
import { hashPassword } from '../../platform/crypto/passwords.js';
import { hashToken } from '../../platform/crypto/tokens.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { JobQueue } from '../../platform/jobs.js';
import type { AuthMailJobs } from '../auth/index.js';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A new lifetime code: 10 word characters (section 5) from a crypto-random source (about 58 bits). */
export function newAppSumoCode(): string {
  let code = '';
  for (let index = 0; index < APPSUMO_CODE_LENGTH; index++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * Lifetime-deal (AppSumo) codes: minted by the operator (only their SHA-256 kept), redeemed by an account, each once.
 * One code makes the account Business with 3 users, a second makes it unlimited; a paid subscription ends (the
 * lifetime plan replaces it).
 */
export function appSumoService({ db, jobs, authMails }: { db: Db; jobs: JobQueue; authMails: AuthMailJobs }) {
  const invalidCode = () => new AppError('CONFLICT', MESSAGES.appSumoCodeInvalid);

  /** Whether a code can still be redeemed (no row is changed). */
  async function isUnused(code: string): Promise<boolean> {
    return isAppSumoCodeUnused(db, hashToken(code.trim()));
  }

  /** Spends a code by one conditional update (of parallel attempts one wins); throws when it is unknown or spent. */
  async function spendCode(tx: Db, code: string, userId: string): Promise<void> {
    if (!(await spendAppSumoCode(tx, { codeHash: hashToken(code.trim()), userId, at: new Date() }))) {
      throw invalidCode();
    }
  }

  return {
    async mint(input: { count: number }): Promise<{ codes: string[] }> {
      const codes = Array.from({ length: input.count }, newAppSumoCode);
      await insertAppSumoCodes(db, codes.map(hashToken));
      return { codes };
    },

    /**
     * POST plans/upgrade_appsumo. The account's row is locked first (its count of codes cannot pass 2), then the
     * code is spent by one conditional update: of two redemptions at once, one wins and the other is refused.
     */
    async redeem(input: { userId: string; code: string }) {
      return db.transaction(async (tx) => {
        const user = await lockUserForBilling(tx, input.userId);
        if (!user) throw notFound();
        if (user.appSumoCodes >= APPSUMO_MAX_CODES) throw new AppError('CONFLICT', MESSAGES.appSumoCodeLimit);
        await spendCode(tx, input.code, user.id);
        await deleteSubscription(tx, user.id);
        const appSumoCodes = await addAppSumoCodeToUser(tx, user.id);
        return { message: MESSAGES.appSumoUpgraded, appSumoCodes: appSumoCodes ?? user.appSumoCodes + 1 };
      });
    },

    /**
     * auth/sign_in/appsumo logged out. The token alone only says whether the code can be redeemed. With the
     * account's details, a new address gets its account with the code spent in one transaction (the code's
     * conditional update and the user's insert commit together: of parallel sign-ups with one code one account is
     * made, and a lost race on the address spends nothing); the address is confirmed by the mail, as after /signup.
     * An address that has an account gets the 'already registered' mail and the same answer, the code unspent (its
     * owner logs in and redeems it there).
     */
    async signUpWithCode(input: { token: string; name?: string; email?: string; password?: string }) {
      const { name, email, password } = input;
      if (name === undefined || email === undefined || password === undefined) {
        if (!(await isUnused(input.token))) throw invalidCode();
        return { type: 'sign_up_required' as const };
      }
      const answer = { type: 'email_confirmation_required' as const, email };
      const existing = await findUserByEmail(db, email);
      if (existing) {
        if (!(await isUnused(input.token))) throw invalidCode();
        await jobs.send(authMails.alreadyRegisteredMail, { userId: existing.id });
        return answer;
      }
      const passwordHash = await hashPassword(password);
      const created = await jobs.transaction(db, async (tx, queue) => {
        const user = await insertUser(tx, {
          name,
          email,
          passwordHash,
          planType: 'business',
          planDuration: 'monthly',
          appSumoCodes: 1,
        });
        if (!user) return undefined;
        // Throwing rolls the new user back with the code.
        await spendCode(tx, input.token, user.id);
        await queue(authMails.confirmationMail, { userId: user.id });
        return user;
      });
      if (!created) {
        // A sign-up of the same address at the same moment won: answered as above.
        const winner = await findUserByEmail(db, email);
        if (winner) await jobs.send(authMails.alreadyRegisteredMail, { userId: winner.id });
      }
      return answer;
    },
  };
}
export type AppSumoService = ReturnType<typeof appSumoService>;
