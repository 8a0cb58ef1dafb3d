import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../platform/db/client.js';
import { emailTokens, refreshTokens, sessions, signInFailures } from '../platform/db/schema.js';

export type EmailTokenPurpose = (typeof emailTokens.$inferSelect)['purpose'];

export async function insertEmailToken(
  db: Db,
  values: {
    userId: string;
    purpose: EmailTokenPurpose;
    tokenHash: string;
    expiresAt: Date;
    newEmail?: string;
    name?: string;
    passwordHash?: string;
  },
): Promise<string> {
  const [row] = await db.insert(emailTokens).values(values).returning({ id: emailTokens.id });
  if (!row) throw new Error('e-mail token not stored');
  return row.id;
}

/**
 * Gives a stored, unused token of a user the hash of the token its mail carries (made in the mail job, so the raw
 * token exists only in the mail); answers the name it carries, or nothing when it is spent or unknown.
 */
export async function setEmailTokenHash(db: Db, params: { id: string; userId: string; tokenHash: string }) {
  const [row] = await db
    .update(emailTokens)
    .set({ tokenHash: params.tokenHash })
    .where(and(eq(emailTokens.id, params.id), eq(emailTokens.userId, params.userId), isNull(emailTokens.usedAt)))
    .returning({ name: emailTokens.name });
  return row;
}

/** Marks a live token of a purpose used: its user, and the new address an e-mail change token names. */
async function spendEmailToken(db: Db, params: { tokenHash: string; purpose: EmailTokenPurpose; now: Date }) {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: params.now })
    .where(
      and(
        eq(emailTokens.tokenHash, params.tokenHash),
        eq(emailTokens.purpose, params.purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, params.now),
      ),
    )
    .returning({
      userId: emailTokens.userId,
      newEmail: emailTokens.newEmail,
      name: emailTokens.name,
      passwordHash: emailTokens.passwordHash,
    });
  return row;
}

/** Marks a live token used and returns its user; a used, expired or unknown token returns undefined. */
export async function consumeEmailToken(
  db: Db,
  params: { tokenHash: string; purpose: EmailTokenPurpose; now: Date },
): Promise<string | undefined> {
  return (await spendEmailToken(db, params))?.userId;
}

/** Spends a live confirmation token: its user, and the name and password hash of the sign-up it came with. */
export async function consumeConfirmationToken(db: Db, params: { tokenHash: string; now: Date }) {
  return spendEmailToken(db, { ...params, purpose: 'confirm_email' });
}

/** Spends a live e-mail change token: its user and the address the link was mailed to. */
export async function consumeEmailChangeToken(db: Db, params: { tokenHash: string; now: Date }) {
  const row = await spendEmailToken(db, { ...params, purpose: 'change_email' });
  return row?.newEmail ? { userId: row.userId, newEmail: row.newEmail } : undefined;
}

export async function expireEmailTokens(
  db: Db,
  params: { userId: string; purpose: EmailTokenPurpose; now: Date },
): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: params.now })
    .where(
      and(eq(emailTokens.userId, params.userId), eq(emailTokens.purpose, params.purpose), isNull(emailTokens.usedAt)),
    );
}

export async function insertSession(db: Db, values: { id: string; userId: string }): Promise<void> {
  await db.insert(sessions).values(values);
}

/**
 * Ends a session, or every session of a user (but `exceptSessionId`, when given: a password changed in the
 * profile keeps its own): their access tokens are refused from the next request on.
 */
export async function endSessions(
  db: Db,
  params: { sessionId?: string; userId?: string; exceptSessionId?: string; now: Date },
): Promise<void> {
  const scope = params.sessionId ? eq(sessions.id, params.sessionId) : eq(sessions.userId, params.userId ?? '');
  const kept = params.exceptSessionId ? ne(sessions.id, params.exceptSessionId) : undefined;
  await db
    .update(sessions)
    .set({ endedAt: params.now })
    .where(and(scope, kept, isNull(sessions.endedAt)));
}

