import { ERASED_EMAIL_DOMAIN, ERASED_NAME } from '@esign/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { erasures, requisites, signers } from '../platform/db/schema.js';
import { accountOwnerOf, rowsOf } from './retention.js';

/**
 * Erasure on request (issue 39, `modules/retention`): the documents naming a person, and the rewrites that replace
 * them in documents, contacts, bulk rows, outboxes, events, idempotent answers and audit rows; the erasure's record.
 */

export interface PersonDocument {
  id: string;
  title: string;
  status: string;
  type: string;
  isHeld: boolean;
  isRemoved: boolean;
}

/** The account's documents, templates and forms one of whose recipients has this address. */
export async function findDocumentsWithPerson(db: Db, params: { accountId: string; email: string }) {
  const rows = rowsOf<{
    id: string;
    title: string;
    status: string;
    type: string;
    is_held: boolean;
    removed_at: Date | string | null;
  }>(
    await db.execute(sql`
      select d.id, d.title, d.status, d.type, d.removed_at,
        (d.legal_hold_at is not null or exists (select 1 from retention_settings r
          where r.user_id = ${params.accountId}::uuid and r.legal_hold_at is not null)) as is_held
      from documents d
      where ${accountOwnerOf} = ${params.accountId}::uuid
        and exists (select 1 from signers s where s.document_id = d.id and lower(s.email) = ${params.email})
      order by d.created_at`),
  );
  return rows.map(
    (row): PersonDocument => ({
      id: row.id,
      title: row.title,
      status: row.status,
      type: row.type,
      isHeld: row.is_held,
      isRemoved: row.removed_at !== null,
    }),
  );
}

/**
 * The person's recipients on these documents become the placeholder (their links die with their tokens); answers
 * the signers' ids and the names they had.
 */
