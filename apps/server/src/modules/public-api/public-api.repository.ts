import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { apiIdempotency, apiKeys, apiRateWindows, apiUsage, documents } from '../../platform/db/schema.js';
import type { ApiKeyRow } from '../api-keys/api-keys.repository.js';

/**
 * An active key by its value's SHA-256 and, in the same statement, its call counted in the current rate window
 * (the window's start in ms): one round trip, shared by every API node through the database.
 */
export async function findKeyAndCount(
  db: Db,
  params: { keyHash: string; windowStart: number },
): Promise<{ key: ApiKeyRow; count: number; windowStart: number } | undefined> {
  const result = (await db.execute(sql`
    with k as (
      select * from ${apiKeys} where key_hash = ${params.keyHash} and deleted_at is null limit 1
    ), w as (
      insert into ${apiRateWindows} (api_key_id, window_start, count)
      select id, ${params.windowStart}, 1 from k
      on conflict (api_key_id) do update set
        count = case when ${apiRateWindows.windowStart} = excluded.window_start then ${apiRateWindows.count} + 1 else 1 end,
        window_start = excluded.window_start
      returning count, window_start
    )
    select k.id, k.user_id, k.name, k.prefix, k.key_hash, k.mode, k.requests, k.allowed_origins, k.deleted_at,
      k.created_at, w.count, w.window_start
    from k, w`)) as unknown as { rows: Record<string, unknown>[] };
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    key: {
      id: String(row.id),
      userId: String(row.user_id),
      name: String(row.name),
      prefix: String(row.prefix),
      keyHash: String(row.key_hash),
      mode: row.mode as ApiKeyRow['mode'],
      requests: Number(row.requests),
      allowedOrigins: (typeof row.allowed_origins === 'string'
        ? JSON.parse(row.allowed_origins)
        : row.allowed_origins) as string[],
      deletedAt: null,
      createdAt: new Date(row.created_at as string | Date),
    },
    count: Number(row.count),
    windowStart: Number(row.window_start),
  };
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
