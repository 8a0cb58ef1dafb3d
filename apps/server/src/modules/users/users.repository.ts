import { type TwoFactorType, templateLimitOf, type User } from '@esign/shared';
import DataLoader from 'dataloader';
import { and, eq, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { sessions, users } from '../../platform/db/schema.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await userByIdQuery(db, id);
  return row;
}

/**
 * The user of a live session, for the lookup every authenticated request makes: undefined when the session has
 * ended (logout) or belongs to someone else. The lookups that requests ask for while the server reads its sockets
 * (one turn of the event loop) go to the database as one statement: under load, one round trip serves many requests
 * instead of one each, and every request still reads its user and session fresh (nothing is kept between turns).
 * The statement is built once, and on PostgreSQL it is named: parsed and planned once per connection.
 */
export function batchedFindSessionUser(
  db: Db,
): (session: { userId: string; sessionId: string }) => Promise<UserRow | undefined> {
  const statement = sessionUsersQuery(db, sql.placeholder('ids')).prepare('find_session_users');
  const loader = new DataLoader<string, UserRow | undefined>(
    async (sessionIds) => {
      const rows = await statement.execute({ ids: [...sessionIds] });
      const bySession = new Map(rows.map((row) => [row.sessionId, row]));
      return sessionIds.map((id) => {
        const row = bySession.get(id);
        return row && row.endedAt === null ? row.user : undefined;
      });
    },
    { cache: false, batchScheduleFn: (callback) => setImmediate(callback) },
  );
  return async ({ userId, sessionId }) => {
    const user = await loader.load(sessionId);
    return user?.id === userId ? user : undefined;
  };
}

/** The query of batchedFindSessionUser: the users of a list of session ids, with each session's end. */
export function sessionUsersQuery(db: Db, sessionIds: string[] | Placeholder) {
  const idList: SQL = sql`${sessionIds}::uuid[]`;
  return db
    .select({ sessionId: sessions.id, endedAt: sessions.endedAt, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(sql`${sessions.id} = any(${idList})`);
}

function userByIdQuery(db: Db, id: string) {
  return db.select().from(users).where(eq(users.id, id)).limit(1);
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** The second factor a sign-in asks for: the authenticator when both are on; null when none is. */
export function twoFactorTypeOf(user: UserRow): TwoFactorType | null {
  if (user.isGoogle2fa) return 'google';
  if (user.isTwilio2fa && user.phoneNumber) return 'twillio';
  return null;
}

/** The user as the API shows it: never the password hash or internal timestamps. */
export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatarUrl: row.avatarUrl,
    timezone: row.timezone,
    dateFormat: row.dateFormat,
    plan: { type: row.planType, duration: row.planDuration },
    teamId: null,
    role: null,
    twoFactorType: twoFactorTypeOf(row),
    phoneNumber: row.phoneNumber,
    isTwillio2fa: row.isTwilio2fa,
    isGoogle2fa: row.isGoogle2fa,
    freeDocumentsUsed: row.freeDocumentsUsed,
    freeDocumentsUsedLimit: row.freeDocumentsUsedLimit,
    templateLimit: templateLimitOf(row),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Counts `count` sent documents against the free plan's monthly quota, as many as it still has room for, in one
 * statement under the user's row lock, so parallel sends cannot pass it; answers how many were counted (all of them
 * on paid plans, which are counted but not limited).
 */
export async function countSentDocuments(db: Db, params: { userId: string; count: number }): Promise<number> {
  const result = (await db.execute(sql`
    with before as (select free_documents_used as used from ${users} where id = ${params.userId} for update)
    update ${users} set free_documents_used = free_documents_used + case
        when plan_type <> 'free' then ${params.count}::integer
        else least(${params.count}::integer, greatest(free_documents_used_limit - free_documents_used, 0)) end
    from before where id = ${params.userId}
    returning free_documents_used - before.used as counted`)) as unknown as { rows: { counted: number }[] };
  return Number(result.rows[0]?.counted ?? 0);
}

export async function insertUser(db: Db, values: { name: string; email: string; passwordHash: string }) {
  const [created] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return created;
}

export async function updateUser(db: Db, userId: string, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, userId));
}

/** Marks the address confirmed, unless it already is (the first confirmation's time stays). */
export async function confirmEmailOnce(db: Db, params: { userId: string; at: Date }): Promise<void> {
  await db
    .update(users)
    .set({ emailConfirmedAt: params.at })
    .where(and(eq(users.id, params.userId), isNull(users.emailConfirmedAt)));
}