export async function erasePersonFromDocuments(db: Db, params: { documentIds: string[]; email: string }) {
  if (params.documentIds.length === 0) return { signerIds: [], names: [], links: 0 };
  const found = await db
    .select({ id: signers.id, name: signers.name })
    .from(signers)
    .where(and(inArray(signers.documentId, params.documentIds), sql`lower(${signers.email}) = ${params.email}`));
  const ids = found.map((row) => row.id);
  if (ids.length === 0) return { signerIds: [], names: [], links: 0 };
  const links = rowsOf<{ n: number }>(
    await db.execute(
      sql`with gone as (delete from signing_tokens where signer_id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) returning 1) select count(*)::int as n from gone`,
    ),
  )[0]?.n;
  await db.execute(sql`update signers set name = ${ERASED_NAME},
      email = 'erased-' || left(replace(id::text, '-', ''), 12) || '@' || ${ERASED_EMAIL_DOMAIN},
      access_code = null
    where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  await db.delete(requisites).where(inArray(requisites.signerId, ids));
  return { signerIds: ids, names: [...new Set(found.map((row) => row.name))], links: Number(links ?? 0) };
}

/** Share recipients (viewers of completed documents) of the account with this address: replaced. */
export async function eraseSharedWith(db: Db, params: { accountId: string; email: string }): Promise<number> {
  return (
    rowsOf<{ n: number }>(
      await db.execute(sql`with changed as (
      update document_recipients dr set email = 'erased-' || left(replace(dr.id::text, '-', ''), 12) || '@' || ${ERASED_EMAIL_DOMAIN}
      from documents d where d.id = dr.document_id and ${accountOwnerOf} = ${params.accountId}::uuid
        and lower(dr.email) = ${params.email}
      returning 1) select count(*)::int as n from changed`),
    )[0]?.n ?? 0
  );
}

/** Bulk-send rows of the account's batches with this address: name, address and prefills replaced. */
export async function eraseBulkRows(db: Db, params: { accountId: string; email: string }): Promise<number> {
  return (
    rowsOf<{ n: number }>(
      await db.execute(sql`with changed as (
      update bulk_send_rows br set name = ${ERASED_NAME}, prefill = '{}'::jsonb,
        email = 'erased-' || left(md5(br.batch_id::text || br.row), 12) || '@' || ${ERASED_EMAIL_DOMAIN}
      from bulk_send_batches b, users u
      where b.id = br.batch_id and u.id = b.user_id
        and coalesce((select t.owner_id from teams t where t.id = u.team_id), u.id) = ${params.accountId}::uuid
        and lower(br.email) = ${params.email}
      returning 1) select count(*)::int as n from changed`),
    )[0]?.n ?? 0
  );
}

/** The instance's mail outbox rows addressed to this address: the address and every word replaced. */
export async function eraseOutboxMail(db: Db, email: string): Promise<number> {
  return (
    rowsOf<{ n: number }>(
      await db.execute(sql`with changed as (
      update mail_outbox set "to" = 'erased@' || ${ERASED_EMAIL_DOMAIN}, subject = '(erased)', text = '(erased)',
        html = '(erased)' where lower("to") like ${`%${params2like(email)}%`}
      returning 1) select count(*)::int as n from changed`),
    )[0]?.n ?? 0
  );
}

function params2like(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** JSON rows (events' payloads, API answers kept for Idempotency-Keys) of the account that mention the address. */
export async function findJsonMentions(db: Db, params: { accountId: string; email: string; keptIds: string[] }) {
  const like = `%${params2like(params.email)}%`;
  const members = sql`(select u.id from users u where u.id = ${params.accountId}::uuid
    or u.team_id = (select t.id from teams t where t.owner_id = ${params.accountId}::uuid))`;
  const events = rowsOf<{ id: string; payload: unknown }>(
    await db.execute(
      sql`select id, payload from events where user_id in ${members} and lower(payload::text) like ${like}
        and (document_id is null or not (document_id = any(${`{${params.keptIds.join(',')}}`}::uuid[])))`,
    ),
  );
  const answers = rowsOf<{ user_id: string; key: string; response: unknown }>(
    await db.execute(sql`select user_id, key, response from api_idempotency
      where user_id in ${members} and lower(response::text) like ${like}`),
  );
  return { events, answers };
}

export async function replaceEventPayload(db: Db, id: string, payload: unknown) {
  await db.execute(sql`update events set payload = ${JSON.stringify(payload)}::jsonb where id = ${id}::uuid`);
}

export async function replaceIdempotentAnswer(db: Db, params: { userId: string; key: string; response: unknown }) {
  await db.execute(sql`update api_idempotency set response = ${JSON.stringify(params.response)}::jsonb
    where user_id = ${params.userId}::uuid and key = ${params.key}`);
}

/** Rewrites one activity row's recorded data and chain hashes (under allowAuditRewrite). */
export async function rewriteActivityRow(
  db: Db,
  row: {
    id: string;
    sourceIp: string | null;
    userAgent: string | null;
    details: Record<string, string> | null;
    previousHash: string | null;
    hash: string;
  },
) {
  await db.execute(sql`update document_activities set source_ip = ${row.sourceIp}, user_agent = ${row.userAgent},
    details = ${row.details === null ? null : JSON.stringify(row.details)}::jsonb,
    previous_hash = ${row.previousHash}, hash = ${row.hash}
    where id = ${row.id}::uuid`);
}

/** Whether this address (by its keyed hash) was erased from the account before. */
export async function wasErasedBefore(db: Db, params: { accountId: string; emailHash: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: erasures.id })
    .from(erasures)
    .where(and(eq(erasures.accountId, params.accountId), eq(erasures.emailHash, params.emailHash)))
    .limit(1);
  return row !== undefined;
}

export async function recordErasure(
  db: Db,
  params: { accountId: string; requestedBy: string; emailHash: string; counts: Record<string, number> },
) {
  await db.insert(erasures).values(params);
}
