import {
  documentsUsedThisMonth,
  isBusinessAccount,
  NOTIFICATION_FLAGS,
  type NotificationSettings,
  quotaMonthStart,
  type SignerAvatar,
  type TwoFactorType,
  templateLimitOf,
  type User,
} from '@esign/shared';
import DataLoader from 'dataloader';
import { and, eq, inArray, isNotNull, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type Db, readTogether } from '../platform/db/client.js';
import { documentParts, documents, requisites, sessions, signers, users } from '../platform/db/schema.js';
import { pictureUrlOf } from '../platform/storage/picture-url.js';

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

/**
 * The holder of deleted accounts' completed documents (drizzle/0016_profile.sql): nobody signs in as it; its
 * documents stay for their signers' download links and their audit rows.
 */
export const DELETED_ACCOUNT_ID = '00000000-0000-0000-0000-000000000000';

/** A user's picture is stored as `users/{id}/avatar/{file}`: served at this address while it is the current one. */
export function avatarUrlOf(row: { id: string; avatarKey: string | null }): string | null {
  return pictureUrlOf({ route: 'avatars' }, row.id, row.avatarKey);
}

export function notificationSettingsOf(row: UserRow): NotificationSettings {
  return Object.fromEntries(NOTIFICATION_FLAGS.map((flag) => [flag, row[flag]])) as NotificationSettings;
}

/** The user as the API shows it: never the password hash or internal timestamps. */
export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatarUrl: avatarUrlOf(row),
    timezone: row.timezone,
    dateFormat: row.dateFormat,
    plan: { type: row.planType, duration: row.planDuration },
    isBusinessAccount: isBusinessAccount(row),
    teamId: row.teamId,
    role: row.teamRole,
    twoFactorType: twoFactorTypeOf(row),
    phoneNumber: row.phoneNumber,
    isTwillio2fa: row.isTwilio2fa,
    isGoogle2fa: row.isGoogle2fa,
    freeDocumentsUsed: documentsUsedThisMonth(row, quotaMonthStart(new Date(), row.timezone)),
    freeDocumentsUsedLimit: row.freeDocumentsUsedLimit,
    templateLimit: templateLimitOf(row),
    createdAt: row.createdAt.toISOString(),
    ...notificationSettingsOf(row),
  };
}

/**
 * The notification settings of the accounts behind these addresses, by address: a signer whose address has an
 * account gets the mails that account asked for; an address without one gets every mail.
 */
export async function notificationSettingsByEmail(
  db: Db,
  emails: string[],
): Promise<Map<string, NotificationSettings>> {
  if (emails.length === 0) return new Map();
  const rows = await db.select().from(users).where(inArray(users.email, emails));
  return new Map(rows.map((row) => [row.email, notificationSettingsOf(row)]));
}

/** The pictures of a document's signers whose account (by link or by address) has one. */
export async function listSignerAvatars(db: Db, documentId: string): Promise<SignerAvatar[]> {
  const rows = await db
    .select({ signerId: signers.id, userId: users.id, avatarKey: users.avatarKey })
    .from(signers)
    .innerJoin(users, or(eq(users.id, signers.userId), eq(users.email, signers.email)))
    .where(and(eq(signers.documentId, documentId), isNotNull(users.avatarKey)));
  const avatars = new Map<string, string>();
  for (const row of rows) {
    const url = avatarUrlOf({ id: row.userId, avatarKey: row.avatarKey });
    if (url && !avatars.has(row.signerId)) avatars.set(row.signerId, url);
  }
  return [...avatars].map(([signerId, avatarUrl]) => ({ signerId, avatarUrl }));
}

/** The users who asked for the daily report of signature requests. */
export async function listDailyReportUsers(db: Db): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.isReceivingSignatureRequestsDailyReport, true));
}

/** A user's documents, with what account deletion needs of them. */
export async function listOwnedDocuments(db: Db, userId: string) {
  return db
    .select({
      id: documents.id,
      status: documents.status,
      title: documents.title,
      deletedAt: documents.deletedAt,
    })
    .from(documents)
    .where(eq(documents.userId, userId));
}

/** Hands documents to the deleted accounts' holder (their rows and files stay; their lists are nobody's). */
export async function giveDocumentsToHolder(db: Db, documentIds: string[]): Promise<void> {
  if (documentIds.length === 0) return;
  await db.update(documents).set({ userId: DELETED_ACCOUNT_ID }).where(inArray(documents.id, documentIds));
}

