import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { passkeyChallenges, passkeys } from '../platform/db/schema.js';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type PasskeyChallengeRow = typeof passkeyChallenges.$inferSelect;
export type PasskeyPurpose = PasskeyChallengeRow['purpose'];

const listed = {
  id: passkeys.id,
  name: passkeys.name,
  createdAt: passkeys.createdAt,
  lastUsedAt: passkeys.lastUsedAt,
};
export type ListedPasskey = { id: string; name: string; createdAt: Date; lastUsedAt: Date | null };

export async function listPasskeys(db: Db, userId: string): Promise<ListedPasskey[]> {
  return db.select(listed).from(passkeys).where(eq(passkeys.userId, userId)).orderBy(desc(passkeys.createdAt));
}

/** The user's credentials (ids and transports), for the browser's exclude and allow lists. */
export async function listCredentials(db: Db, userId: string) {
  return db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
}

export async function countPasskeys(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  return row?.count ?? 0;
}

/** Stores a passkey; undefined when its credential id is already kept (by this account or another). */
export async function insertPasskey(
  db: Db,
  values: {
    userId: string;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string[];
    name: string;
  },
): Promise<ListedPasskey | undefined> {
  const [row] = await db
    .insert(passkeys)
    .values(values)
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning(listed);
  return row;
}

export async function findPasskeyByCredentialId(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return row;
}

/**
 * Records a use: the new counter, in one conditional update on the counter read before, so two answers carrying
 * the same counter cannot both pass. False when another use came first.
 */
export async function recordPasskeyUse(
  db: Db,
  params: { id: string; previousCounter: number; counter: number; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter: params.counter, lastUsedAt: params.at })
    .where(and(eq(passkeys.id, params.id), eq(passkeys.counter, params.previousCounter)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

export async function renamePasskey(
  db: Db,
  params: { userId: string; id: string; name: string },
): Promise<ListedPasskey | undefined> {
  const [row] = await db
    .update(passkeys)
    .set({ name: params.name })
    .where(and(eq(passkeys.id, params.id), eq(passkeys.userId, params.userId)))
    .returning(listed);
  return row;
}

export async function findOwnPasskey(db: Db, params: { userId: string; id: string }) {
  const [row] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(and(eq(passkeys.id, params.id), eq(passkeys.userId, params.userId)))
    .limit(1);
  return row;
}

export async function deletePasskey(db: Db, params: { userId: string; id: string }): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, params.id), eq(passkeys.userId, params.userId)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

export async function hasPasskey(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return row !== undefined;
}

export async function insertPasskeyChallenge(
  db: Db,
  values: {
    tokenHash: string;
    challengeHash: string;
    purpose: PasskeyPurpose;
    userId: string | null;
    ip: string | null;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(passkeyChallenges).values(values);
}

/** The challenges an address asked for since `since`. */
export async function countPasskeyChallenges(db: Db, params: { ip: string; since: Date }): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(passkeyChallenges)
    .where(and(eq(passkeyChallenges.ip, params.ip), gt(passkeyChallenges.createdAt, params.since)));
  return row?.count ?? 0;
}

/**
 * Spends the live challenge of a token in one conditional update (so it is answered once, even by parallel
 * requests) and answers it; undefined when unknown, spent or expired.
 */
export async function spendPasskeyChallenge(
  db: Db,
  params: { tokenHash: string; now: Date },
): Promise<PasskeyChallengeRow | undefined> {
  const [row] = await db
    .update(passkeyChallenges)
    .set({ usedAt: params.now })
    .where(
      and(
        eq(passkeyChallenges.tokenHash, params.tokenHash),
        isNull(passkeyChallenges.usedAt),
        gt(passkeyChallenges.expiresAt, params.now),
      ),
    )
    .returning();
  return row;
}
