import type { Language } from '@esign/shared';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { hashToken, randomToken } from '../platform/crypto/tokens.js';
import type { Db } from '../platform/db/client.js';
import { documentActivities, documents, signers, signingTokens } from '../platform/db/schema.js';

/**
 * A sent document's signers changed after sending (issue 36): a correction by the sender, a reassignment by the
 * signer (both keep the signer's row, its fields and its place in the order, and change who it is), the
 * reassignment switch, and the short-lived links of in-person signings.
 */

/** The signer becomes another person (or keeps their name and e-mail with another code or language). */
export async function changeSignerIdentity(
  db: Db,
  params: {
    signerId: string;
    name: string;
    email: string;
    /** Undefined: unchanged. */
    accessCode?: string | null;
    language?: Language | null;
  },
): Promise<void> {
  await db
    .update(signers)
    .set({
      name: params.name,
      email: params.email,
      // Another person's account is not this one's: a signer with an account is found again by e-mail.
      ...(params.accessCode !== undefined ? { accessCode: params.accessCode } : {}),
      ...(params.language !== undefined ? { language: params.language } : {}),
      accessLockedAt: null,
    })
    .where(eq(signers.id, params.signerId));
}

/** A person changed: the account behind the old one is not behind the new one. */
export async function clearSignerAccount(db: Db, signerId: string): Promise<void> {
  await db.update(signers).set({ userId: null }).where(eq(signers.id, signerId));
}

/** Every live link of one signer stops working (answering as any invalid link does). */
export async function revokeSignerTokens(db: Db, params: { signerId: string; now: Date }): Promise<void> {
  await db
    .update(signingTokens)
    .set({ revokedAt: params.now })
    .where(and(eq(signingTokens.signerId, params.signerId), isNull(signingTokens.revokedAt)));
}

/** One link stops working (an in-person signing's, once its signer signed). */
export async function revokeSigningToken(db: Db, params: { tokenId: string; now: Date }): Promise<void> {
  await db
    .update(signingTokens)
    .set({ revokedAt: params.now })
    .where(and(eq(signingTokens.id, params.tokenId), isNull(signingTokens.revokedAt)));
}

export async function setAllowReassign(db: Db, params: { documentId: string; allowReassign: boolean }) {
  await db
    .update(documents)
    .set({ allowReassign: params.allowReassign, updatedAt: new Date() })
    .where(eq(documents.id, params.documentId));
}

/** The document's reassignments recorded since `since` (under the document's lock: counted one after another). */
export async function countReassignmentsSince(db: Db, params: { documentId: string; since: Date }): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(documentActivities)
    .where(
      and(
        eq(documentActivities.documentId, params.documentId),
        eq(documentActivities.type, 'reassign'),
        gt(documentActivities.createdAt, params.since),
      ),
    );
  return row?.total ?? 0;
}

/**
 * An in-person signing's link: bound to one signer, hosted by the sender, expiring at `expiresAt`, its access code
 * counted as typed (the sender, who sees the code, hands over their own device). Only the hash is stored.
 */
export async function issueInPersonToken(
  db: Db,
  params: { documentId: string; signerId: string; hostUserId: string; expiresAt: Date; now: Date },
): Promise<string> {
  const token = randomToken();
  await db.insert(signingTokens).values({
    documentId: params.documentId,
    signerId: params.signerId,
    tokenHash: hashToken(token),
    hostedByUserId: params.hostUserId,
    expiresAt: params.expiresAt,
    codeConfirmedAt: params.now,
  });
  return token;
}