export async function insertRefreshToken(
  db: Db,
  values: { userId: string; tokenHash: string; familyId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

/**
 * Revokes a refresh token if it is live, in one conditional update, so two concurrent
 * refreshes with the same token cannot both succeed.
 */
export async function revokeLiveRefreshToken(db: Db, params: { tokenHash: string; now: Date }) {
  const [row] = await db
    .update(refreshTokens)
    .set({ revokedAt: params.now })
    .where(
      and(
        eq(refreshTokens.tokenHash, params.tokenHash),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, params.now),
      ),
    )
    .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
  return row;
}

/**
 * A refresh token rotated since `since` whose successor (the token its rotation made) is still live: the family and
 * user a repeated refresh answers the successor for.
 */
export async function findRecentlyRotatedRefreshToken(
  db: Db,
  params: { tokenHash: string; successorHash: string; since: Date; now: Date },
) {
  const successor = alias(refreshTokens, 'successor');
  const [row] = await db
    .select({ userId: refreshTokens.userId, familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .innerJoin(
      successor,
      and(
        eq(successor.tokenHash, params.successorHash),
        eq(successor.familyId, refreshTokens.familyId),
        isNull(successor.revokedAt),
        gt(successor.expiresAt, params.now),
      ),
    )
    .where(and(eq(refreshTokens.tokenHash, params.tokenHash), gt(refreshTokens.revokedAt, params.since)))
    .limit(1);
  return row;
}

export async function findRefreshTokenFamily(db: Db, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row?.familyId;
}

/** Revokes a family's refresh tokens, or a user's (but those of `exceptFamilyId`, when given). */
export async function revokeRefreshTokens(
  db: Db,
  params: { userId?: string; familyId?: string; exceptFamilyId?: string; now: Date },
) {
  const scope = params.familyId
    ? eq(refreshTokens.familyId, params.familyId)
    : eq(refreshTokens.userId, params.userId ?? '');
  const kept = params.exceptFamilyId ? ne(refreshTokens.familyId, params.exceptFamilyId) : undefined;
  await db
    .update(refreshTokens)
    .set({ revokedAt: params.now })
    .where(and(scope, kept, isNull(refreshTokens.revokedAt)));
}

/**
 * Records a sign-in attempt before the password is checked and counts the attempts in the window, from this
 * address, from this address for this account, and for this account from anywhere; serialised per e-mail and per
 * address (advisory locks, always taken in the same order), so parallel guesses are counted one after another:
 * exactly the allowed number get through. `ip` is the address's key (platform/http/address-key).
 */
export async function recordSignInAttempt(db: Db, params: { email: string; ip: string; since: Date }) {
  return db.transaction(async (tx) => {
    const keys = [`sign-in:email:${params.email}`, `sign-in:ip:${params.ip}`].sort();
    for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const [row] = await tx
      .insert(signInFailures)
      .values({ email: params.email, ip: params.ip })
      .returning({ id: signInFailures.id });
    if (!row) throw new Error('sign-in attempt not recorded');
    const counts = await countSignInAttempts(tx, params);
    return { id: row.id, ...counts };
  });
}

/** A successful sign-in clears its own attempt and the failures of its address for its account, no others. */
export async function forgetSignInAttempts(db: Db, params: { id: string; email: string; ip: string }): Promise<void> {
  await db
    .delete(signInFailures)
    .where(
      or(
        eq(signInFailures.id, params.id),
        and(eq(signInFailures.email, params.email), eq(signInFailures.ip, params.ip)),
      ),
    );
}

export async function countSignInAttempts(db: Db, params: { email: string; ip: string; since: Date }) {
  const [row] = await db
    .select({
      byEmail: sql<number>`count(*) filter (where ${signInFailures.email} = ${params.email})`.mapWith(Number),
      byIp: sql<number>`count(*) filter (where ${signInFailures.ip} = ${params.ip})`.mapWith(Number),
      byPair:
        sql<number>`count(*) filter (where ${signInFailures.email} = ${params.email} and ${signInFailures.ip} = ${params.ip})`.mapWith(
          Number,
        ),
    })
    .from(signInFailures)
    .where(
      and(
        or(eq(signInFailures.email, params.email), eq(signInFailures.ip, params.ip)),
        gt(signInFailures.createdAt, params.since),
      ),
    );
  return { byEmail: row?.byEmail ?? 0, byIp: row?.byIp ?? 0, byPair: row?.byPair ?? 0 };
}

export async function pruneSignInAttempts(db: Db, before: Date): Promise<void> {
  await db.delete(signInFailures).where(lt(signInFailures.createdAt, before));
}
