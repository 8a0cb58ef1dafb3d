import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import {
  accessCodeFailures,
  documentActivities,
  requisites,
  signers,
  signingTokens,
  users,
} from '../platform/db/schema.js';

export type SigningTokenRow = typeof signingTokens.$inferSelect;

export async function findSignerRow(db: Db, signerId: string) {
  const [row] = await db.select().from(signers).where(eq(signers.id, signerId)).limit(1);
  return row;
}

export async function findOwnerName(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.name ?? '';
}

/**
 * Serialises the access-code attempts of one signer (an advisory lock held to the end of the transaction) and
 * counts the wrong codes in the window from this address for this signer, and on this link from every address, so
 * parallel guesses are counted one after another. `ip` is the address's key.
 */
export async function lockAndCountAccessCodeFailures(
  db: Db,
  params: { signerId: string; tokenId: string; ip: string; since: Date },
) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`access-code:${params.signerId}`}))`);
  const [row] = await db
    .select({
      byAddress: sql<number>`count(*) filter (where ${accessCodeFailures.ip} = ${params.ip})`.mapWith(Number),
      byLink: sql<number>`count(*) filter (where ${accessCodeFailures.tokenId} = ${params.tokenId})`.mapWith(Number),
    })
    .from(accessCodeFailures)
    .where(and(eq(accessCodeFailures.signerId, params.signerId), gt(accessCodeFailures.createdAt, params.since)));
  return { byAddress: row?.byAddress ?? 0, byLink: row?.byLink ?? 0 };
}

export async function recordAccessCodeFailure(
  db: Db,
  params: { signerId: string; tokenId: string; ip: string; at: Date },
) {
  await db.insert(accessCodeFailures).values({
    signerId: params.signerId,
    tokenId: params.tokenId,
    ip: params.ip,
    createdAt: params.at,
  });
}

/** The signer's link is locked: its owner sees it in the document list. */
export async function markSignerAccessLocked(db: Db, params: { signerId: string; at: Date }) {
  await db.update(signers).set({ accessLockedAt: params.at }).where(eq(signers.id, params.signerId));
}

export async function confirmCodeForToken(db: Db, params: { tokenId: string; at: Date }) {
  await db.update(signingTokens).set({ codeConfirmedAt: params.at }).where(eq(signingTokens.id, params.tokenId));
}

/** Locks the token row, so one session's 'opened' notices queue one after another. */
export async function lockSigningToken(db: Db, tokenId: string) {
  await db.select({ id: signingTokens.id }).from(signingTokens).where(eq(signingTokens.id, tokenId)).for('update');
}

/** Whether this token's session already recorded its `view`. */
export async function hasViewForToken(db: Db, params: { documentId: string; tokenId: string }) {
  const [row] = await db
    .select({ id: documentActivities.id })
    .from(documentActivities)
    .where(
      and(
        eq(documentActivities.documentId, params.documentId),
        eq(documentActivities.type, 'view'),
        sql`${documentActivities.details}->>'tokenId' = ${params.tokenId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A live saved signature or initials the signer may use: the signer's own, or its account's. */
export async function findUsableRequisite(
  db: Db,
  params: { requisiteId: string; signerId: string; userId: string | null },
) {
  const [row] = await db
    .select({
      id: requisites.id,
      type: requisites.type,
      valueType: requisites.valueType,
      signerId: requisites.signerId,
      userId: requisites.userId,
    })
    .from(requisites)
    .where(and(eq(requisites.id, params.requisiteId), isNull(requisites.deletedAt)))
    .limit(1);
  if (!row) return undefined;
  const isOwn = row.signerId === params.signerId || (params.userId !== null && row.userId === params.userId);
  return isOwn ? row : undefined;
}

/** Marks the signer finished, only if it was not: true for the one call that made the change. */
export async function finishSigner(db: Db, params: { signerId: string; at: Date }): Promise<boolean> {
  const rows = await db
    .update(signers)
    .set({ isFinished: true, finishedAt: params.at })
    .where(and(eq(signers.id, params.signerId), eq(signers.isFinished, false)))
    .returning({ id: signers.id });
  return rows.length === 1;
}
