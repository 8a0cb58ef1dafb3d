import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { appSumoCodes, users } from '../platform/db/schema.js';

/** Lifetime-deal (AppSumo) codes, kept as their SHA-256 (`modules/billing/appsumo.service.ts`). */
export async function insertAppSumoCodes(db: Db, codeHashes: string[]): Promise<void> {
  await db.insert(appSumoCodes).values(codeHashes.map((codeHash) => ({ codeHash })));
}

/** Whether a code can still be redeemed (no row is changed). */
export async function isAppSumoCodeUnused(db: Db, codeHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: appSumoCodes.id })
    .from(appSumoCodes)
    .where(and(eq(appSumoCodes.codeHash, codeHash), isNull(appSumoCodes.redeemedAt)))
    .limit(1);
  return row !== undefined;
}

/** Spends a code by one conditional update (of parallel attempts one wins): false when it is unknown or spent. */
export async function spendAppSumoCode(
  db: Db,
  params: { codeHash: string; userId: string; at: Date },
): Promise<boolean> {
  const spent = await db
    .update(appSumoCodes)
    .set({ redeemedBy: params.userId, redeemedAt: params.at })
    .where(and(eq(appSumoCodes.codeHash, params.codeHash), isNull(appSumoCodes.redeemedAt)))
    .returning({ id: appSumoCodes.id });
  return spent.length > 0;
}

/** One more code on the account, which becomes Business: its count of codes after. */
export async function addAppSumoCodeToUser(db: Db, userId: string): Promise<number | undefined> {
  const [updated] = await db
    .update(users)
    .set({ appSumoCodes: sql`${users.appSumoCodes} + 1`, planType: 'business', planDuration: 'monthly' })
    .where(eq(users.id, userId))
    .returning({ appSumoCodes: users.appSumoCodes });
  return updated?.appSumoCodes;
}
