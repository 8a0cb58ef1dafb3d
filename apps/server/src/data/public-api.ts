import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { apiIdempotency, apiKeys, apiRateWindows, apiUsage, documents, users } from '../platform/db/schema.js';
import type { ApiKeyRow } from './api-keys.js';
import type { UserRow } from './users.js';

/** An active key by its value's SHA-256, with its owner: one primary-key join, as a session's lookup. */
export async function findActiveKey(db: Db, keyHash: string): Promise<{ key: ApiKeyRow; user: UserRow } | undefined> {
  const [row] = await db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.deletedAt)))
    .limit(1);
  return row;
}

/**
 * One more request of the month, counted exactly: the row is locked by its upsert, and a live request past the
 * limit changes nothing (false). Test requests are counted apart and never refused.
 */
export async function countRequest(
  db: Db,
  params: { userId: string; month: string; isTest: boolean; limit: number },
): Promise<boolean> {
  if (params.isTest) {
    await db
      .insert(apiUsage)
      .values({ userId: params.userId, month: params.month, testRequests: 1 })
      .onConflictDoUpdate({
        target: [apiUsage.userId, apiUsage.month],
        set: { testRequests: sql`${apiUsage.testRequests} + 1` },
      });
    return true;
  }
  if (params.limit <= 0) return false;
  const rows = await db
    .insert(apiUsage)
    .values({ userId: params.userId, month: params.month, requests: 1 })
    .onConflictDoUpdate({
      target: [apiUsage.userId, apiUsage.month],
      set: { requests: sql`${apiUsage.requests} + 1` },
      setWhere: sql`${apiUsage.requests} < ${params.limit}`,
    })
    .returning({ requests: apiUsage.requests });
  return rows.length === 1;
}

export async function findUsage(db: Db, params: { userId: string; month: string }) {
  const [row] = await db
    .select()
    .from(apiUsage)
    .where(and(eq(apiUsage.userId, params.userId), eq(apiUsage.month, params.month)))
    .limit(1);
  return { requests: row?.requests ?? 0, testRequests: row?.testRequests ?? 0 };
}

/**
 * Claims an Idempotency-Key for this transaction's work: true when the work is to be done (a new key, or one older
 * than `staleBefore`). A concurrent claim of the same key waits on this row until the first transaction ends.
 */
export async function claimIdempotencyKey(
  db: Db,
  params: { userId: string; key: string; requestHash: string; staleBefore: Date; now: Date },
): Promise<boolean> {
  const rows = await db
    .insert(apiIdempotency)
    .values({
      userId: params.userId,
      key: params.key,
      requestHash: params.requestHash,
      statusCode: 0,
      response: null,
      createdAt: params.now,
    })
    .onConflictDoUpdate({
      target: [apiIdempotency.userId, apiIdempotency.key],
      set: { requestHash: params.requestHash, statusCode: 0, response: null, createdAt: params.now },
      setWhere: sql`${apiIdempotency.createdAt} < ${params.staleBefore.toISOString()}::timestamptz`,
    })
    .returning({ key: apiIdempotency.key });
  return rows.length === 1;
}

export async function findIdempotencyKey(db: Db, params: { userId: string; key: string }) {
  const [row] = await db
    .select()
    .from(apiIdempotency)
    .where(and(eq(apiIdempotency.userId, params.userId), eq(apiIdempotency.key, params.key)))
    .limit(1);
  return row;
}

export async function saveIdempotentAnswer(
  db: Db,
  params: { userId: string; key: string; statusCode: number; response: unknown },
) {
  await db
    .update(apiIdempotency)
    .set({ statusCode: params.statusCode, response: params.response })
    .where(and(eq(apiIdempotency.userId, params.userId), eq(apiIdempotency.key, params.key)));
}

/** A new document's test mode, redirection page and embedding origins (the API's own settings of it). */
export async function setApiDocumentSettings(
  db: Db,
  params: { documentId: string; testMode: boolean; redirectionPage: string | undefined; embedOrigins: string[] },
) {
  await db
    .update(documents)
    .set({
      testMode: params.testMode,
      embedOrigins: params.embedOrigins,
      ...(params.redirectionPage ? { redirectionPage: params.redirectionPage } : {}),
    })
    .where(eq(documents.id, params.documentId));
}

/**
 * Adds each key's calls to its shared one-second window in one statement (a window of another second starts anew;
 * keys no longer there are left out) and answers every window as it now stands.
 */
export async function addToRateWindows(
  db: Db,
  rows: { keyId: string; start: number; n: number }[],
): Promise<{ keyId: string; start: number; count: number }[]> {
  const payload = rows.map(({ keyId, start, n }) => ({ id: keyId, start, n }));
  const result = (await db.execute(sql`
    insert into ${apiRateWindows} (api_key_id, window_start, count)
    select u.id, u.start, u.n from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as u(id uuid, start bigint, n int)
    join ${apiKeys} k on k.id = u.id
    on conflict (api_key_id) do update set
      count = case when ${apiRateWindows.windowStart} = excluded.window_start
        then ${apiRateWindows.count} + excluded.count else excluded.count end,
      window_start = excluded.window_start
    returning api_key_id, window_start, count`)) as unknown as {
    rows: { api_key_id: string; window_start: number | string; count: number | string }[];
  };
  return result.rows.map((row) => ({
    keyId: row.api_key_id,
    start: Number(row.window_start),
    count: Number(row.count),
  }));
}
