import type { DocumentListItem, documentListQuery } from '@esign/shared';
import { and, eq, gte, ilike, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../platform/db/client.js';
import {
  documentCounts,
  documentDayCounts,
  documentRecipients,
  documents,
  signers,
  teams,
  users,
} from '../platform/db/schema.js';

export type ParsedListQuery = z.output<typeof documentListQuery>;

/** Whose documents a list shows: one owner's, or a team's (its members' documents, by documents.team_id). */
export type ListScope = { kind: 'owner'; userId: string } | { kind: 'team'; teamId: string };

/** The owners a scope covers, for the kept counts (kept per owner). */
function ownersOf(scope: ListScope, column: typeof documentCounts.userId | typeof documentDayCounts.userId): SQL {
  return scope.kind === 'owner'
    ? eq(column, scope.userId)
    : sql`${column} in (select ${users.id} from ${users} where ${users.teamId} = ${scope.teamId})`;
}

/** `%term%` with LIKE's wildcards taken literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filter of a list query: only the scope's live documents, then the query's own conditions. */
export function listConditions(scope: ListScope, query: ParsedListQuery): SQL {
  const owned = scope.kind === 'owner' ? eq(documents.userId, scope.userId) : eq(documents.teamId, scope.teamId);
  const conditions: (SQL | undefined)[] = [
    owned,
    isNull(documents.deletedAt),
    eq(documents.testMode, query.testMode === true),
  ];
  if (query.status?.length) conditions.push(inArray(documents.status, query.status));
  if (query.type?.length) conditions.push(inArray(documents.type, query.type));
  if (query.dateFrom) conditions.push(gte(documents.createdAt, new Date(query.dateFrom)));
  if (query.dateTo) {
    conditions.push(
      BARE_DATE.test(query.dateTo)
        ? lt(documents.createdAt, new Date(Date.parse(query.dateTo) + DAY_MS))
        : lte(documents.createdAt, new Date(query.dateTo)),
    );
  }
  if (query.searchTerm) {
    const pattern = likePattern(query.searchTerm);
    conditions.push(
      // A signer's name or e-mail: the document's own signer_search (one per line, kept by triggers).
      query.searchType === 'signers' ? ilike(documents.signerSearch, pattern) : ilike(documents.title, pattern),
    );
  }
  return and(...conditions) as SQL;
}

/** Titles sort case-insensitively, the same on every database collation. */
const ORDER_COLUMNS = {
  title: sql`lower(${documents.title})`,
  createdAt: sql`${documents.createdAt}`,
  status: sql`${documents.status}`,
} as const;

/** Only the owner, status and type narrow the list: its total is the sum of the kept counts (document_counts). */
function isCountedQuery(query: ParsedListQuery): boolean {
  // Test documents are not in the kept counts (drizzle/0025_developer_api.sql).
  return !query.searchTerm && !query.dateFrom && !query.dateTo && query.testMode !== true;
}

/** The kept number of the scope's live documents of the query's statuses and types. */
function countedTotal(scope: ListScope, query: ParsedListQuery): SQL {
  const conditions: SQL[] = [ownersOf(scope, documentCounts.userId)];
  if (query.status?.length) conditions.push(inArray(documentCounts.status, query.status));
  if (query.type?.length) conditions.push(inArray(documentCounts.type, query.type));
  return sql`(select coalesce(sum(${documentCounts.total}), 0) from ${documentCounts} where ${and(...conditions)})`;
}

/**
 * From this offset on, a page by date starts at the day it falls in. Below it, skipping rows of the index
 * costs less than summing the owner's days.
 */
export const DAY_ANCHOR_FROM_OFFSET = 1000;

/**
 * The ids of a deep page by date of a counted query. The kept per-day counts say in which day (UTC) the
 * page's first document lies and how many documents come before that day; the index walk then starts at that
 * day's edge and skips only the rest. Same statement, same snapshot: the counts match the rows exactly.
 */
function dayAnchoredPageIds(scope: ListScope, query: ParsedListQuery, where: SQL, offset: number): SQL {
  const conditions: SQL[] = [ownersOf(scope, documentDayCounts.userId)];
  if (query.status?.length) conditions.push(inArray(documentDayCounts.status, query.status));
  if (query.type?.length) conditions.push(inArray(documentDayCounts.type, query.type));
  const newestFirst = query.orderingDirection === 'desc';
  // Documents before a day: those of newer days when newest first, of older days otherwise.
  const walk = newestFirst ? sql`desc` : sql`asc`;
  const edge = newestFirst ? sql`(day + 1)::timestamp at time zone 'UTC'` : sql`day::timestamp at time zone 'UTC'`;
  const fromEdge = newestFirst
    ? sql`${documents.createdAt} < (select edge from anchor)`
    : sql`${documents.createdAt} >= (select edge from anchor)`;
  return sql`with days as (
      select ${documentDayCounts.day} as day, sum(${documentDayCounts.total}) as n from ${documentDayCounts}
      where ${and(...conditions)} group by 1 having sum(${documentDayCounts.total}) > 0
    ), placed as (
      select day, sum(n) over (order by day ${walk}) - n as before from days
    ), anchor as (
      select ${edge} as edge, (${offset}::bigint - before)::bigint as skip from placed
      where before <= ${offset}::bigint order by day ${newestFirst ? sql`asc` : sql`desc`} limit 1
    )
    select ${documents.id} from ${documents} where ${where} and ${fromEdge}
    order by ${documents.createdAt} ${walk}, ${documents.id} ${walk}
    limit ${query.limit} offset (select skip from anchor)`;
}

/** One list item as JSON in the API's shape; createdAt the way Date.toISOString writes it (milliseconds, UTC). */
const itemJson = sql`json_build_object(
  'id', ${documents.id}, 'title', ${documents.title}, 'type', ${documents.type}, 'status', ${documents.status},
  'owner', (select json_build_object('id', ${users.id}, 'name', ${users.name}) from ${users}
    where ${users.id} = ${documents.userId}),
  'createdAt', to_char(${documents.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'isOrdered', ${documents.isOrdered}, 'remindersDisabled', ${documents.remindersDisabled},
  'hasAccessCode', ${documents.codeAccess} is not null,
  'expiresAt', to_char(${documents.expiresAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'signers', coalesce((
    select json_agg(json_build_object(
      'id', ${signers.id}, 'name', ${signers.name}, 'email', ${signers.email}, 'role', ${signers.role},
      'order', ${signers.order}, 'recipientRole', ${signers.recipientRole},
      'step', coalesce(${signers.step}, ${signers.order}),
      'isPreparer', ${signers.isPreparer}, 'isFinished', ${signers.isFinished},
      'accessLockedAt', to_char(${signers.accessLockedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    ) order by ${signers.order}, ${signers.createdAt})
    from ${signers} where ${signers.documentId} = ${documents.id}
  ), '[]'::json))`;

/**
 * One list page in one statement: `total` and `items` (JSON, in page order, each with its signers).
 * Without a search or date range the total is the kept count and the page's ids walk an index of live
 * documents in the chosen order (id as tie-breaker, so pages never overlap): a deep page reads only the index.
 * With one, the matching documents are found once and both counted and paged.
 */
export function listPageStatement(scope: ListScope, query: ParsedListQuery): SQL {
  const where = listConditions(scope, query);
  const dir = query.orderingDirection === 'asc' ? sql`asc` : sql`desc`;
  const key = ORDER_COLUMNS[query.orderingKey];
  const window = sql`limit ${query.limit} offset ${(query.page - 1) * query.limit}`;
  const page = (pageIds: SQL) => sql`(
    select coalesce(json_agg(${itemJson} order by ${key} ${dir}, ${documents.id} ${dir}), '[]'::json)
    from ${documents} where ${documents.id} in (${pageIds}))`;
  if (isCountedQuery(query)) {
    const offset = (query.page - 1) * query.limit;
    const pageIds =
      query.orderingKey === 'createdAt' && offset >= DAY_ANCHOR_FROM_OFFSET
        ? dayAnchoredPageIds(scope, query, where, offset)
        : sql`select ${documents.id} from ${documents} where ${where} order by ${key} ${dir}, ${documents.id} ${dir} ${window}`;
    return sql`select ${countedTotal(scope, query)} as total, ${page(pageIds)} as items`;
  }
  return sql`with matched as materialized (
      select ${documents.id} as id, ${key} as key from ${documents} where ${where}
    )
    select (select count(*) from matched) as total,
      ${page(sql`select id from matched order by key ${dir}, id ${dir} ${window}`)} as items`;
}

export async function listDocumentPage(
  db: Db,
  scope: ListScope,
  query: ParsedListQuery,
): Promise<{ items: DocumentListItem[]; totalItems: number }> {
  // Both drivers answer `{ rows }`; count/sum arrive as text (bigint/numeric), JSON parsed or as text.
  const result = (await db.execute(listPageStatement(scope, query))) as {
    rows: { total: string | number; items: DocumentListItem[] | string }[];
  };
  const row = result.rows[0];
  if (!row) throw new Error('the list statement returned no row');
  return {
    items: typeof row.items === 'string' ? JSON.parse(row.items) : row.items,
    totalItems: Number(row.total),
  };
}

/** Soft-deletes the owner's live documents among `ids`; answers how many it deleted. */
export async function softDeleteOwnedDocuments(db: Db, params: { userId: string; ids: string[]; at: Date }) {
  const deleted = await db
    .update(documents)
    .set({ deletedAt: params.at })
    .where(and(inArray(documents.id, params.ids), eq(documents.userId, params.userId), isNull(documents.deletedAt)))
    .returning({ id: documents.id });
  return deleted.length;
}

/** Edit & Resend's change: the document back to draft and its signers (not the preparer) to sign again. */
export async function revertToDraft(db: Db, params: { documentId: string; at: Date }): Promise<void> {
  await db
    .update(documents)
    .set({ status: 'draft', sentAt: null, updatedAt: params.at })
    .where(eq(documents.id, params.documentId));
  await db
    .update(signers)
    .set({ isFinished: false, finishedAt: null })
    .where(and(eq(signers.documentId, params.documentId), eq(signers.isPreparer, false)));
}

export async function setRemindersDisabled(
  db: Db,
  params: { documentId: string; isDisabled: boolean; at: Date },
): Promise<void> {
  await db
    .update(documents)
    .set({ remindersDisabled: params.isDisabled, updatedAt: params.at })
    .where(eq(documents.id, params.documentId));
}

/** The people a completed document was shared with. */
export async function insertRecipients(db: Db, params: { documentId: string; emails: string[] }): Promise<void> {
  await db.insert(documentRecipients).values(params.emails.map((email) => ({ documentId: params.documentId, email })));
}

/** A document with its sender's name (the share mail names who shared it). */
export async function findDocumentWithSender(db: Db, documentId: string) {
  const [row] = await db
    .select({ document: documents, senderName: users.name })
    .from(documents)
    .innerJoin(users, eq(users.id, documents.userId))
    .where(eq(documents.id, documentId))
    .limit(1);
  return row;
}

/**
 * The version of a team's list: its members' list versions summed, with the team's members version (bumped by every
 * join and leave). Any change a member's list shows bumps that member's version, so the team's moves too.
 */
export async function teamListVersion(db: Db, teamId: string): Promise<string> {
  const result = (await db.execute(sql`select ${teams.membersVersion} as members,
      (select coalesce(sum(${users.documentsVersion}), 0) from ${users} where ${users.teamId} = ${teamId}) as documents
    from ${teams} where ${teams.id} = ${teamId}`)) as {
    rows: { members: string | number; documents: string | number }[];
  };
  const row = result.rows[0];
  return row ? `${row.members}.${row.documents}` : 'none';
}
