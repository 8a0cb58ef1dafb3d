import type { EndedStatus } from '@esign/shared';
import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { hashToken } from '../platform/crypto/tokens.js';
import type { Db } from '../platform/db/client.js';
import { documentFields, documents, signers, signingTokens, users } from '../platform/db/schema.js';

/**
 * The life of a sent document besides completion (issue 36): the conditional moves to declined, voided and expired,
 * the expiry date, the expiry sweep's batches and reminders, and the draft copy of an ended document.
 */

/** Awaiting -> `to` in one conditional update (under the caller's lock); true only for the caller that moved it. */
export async function endAwaitingDocument(
  db: Db,
  params: { documentId: string; to: Exclude<EndedStatus, 'expired'>; at: Date },
): Promise<boolean> {
  const moved = await db
    .update(documents)
    .set({ status: params.to, updatedAt: params.at })
    .where(and(eq(documents.id, params.documentId), eq(documents.status, 'awaiting'), isNull(documents.deletedAt)))
    .returning({ id: documents.id });
  return moved.length === 1;
}

/**
 * A document's expiry instant set or taken away (null); an expired document given one becomes awaiting again. The
 * reminders start over for the new date.
 */
export async function setExpiry(
  db: Db,
  params: { documentId: string; expiresAt: Date | null; reopen: boolean; at: Date },
): Promise<void> {
  await db
    .update(documents)
    .set({
      expiresAt: params.expiresAt,
      expiryRemindedDays: null,
      updatedAt: params.at,
      ...(params.reopen ? { status: 'awaiting' as const } : {}),
    })
    .where(eq(documents.id, params.documentId));
}

export interface ExpiredDocument {
  id: string;
  userId: string;
  expiresAt: Date;
}

/**
 * One batch of the expiry sweep, inside the caller's transaction: up to `limit` awaiting documents whose expiry
 * instant has passed move to expired in one statement. Rows another transaction holds (a signer signing right now)
 * are skipped, not waited for: the next run takes them if they are still awaiting. The rows stay locked only until
 * the caller's transaction ends, so each batch is short.
 */
export async function expireDueBatch(db: Db, params: { now: Date; limit: number }): Promise<ExpiredDocument[]> {
  const result = (await db.execute(sql`
    with due as (
      select id from ${documents}
      where status = 'awaiting' and expires_at is not null and expires_at <= ${params.now.toISOString()}::timestamptz
        and deleted_at is null
      order by expires_at
      limit ${params.limit}
      for update skip locked)
    update ${documents} d set status = 'expired', updated_at = ${params.now.toISOString()}::timestamptz
    from due where d.id = due.id
    returning d.id, d.user_id as "userId", d.expires_at as "expiresAt"`)) as unknown as {
    rows: { id: string; userId: string; expiresAt: string | Date }[];
  };
  return result.rows.map((row) => ({ ...row, expiresAt: new Date(row.expiresAt) }));
}

/** Awaiting documents with reminders on whose expiry is within `withinMs` and not yet reminded for `days` or less. */
export async function findExpiryRemindersDue(
  db: Db,
  params: { now: Date; days: number; withinMs: number; limit: number },
) {
  const until = new Date(params.now.getTime() + params.withinMs);
  return db
    .select({ id: documents.id, isOrdered: documents.isOrdered })
    .from(documents)
    .where(
      and(
        eq(documents.status, 'awaiting'),
        isNotNull(documents.expiresAt),
        lte(documents.expiresAt, until),
        sql`${documents.expiresAt} > ${params.now.toISOString()}::timestamptz`,
        isNull(documents.deletedAt),
        eq(documents.remindersDisabled, false),
        sql`coalesce(${documents.expiryRemindedDays}, 2147483647) > ${params.days}`,
      ),
    )
    .orderBy(asc(documents.expiresAt))
    .limit(params.limit);
}

/** Marks the documents reminded for `days` before their expiry (so a run repeats none). */
export async function markExpiryReminded(db: Db, params: { documentIds: string[]; days: number }): Promise<void> {
  if (params.documentIds.length === 0) return;
  await db.update(documents).set({ expiryRemindedDays: params.days }).where(inArray(documents.id, params.documentIds));
}

/**
 * The copy of an ended document ('Edit & Resend' of a declined, voided or expired one) takes what the sender chose
 * (language, redirection, expiry left out: a new date is chosen) and no signer's value: the fields of signers other
 * than the preparer start empty.
 */
export async function prepareResendCopy(
  db: Db,
  params: {
    copyId: string;
    source: { language: (typeof documents.$inferSelect)['language']; redirectionPage: string | null };
  },
): Promise<void> {
  await db
    .update(documents)
    .set({ language: params.source.language, redirectionPage: params.source.redirectionPage })
    .where(eq(documents.id, params.copyId));
  await db
    .update(documentFields)
    .set({ text: null, checked: false, requisiteId: null })
    .where(
      and(
        eq(documentFields.documentId, params.copyId),
        inArray(
          documentFields.signerId,
          db
            .select({ id: signers.id })
            .from(signers)
            .where(and(eq(signers.documentId, params.copyId), eq(signers.isPreparer, false))),
        ),
      ),
    );
}

/**
 * For a token once issued for this document (live or revoked) of a document still there: its sender's name and the
 * document's status; undefined for any other token, so a made-up link learns nothing.
 */
export async function findLinkOrigin(db: Db, params: { documentId: string; token: string }) {
  const [row] = await db
    .select({ senderName: users.name, status: documents.status })
    .from(signingTokens)
    .innerJoin(documents, eq(documents.id, signingTokens.documentId))
    .innerJoin(users, eq(users.id, documents.userId))
    .where(
      and(
        eq(signingTokens.tokenHash, hashToken(params.token)),
        eq(signingTokens.documentId, params.documentId),
        isNull(documents.deletedAt),
      ),
    )
    .limit(1);
  return row;
}
