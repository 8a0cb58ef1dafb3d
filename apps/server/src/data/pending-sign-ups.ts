import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { pendingSignUps } from '../platform/db/schema.js';

/** A direct purchase's sign-up waiting for its mailed code (`modules/auth/direct-purchase.ts`). */
export type PendingSignUpRow = typeof pendingSignUps.$inferSelect;

/** The address's pending sign-up, replacing an earlier one of the same address. */
export async function replacePendingSignUp(db: Db, values: typeof pendingSignUps.$inferInsert): Promise<void> {
  await db.delete(pendingSignUps).where(eq(pendingSignUps.email, values.email));
  await db.insert(pendingSignUps).values(values);
}

/** A new code's hash for the pending sign-up, its wrong guesses counted again from 0. */
export async function setSignUpCode(
  db: Db,
  params: { id: string; codeHash: string },
): Promise<PendingSignUpRow | undefined> {
  const [pending] = await db
    .update(pendingSignUps)
    .set({ codeHash: params.codeHash, attempts: 0 })
    .where(eq(pendingSignUps.id, params.id))
    .returning();
  return pending;
}

/**
 * Counts one guess by a conditional update, so parallel guesses cannot pass the limit: the pending sign-up when it
 * still takes guesses and has not expired.
 */
export async function countSignUpGuess(
  db: Db,
  params: { id: string; maxAttempts: number; now: Date },
): Promise<PendingSignUpRow | undefined> {
  const [pending] = await db
    .update(pendingSignUps)
    .set({ attempts: sql`${pendingSignUps.attempts} + 1` })
    .where(
      and(
        eq(pendingSignUps.id, params.id),
        lt(pendingSignUps.attempts, params.maxAttempts),
        gt(pendingSignUps.expiresAt, params.now),
      ),
    )
    .returning();
  return pending;
}

/** Removes the pending sign-up; false when another call removed it first. */
export async function spendPendingSignUp(db: Db, id: string): Promise<boolean> {
  const spent = await db.delete(pendingSignUps).where(eq(pendingSignUps.id, id)).returning();
  return spent.length > 0;
}
