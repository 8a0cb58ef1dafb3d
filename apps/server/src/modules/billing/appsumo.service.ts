import { randomInt } from 'node:crypto';
import { APPSUMO_CODE_LENGTH, APPSUMO_MAX_CODES, MESSAGES } from '@esign/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { appSumoCodes, users } from '../../platform/db/schema.js';
import { AppError, notFound } from '../../platform/errors.js';
import { hashToken } from '../auth/tokens.js';
import { deleteSubscription, lockUserForBilling } from './billing.repository.js';

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
export function appSumoService({ db }: { db: Db }) {
  return {
    async mint(input: { count: number }): Promise<{ codes: string[] }> {
      const codes = Array.from({ length: input.count }, newAppSumoCode);
      await db.insert(appSumoCodes).values(codes.map((code) => ({ codeHash: hashToken(code) })));
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
        const spent = await tx
          .update(appSumoCodes)
          .set({ redeemedBy: user.id, redeemedAt: new Date() })
          .where(and(eq(appSumoCodes.codeHash, hashToken(input.code.trim())), isNull(appSumoCodes.redeemedAt)))
          .returning({ id: appSumoCodes.id });
        if (spent.length === 0) throw new AppError('CONFLICT', MESSAGES.appSumoCodeInvalid);
        await deleteSubscription(tx, user.id);
        const [updated] = await tx
          .update(users)
          .set({ appSumoCodes: sql`${users.appSumoCodes} + 1`, planType: 'business', planDuration: 'monthly' })
          .where(eq(users.id, user.id))
          .returning({ appSumoCodes: users.appSumoCodes });
        return { message: MESSAGES.appSumoUpgraded, appSumoCodes: updated?.appSumoCodes ?? user.appSumoCodes + 1 };
      });
    },
  };
}
export type AppSumoService = ReturnType<typeof appSumoService>;
