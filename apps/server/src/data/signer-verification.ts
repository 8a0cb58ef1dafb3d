import type { VerificationChannel } from '@esign/shared';
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { signerVerificationCodes, signingTokens } from '../platform/db/schema.js';

/**
 * Identity-check codes of recipients (issue 38, `modules/signing/identity-check.ts`). Sending and guessing take the
 * recipient's advisory lock in their transaction, so parallel calls count one by one on every node.
 */
export type VerificationCodeRow = typeof signerVerificationCodes.$inferSelect;

export async function lockRecipientCodes(db: Db, signerId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`identity-code:${signerId}`}))`);
}

/** The codes of one channel sent to the recipient since `since` (any link). */
export async function countRecentCodes(
  db: Db,
  params: { signerId: string; channel: VerificationChannel; since: Date },
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(signerVerificationCodes)
    .where(
      and(
        eq(signerVerificationCodes.signerId, params.signerId),
        eq(signerVerificationCodes.channel, params.channel),
        gt(signerVerificationCodes.createdAt, params.since),
      ),
    );
  return row?.total ?? 0;
}

export async function insertCode(db: Db, values: typeof signerVerificationCodes.$inferInsert): Promise<string> {
  const [row] = await db.insert(signerVerificationCodes).values(values).returning({ id: signerVerificationCodes.id });
  if (!row) throw new Error('code not stored');
  return row.id;
}

/** A code that could not be sent does not count. */
export async function deleteCode(db: Db, id: string): Promise<void> {
  await db.delete(signerVerificationCodes).where(eq(signerVerificationCodes.id, id));
}

/**
 * Counts one guess at the link's latest code of the channel, by a conditional update: only a code not spent, not
 * expired and with guesses left takes it; undefined when there is no such code.
 */
export async function countGuess(
  db: Db,
  params: { signerId: string; tokenId: string; channel: VerificationChannel; maxAttempts: number; now: Date },
): Promise<VerificationCodeRow | undefined> {
  const latest = db
    .select({ id: signerVerificationCodes.id })
    .from(signerVerificationCodes)
    .where(
      and(
        eq(signerVerificationCodes.signerId, params.signerId),
        eq(signerVerificationCodes.tokenId, params.tokenId),
        eq(signerVerificationCodes.channel, params.channel),
      ),
    )
    .orderBy(desc(signerVerificationCodes.createdAt))
    .limit(1);
  const [row] = await db
    .update(signerVerificationCodes)
    .set({ attempts: sql`${signerVerificationCodes.attempts} + 1` })
    .where(
      and(
        eq(signerVerificationCodes.id, sql`(${latest})`),
        isNull(signerVerificationCodes.usedAt),
        lt(signerVerificationCodes.attempts, params.maxAttempts),
        gt(signerVerificationCodes.expiresAt, params.now),
      ),
    )
    .returning();
  return row;
}

/** Spends a code (single use); false when another call spent it first. */
export async function spendCode(db: Db, params: { id: string; now: Date }): Promise<boolean> {
  const spent = await db
    .update(signerVerificationCodes)
    .set({ usedAt: params.now })
    .where(and(eq(signerVerificationCodes.id, params.id), isNull(signerVerificationCodes.usedAt)))
    .returning({ id: signerVerificationCodes.id });
  return spent.length > 0;
}

/** The link's session remembers the channel passed, as it remembers a typed access code. */
export async function markTokenVerified(
  db: Db,
  params: { tokenId: string; channel: VerificationChannel; at: Date },
): Promise<void> {
  const values = params.channel === 'email' ? { emailVerifiedAt: params.at } : { smsVerifiedAt: params.at };
  await db.update(signingTokens).set(values).where(eq(signingTokens.id, params.tokenId));
}
