import type { ActivityType, DocumentActivity } from '@esign/shared';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { activityHash } from '../platform/crypto/audit-chain.js';
import type { Db } from '../platform/db/client.js';
import { documentActivities, documents, signers } from '../platform/db/schema.js';
import { eventOfActivity, recordEvents } from './events.js';
import { changeOf, peopleAtRows } from './signer-history.js';

export interface ActivityInput {
  documentId: string;
  type: ActivityType;
  userId?: string | null;
  signerIds?: string[];
  sourceIp?: string | null;
  userAgent?: string | null;
  details?: Record<string, string> | null;
  /** The instant recorded; the database's clock when not given. */
  at?: Date;
  /** The event's `message` (a rejection's reason), when the activity is an event. */
  eventMessage?: string;
}

/**
 * Records one audit-trail row. Call it with the transaction that makes the change it records. Rows are only
 * ever inserted: nothing updates or deletes them. An activity that is an event too (created, sent, viewed, signed,
 * sealed, reverted: `eventOfActivity`) writes its outbox event in the same transaction.
 */
export async function recordActivity(db: Db, input: ActivityInput): Promise<void> {
  await recordActivities(db, [input]);
}

/**
 * Records several audit-trail rows in one statement, in the order given. Each row is chained to its document's
 * previous one (`previousHash`, `hash`: `platform/crypto/audit-chain.ts`), whatever its type: the document's row is
 * locked first (documents in id order), so rows of one document are written one transaction at a time and the
 * predecessor read is the last one written. The instant is set here (the transaction's `now()` when not given), as
 * the hash covers it.
 */
export async function recordActivities(db: Db, inputs: ActivityInput[]): Promise<void> {
  if (inputs.length === 0) return;
  const documentIds = [...new Set(inputs.map((input) => input.documentId))].sort();
  const locked = (await db.execute(sql`
    select d.id, now() as now,
      (select a.hash from ${documentActivities} a where a.document_id = d.id order by a.sequence desc limit 1) as last
    from ${documents} d where d.id in (${sql.join(
      documentIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) order by d.id for update of d`)) as unknown as {
    rows: { id: string; now: Date | string; last: string | null }[];
  };
  const lastHash = new Map(locked.rows.map((row) => [row.id, row.last]));
  const now = new Date(locked.rows[0]?.now ?? Date.now());
  const rows = inputs.map((input) => {
    const content = {
      documentId: input.documentId,
      type: input.type,
      userId: input.userId ?? null,
      signerIds: input.signerIds ?? [],
      sourceIp: input.sourceIp ?? null,
      userAgent: input.userAgent ?? null,
      details: input.details ?? null,
      createdAt: input.at ?? now,
    };
    const previousHash = lastHash.get(input.documentId) ?? null;
    const hash = activityHash(content, previousHash);
    lastHash.set(input.documentId, hash);
    return { ...content, previousHash, hash };
  });
  await db.insert(documentActivities).values(rows);
  await recordEvents(
    db,
    inputs.flatMap((input) => {
      const type = eventOfActivity(input.type);
      if (!type) return [];
      const reason = input.details?.reason;
      const message = input.eventMessage ?? (typeof reason === 'string' ? reason : undefined);
      const event = { type, documentId: input.documentId, signerIds: input.signerIds ?? [], at: input.at };
      return [message === undefined ? event : { ...event, message }];
    }),
  );
}

export type ActivityRow = typeof documentActivities.$inferSelect;

/** The document's latest activity row (type and instant), or undefined for none. */
export async function latestActivity(db: Db, documentId: string) {
  const [row] = await db
    .select({ type: documentActivities.type, createdAt: documentActivities.createdAt })
    .from(documentActivities)
    .where(eq(documentActivities.documentId, documentId))
    .orderBy(desc(documentActivities.createdAt), desc(documentActivities.sequence))
    .limit(1);
  return row;
}

