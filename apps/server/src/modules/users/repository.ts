import type { User } from '@esign/shared';
import { eq, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await userByIdQuery(db, id);
  return row;
}

/**
 * findUserById for the lookup every authenticated request makes: the query built once, and on PostgreSQL a named
 * statement, parsed and planned once per connection.
 */
export function preparedFindUserById(db: Db): (id: string) => Promise<UserRow | undefined> {
  const statement = userByIdQuery(db, sql.placeholder('id')).prepare('find_user_by_id');
  return async (id) => (await statement.execute({ id }))[0];
}

/** The query of findUserById (and of preparedFindUserById, with a placeholder). */
export function userByIdQuery(db: Db, id: string | Placeholder) {
  return db.select().from(users).where(eq(users.id, id)).limit(1);
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
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
    twoFactorType: null,
    freeDocumentsUsed: row.freeDocumentsUsed,
    freeDocumentsUsedLimit: row.freeDocumentsUsedLimit,
    templateLimit: row.templateLimit,
    createdAt: row.createdAt.toISOString(),
  };
}