/**
 * The stored files that go with an account's deleted documents and saved signatures: the documents' parts (original
 * and PDF), combined and sealed PDFs, and the pictures of the user's and those documents' signers' requisites.
 */
export async function listFileKeysToErase(db: Db, params: { userId: string; documentIds: string[] }) {
  const ids = params.documentIds;
  const [parts, whole, pictures] = await readTogether(
    db,
    async () =>
      ids.length === 0
        ? []
        : db
            .select({ original: documentParts.originalFileKey, pdf: documentParts.pdfFileKey })
            .from(documentParts)
            .where(inArray(documentParts.documentId, ids)),
    async () =>
      ids.length === 0
        ? []
        : db
            .select({ pdf: documents.pdfFileKey, result: documents.resultPdfFileKey })
            .from(documents)
            .where(inArray(documents.id, ids)),
    () =>
      db
        .select({ key: requisites.fileKey })
        .from(requisites)
        .leftJoin(signers, eq(signers.id, requisites.signerId))
        .where(
          or(eq(requisites.userId, params.userId), ids.length === 0 ? undefined : inArray(signers.documentId, ids)),
        ),
  );
  const keys = [
    ...parts.flatMap((row) => [row.original, row.pdf]),
    ...whole.flatMap((row) => [row.pdf, row.result]),
    ...pictures.map((row) => row.key),
  ];
  return [...new Set(keys.filter((key): key is string => key !== null))];
}

/** Deletes the account row: sessions, tokens, saved signatures and its other documents go with it by cascade. */
export async function deleteUserRow(db: Db, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

/**
 * Counts `count` sent documents against the free plan's monthly quota, as many as it still has room for, in one
 * statement under the user's row lock, so parallel sends cannot pass it; answers how many were counted (all of them
 * on paid plans and for a team's members, who work under the team's Business plan: counted but not limited). A count begun before `monthStart` (the quota month of
 * packages/shared `quotaMonthStart`) is last month's: it restarts from 0 here, as `documentsUsedThisMonth` reads it.
 */
export async function countSentDocuments(
  db: Db,
  params: { userId: string; count: number; monthStart: Date; now: Date },
): Promise<number> {
  const monthStart = params.monthStart.toISOString();
  const result = (await db.execute(sql`
    with before as (
      select case when free_documents_counted_since < ${monthStart}::timestamptz then 0 else free_documents_used end
        as used
      from ${users} where id = ${params.userId} for update)
    update ${users} set free_documents_used = before.used + case
        when plan_type <> 'free' or team_id is not null then ${params.count}::integer
        else least(${params.count}::integer, greatest(free_documents_used_limit - before.used, 0)) end,
      free_documents_counted_since = case when free_documents_counted_since < ${monthStart}::timestamptz
        then ${params.now.toISOString()}::timestamptz else free_documents_counted_since end
    from before where id = ${params.userId}
    returning free_documents_used - before.used as counted`)) as unknown as { rows: { counted: number }[] };
  return Number(result.rows[0]?.counted ?? 0);
}

/**
 * The one place a user is made (sign-up, invitation, Google sign-in, direct purchase, a lifetime code's sign-up):
 * nothing when the address has an account already.
 */
export async function insertUser(
  db: Db,
  values: { name: string; email: string; passwordHash: string } & Partial<typeof users.$inferInsert>,
): Promise<{ id: string } | undefined> {
  const [created] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return created;
}

/** The operator's plan change of the account with this (normalised) address; undefined when there is none. */
export async function setPlanByEmail(
  db: Db,
  params: { email: string; planType: UserRow['planType']; templateLimit?: number },
) {
  const [updated] = await db
    .update(users)
    .set({
      planType: params.planType,
      ...(params.templateLimit !== undefined ? { templateLimit: params.templateLimit } : {}),
    })
    .where(eq(users.email, params.email))
    .returning({ email: users.email, planType: users.planType, templateLimit: users.templateLimit });
  return updated;
}

export async function updateUser(db: Db, userId: string, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, userId));
}

/**
 * Marks the address confirmed, unless it already is (the first confirmation's time stays), with the other values
 * the confirmation brings (a password, a name); false when it already was.
 */
export async function confirmEmailOnce(
  db: Db,
  params: { userId: string; at: Date; values?: Partial<typeof users.$inferInsert> },
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ ...params.values, emailConfirmedAt: params.at })
    .where(and(eq(users.id, params.userId), isNull(users.emailConfirmedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}