/** A document's rows in the order they were written (the hash chain's order). */
export async function listChainedRows(db: Db, documentId: string): Promise<ActivityRow[]> {
  return db
    .select()
    .from(documentActivities)
    .where(eq(documentActivities.documentId, documentId))
    .orderBy(asc(documentActivities.sequence));
}

export async function listActivityRows(db: Db, documentId: string): Promise<ActivityRow[]> {
  return (
    db
      .select()
      .from(documentActivities)
      .where(eq(documentActivities.documentId, documentId))
      // Rows of one transaction share its instant: they keep the order they were written in.
      .orderBy(asc(documentActivities.createdAt), asc(documentActivities.sequence))
  );
}

/** An identity check's channel and masked address (issue 38), as its row's details hold them. */
function identityCheckOf(details: Record<string, string> | null) {
  return { channel: details?.channel === 'sms' ? ('sms' as const) : ('email' as const), to: details?.to ?? '' };
}

/** A document's activities as the API answers them, oldest first, with the signers' names and e-mails. */
export async function listActivities(db: Db, documentId: string): Promise<DocumentActivity[]> {
  const rows = await listActivityRows(db, documentId);
  const ids = [...new Set(rows.flatMap((row) => row.signerIds))];
  const people =
    ids.length === 0
      ? []
      : await db
          .select({ id: signers.id, name: signers.name, email: signers.email })
          .from(signers)
          .where(inArray(signers.id, ids));
  // Each row names its signers as they were then: a signer corrected or reassigned later keeps the old name.
  const personAt = peopleAtRows(rows, new Map(people.map((person) => [person.id, person])));
  return rows.map((row, index) => {
    const change = changeOf(row);
    const hostedBy = row.details?.hostedBy;
    return {
      id: row.id,
      type: row.type,
      signers: row.signerIds.flatMap((id) => {
        const person = personAt(index, id);
        return person ? [{ id, name: person.name, email: person.email }] : [];
      }),
      sourceIP: row.sourceIp,
      createdAt: row.createdAt.toISOString(),
      ...(change ? { change } : {}),
      ...(hostedBy ? { hostedBy } : {}),
      // A correction's or reassignment's reason is its change's; a decline's, void's or rejection's is its own.
      ...(change || row.details?.reason === undefined ? {} : { reason: row.details.reason }),
      ...(row.type === 'extend' && row.details?.expiresAt ? { expiresAt: row.details.expiresAt } : {}),
      ...(row.type === 'identity_check' ? { identityCheck: identityCheckOf(row.details) } : {}),
    };
  });
}

/**
 * A user's day for the daily report: the sends, signatures and completions recorded on their documents between
 * `from` and `to`, and how many of their documents await signatures now.
 */
export async function dailyActivityCounts(db: Db, params: { userId: string; from: Date; to: Date }) {
  const from = sql`${params.from.toISOString()}::timestamptz`;
  const to = sql`${params.to.toISOString()}::timestamptz`;
  const result = (await db.execute(sql`
    select
      (select count(distinct a.document_id) from ${documentActivities} a join ${documents} d on d.id = a.document_id
        where d.user_id = ${params.userId} and a.type = 'send' and a.created_at >= ${from}
          and a.created_at < ${to})::int as sent,
      (select count(*) from ${documentActivities} a join ${documents} d on d.id = a.document_id
        where d.user_id = ${params.userId} and a.type = 'sign' and a.created_at >= ${from}
          and a.created_at < ${to})::int as signed,
      (select count(*) from ${documentActivities} a join ${documents} d on d.id = a.document_id
        where d.user_id = ${params.userId} and a.type = 'complete' and a.created_at >= ${from}
          and a.created_at < ${to})::int as completed,
      (select count(*) from ${documents} d
        where d.user_id = ${params.userId} and d.status = 'awaiting' and d.deleted_at is null)::int as awaiting`)) as unknown as {
    rows: { sent: number; signed: number; completed: number; awaiting: number }[];
  };
  const row = result.rows[0];
  return {
    sent: row?.sent ?? 0,
    signed: row?.signed ?? 0,
    completed: row?.completed ?? 0,
    awaiting: row?.awaiting ?? 0,
  };
}
