import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { backupCodes, smsCodes, twoFactorChallenges, twoFactorFailures, users } from '../platform/db/schema.js';

export type SmsScope = (typeof smsCodes.$inferSelect)['scope'];
export type ChallengeRow = typeof twoFactorChallenges.$inferSelect;

/** Locks the user's row until the transaction ends: every second-factor check of one user runs one at a time. */
export async function lockUser(tx: Db, userId: string) {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

export async function countRecentSmsCodes(db: Db, params: { userId: string; since: Date }): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(smsCodes)
    .where(and(eq(smsCodes.userId, params.userId), gt(smsCodes.createdAt, params.since)));
  return row?.count ?? 0;
}

export async function insertSmsCode(
  db: Db,
  values: { userId: string; scope: SmsScope; phone: string; codeHash: string; expiresAt: Date },
): Promise<string> {
  const [row] = await db.insert(smsCodes).values(values).returning({ id: smsCodes.id });
  if (!row) throw new Error('SMS code not stored');
  return row.id;
}

export async function deleteSmsCode(db: Db, id: string): Promise<void> {
  await db.delete(smsCodes).where(eq(smsCodes.id, id));
}

/** The newest live code of a scope (for one number when given): older ones are never accepted. */
export async function findLatestSmsCode(db: Db, params: { userId: string; scope: SmsScope; now: Date }) {
  const [row] = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.userId, params.userId), eq(smsCodes.scope, params.scope)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  return row && row.usedAt === null && row.expiresAt > params.now ? row : undefined;
}

/**
 * Counts one guess at a code in one conditional update, so parallel guesses are counted one by one; answers the
 * code's hash, or nothing once `maxAttempts` guesses were made.
 */
export async function countSmsCodeGuess(db: Db, params: { id: string; maxAttempts: number }) {
  const [row] = await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(and(eq(smsCodes.id, params.id), lt(smsCodes.attempts, params.maxAttempts), isNull(smsCodes.usedAt)))
    .returning({ codeHash: smsCodes.codeHash, phone: smsCodes.phone });
  return row;
}

/** Spends a code; false when another request spent it first. */
export async function spendSmsCode(db: Db, params: { id: string; now: Date }): Promise<boolean> {
  const rows = await db
    .update(smsCodes)
    .set({ usedAt: params.now })
    .where(and(eq(smsCodes.id, params.id), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  return rows.length > 0;
}

export async function insertChallenge(
  db: Db,
  values: {
    userId: string;
    tokenHash: string;
    type: ChallengeRow['type'];
    smsCodeHash: string | null;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(twoFactorChallenges).values(values);
}

export async function findChallenge(db: Db, tokenHash: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(twoFactorChallenges).where(eq(twoFactorChallenges.tokenHash, tokenHash)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** The user's wrong codes since `since`: from every address, and from this one (its key). */
export async function countFailures(db: Db, params: { userId: string; ip: string; since: Date }) {
  const [row] = await db
    .select({
      byAccount: sql<number>`count(*)`.mapWith(Number),
      byAddress: sql<number>`count(*) filter (where ${twoFactorFailures.ip} = ${params.ip})`.mapWith(Number),
    })
    .from(twoFactorFailures)
    .where(and(eq(twoFactorFailures.userId, params.userId), gt(twoFactorFailures.createdAt, params.since)));
  return { byAccount: row?.byAccount ?? 0, byAddress: row?.byAddress ?? 0 };
}

export async function recordFailure(db: Db, params: { userId: string; ip: string; at: Date }): Promise<void> {
  await db.insert(twoFactorFailures).values({ userId: params.userId, ip: params.ip, createdAt: params.at });
}

export async function spendChallenge(db: Db, params: { id: string; now: Date }): Promise<void> {
  await db.update(twoFactorChallenges).set({ usedAt: params.now }).where(eq(twoFactorChallenges.id, params.id));
}

export async function replaceBackupCodes(db: Db, params: { userId: string; codeHashes: string[] }): Promise<void> {
  await db.delete(backupCodes).where(eq(backupCodes.userId, params.userId));
  if (params.codeHashes.length > 0) {
    await db.insert(backupCodes).values(params.codeHashes.map((codeHash) => ({ userId: params.userId, codeHash })));
  }
}

/** Spends an unused backup code of the user; false when it is unknown or already used. */
export async function spendBackupCode(
  db: Db,
  params: { userId: string; codeHash: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(backupCodes)
    .set({ usedAt: params.now })
    .where(
      and(eq(backupCodes.userId, params.userId), eq(backupCodes.codeHash, params.codeHash), isNull(backupCodes.usedAt)),
    )
    .returning({ id: backupCodes.id });
  return rows.length > 0;
}
