import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { apiKeys, apiRequests, users } from '../platform/db/schema.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type ApiRequestRow = typeof apiRequests.$inferSelect;

export async function insertApiKey(db: Db, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  if (!row) throw new Error('API key not saved');
  return row;
}

/** A key by id, whoever's it is (the service asks the access policy whose it may be). */
export async function findKey(db: Db, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id)).limit(1);
  return row;
}

/** An active (not revoked) key by the SHA-256 of its value. */
export async function findActiveKeyByHash(db: Db, keyHash: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.deletedAt)))
    .limit(1);
  return row;
}

export async function listKeys(
  db: Db,
  params: { userId: string; limit: number; offset: number; direction: 'ASC' | 'DESC' },
): Promise<{ rows: ApiKeyRow[]; total: number }> {
  const order = params.direction === 'ASC' ? apiKeys.createdAt : desc(apiKeys.createdAt);
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, params.userId))
    .orderBy(order, apiKeys.id)
    .limit(params.limit)
    .offset(params.offset);
  const [total] = await db.select({ n: count() }).from(apiKeys).where(eq(apiKeys.userId, params.userId));
  return { rows, total: total?.n ?? 0 };
}

/** Revokes (at) or recovers (null) the user's key; false when it is not theirs or already in that state. */
export async function setRevoked(db: Db, params: { userId: string; id: string; at: Date | null }): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ deletedAt: params.at })
    .where(
      and(
        eq(apiKeys.id, params.id),
        eq(apiKeys.userId, params.userId),
        params.at ? isNull(apiKeys.deletedAt) : isNotNull(apiKeys.deletedAt),
      ),
    )
    .returning({ id: apiKeys.id });
  return rows.length === 1;
}

export async function updateOrigins(db: Db, params: { userId: string; id: string; allowedOrigins: string[] }) {
  const [row] = await db
    .update(apiKeys)
    .set({ allowedOrigins: params.allowedOrigins })
    .where(and(eq(apiKeys.id, params.id), eq(apiKeys.userId, params.userId)))
    .returning();
  return row;
}

/** Deletes the user's keys among `ids`; answers how many were deleted. */
export async function deleteKeys(db: Db, params: { userId: string; ids: string[] }): Promise<number> {
  const rows = await db
    .delete(apiKeys)
    .where(and(inArray(apiKeys.id, params.ids), eq(apiKeys.userId, params.userId)))
    .returning({ id: apiKeys.id });
  return rows.length;
}

export async function listRequests(
  db: Db,
  params: { apiKeyId: string; limit: number; offset: number; direction: 'ASC' | 'DESC' },
): Promise<{ rows: ApiRequestRow[]; total: number }> {
  const order = params.direction === 'ASC' ? apiRequests.createdAt : desc(apiRequests.createdAt);
  const rows = await db
    .select()
    .from(apiRequests)
    .where(eq(apiRequests.apiKeyId, params.apiKeyId))
    .orderBy(order, apiRequests.id)
    .limit(params.limit)
    .offset(params.offset);
  const [total] = await db.select({ n: count() }).from(apiRequests).where(eq(apiRequests.apiKeyId, params.apiKeyId));
  return { rows, total: total?.n ?? 0 };
}

/** History rows written at once, each key's count raised by its rows (keys deleted meanwhile are skipped). */
export async function insertRequests(db: Db, rows: (typeof apiRequests.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  const perKey = new Map<string, number>();
  for (const row of rows) perKey.set(row.apiKeyId, (perKey.get(row.apiKeyId) ?? 0) + 1);
  const existing = new Set(
    (
      await db
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(inArray(apiKeys.id, [...perKey.keys()]))
    ).map((row) => row.id),
  );
  const kept = rows.filter((row) => existing.has(row.apiKeyId));
  if (kept.length === 0) return;
  await db.insert(apiRequests).values(kept);
  for (const [id, n] of perKey) {
    if (existing.has(id)) {
      await db
        .update(apiKeys)
        .set({ requests: sql`${apiKeys.requests} + ${n}` })
        .where(eq(apiKeys.id, id));
    }
  }
}

/** The API flag (spec part 2, section 6): set when an API plan is chosen, the free one included. */
export async function enableApi(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ isApiEnabled: true }).where(eq(users.id, userId));
}
