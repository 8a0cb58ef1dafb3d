import type { DocumentListItem, documentListQuery } from '@esign/shared';
import { and, asc, desc, eq, exists, gte, ilike, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { documents, signers } from '../../platform/db/schema.js';

export type ParsedListQuery = z.output<typeof documentListQuery>;

/** `%term%` with LIKE's wildcards taken literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filter of a list query: only the owner's live documents, then the query's own conditions. */
export function listConditions(userId: string, query: ParsedListQuery): SQL {
  const conditions: (SQL | undefined)[] = [eq(documents.userId, userId), isNull(documents.deletedAt)];
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
      query.searchType === 'signers'
        ? exists(
            sql`(select 1 from ${signers} where ${signers.documentId} = ${documents.id} and (${ilike(signers.name, pattern)} or ${ilike(signers.email, pattern)}))`,
          )
        : ilike(documents.title, pattern),
    );
  }
  return and(...conditions) as SQL;
}

/** Titles sort case-insensitively, the same on every database collation. */
const ORDER_COLUMNS = {
  title: sql`lower(${documents.title})`,
  createdAt: documents.createdAt,
  status: documents.status,
} as const;

/**
 * The statements of one list page. The page's ids come first (ordered by the chosen key with the id as
 * tie-breaker, so pages never overlap): with the orderings on covering indexes, skipping to a deep page reads
 * only the index. The count is independent of it, so both run side by side on PostgreSQL's pool; the rows and
 * signers of the ten ids follow, again side by side.
 */
export function listStatements(db: Db, userId: string, query: ParsedListQuery) {
  const where = listConditions(userId, query);
  const direction = query.orderingDirection === 'asc' ? asc : desc;
  const pageIds = db
    .select({ id: documents.id })
    .from(documents)
    .where(where)
    .orderBy(direction(ORDER_COLUMNS[query.orderingKey]), direction(documents.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const count = db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(documents)
    .where(where);
  return { pageIds, count };
}

/** The list's columns of the documents of one page. */
export function pageRowsStatement(db: Db, documentIds: string[]) {
  return db
    .select({
      id: documents.id,
      title: documents.title,
      type: documents.type,
      status: documents.status,
      createdAt: documents.createdAt,
      isOrdered: documents.isOrdered,
      remindersDisabled: documents.remindersDisabled,
      hasAccessCode: sql<boolean>`${documents.codeAccess} is not null`,
    })
    .from(documents)
    .where(inArray(documents.id, documentIds));
}

/** The signers of the documents of one page. */
export function pageSignersStatement(db: Db, documentIds: string[]) {
  return db
    .select({
      id: signers.id,
      documentId: signers.documentId,
      name: signers.name,
      email: signers.email,
      order: signers.order,
      isPreparer: signers.isPreparer,
      isFinished: signers.isFinished,
    })
    .from(signers)
    .where(inArray(signers.documentId, documentIds))
    .orderBy(asc(signers.order), asc(signers.createdAt));
}

export async function listDocumentPage(db: Db, userId: string, query: ParsedListQuery) {
  const statements = listStatements(db, userId, query);
  const [idRows, counted] = await Promise.all([statements.pageIds, statements.count]);
  const ids = idRows.map((row) => row.id);
  const [rows, signerRows] =
    ids.length === 0 ? [[], []] : await Promise.all([pageRowsStatement(db, ids), pageSignersStatement(db, ids)]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items: DocumentListItem[] = ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        ...row,
        createdAt: row.createdAt.toISOString(),
        signers: signerRows
          .filter((signer) => signer.documentId === id)
          .map(({ documentId: _documentId, ...signer }) => signer),
      },
    ];
  });
  return { items, totalItems: counted[0]?.total ?? 0 };
}
