import type { User } from '@esign/shared';
import DataLoader from 'dataloader';
import { eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await userByIdQuery(db, id);
  return row;
}

/**
 * findUserById for the lookup every authenticated request makes. The lookups that requests ask for while the
 * server reads its sockets (one turn of the event loop) go to the database as one statement: under load, one round
 * trip serves many requests instead of one each, and every request still reads its user fresh (nothing is kept
 * between turns). The statement is built once, and on PostgreSQL it is named: parsed and planned once per
 * connection.
 */
export function batchedFindUserById(db: Db): (id: string) => Promise<UserRow | undefined> {
  const statement = usersByIdsQuery(db, sql.placeholder('ids')).prepare('find_users_by_ids');
  const loader = new DataLoader<string, UserRow | undefined>(
    async (ids) => {
      const rows = await statement.execute({ ids: [...ids] });
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id));
    },
    { cache: false, batchScheduleFn: (callback) => setImmediate(callback) },
  );
  return (id) => loader.load(id);
}

/** The query of batchedFindUserById: the users of a list of ids. */
export function usersByIdsQuery(db: Db, ids: string[] | Placeholder) {
  const idList: SQL = sql`${ids}::uuid[]`;
  return db.select().from(users).where(sql`${users.id} = any(${idList})`);
}

function userByIdQuery(db: Db, id: string) {
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
