import { ERASED_EMAIL_DOMAIN, ERASED_NAME, type Language } from '@esign/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import {
  documentFields,
  documentParts,
  documentRecipients,
  documents,
  downloadLinks,
  fieldAttachments,
  requisites,
  retentionSettings,
  signers,
} from '../platform/db/schema.js';
import { recordActivities } from './activity.js';

/**
 * Retention rules, legal holds and erasure on request (issue 39, `modules/retention`): the account's settings, the
 * due documents in batches, a document's removal to a stub, and the rewrites of an erasure.
 */

type Rows<T> = { rows: T[] };
export const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;
const asDate = (value: Date | string | null) => (value === null ? null : new Date(value));

/** The account owner of a document: its team's owner, or its owner alone. */
export const accountOwnerOf = sql`coalesce((select t.owner_id from teams t where t.id = d.team_id), d.user_id)`;

/**
 * When a finished document ended: completion, else its last decline, void or expiry activity (the status moves
 * with it), else its last change.
 */
const endedAt = sql`case when d.status = 'completed' then coalesce(d.completed_at, d.updated_at)
  else coalesce((select max(a.created_at) from document_activities a where a.document_id = d.id
    and a.type in ('decline', 'void', 'expire')), d.updated_at) end`;

/** A finished document of the account may be removed: not a template, ended (a completed one sealed). */
const isFinished = sql`d.type not in ('template', 'form_request') and d.removed_at is null
  and (d.status in ('declined', 'voided', 'expired') or (d.status = 'completed' and d.sealed_at is not null))`;

export async function findRetentionSettings(db: Db, accountId: string) {
  const [row] = await db.select().from(retentionSettings).where(eq(retentionSettings.userId, accountId));
  return row;
}

export async function saveRetentionSettings(
  db: Db,
  params: { accountId: string; retentionDays: number | null; legalHold: boolean; at: Date },
) {
  // An existing hold keeps its instant; a new one starts now.
  const [row] = await db
    .insert(retentionSettings)
    .values({
      userId: params.accountId,
      retentionDays: params.retentionDays,
      legalHoldAt: params.legalHold ? params.at : null,
      updatedAt: params.at,
    })
    .onConflictDoUpdate({
      target: retentionSettings.userId,
      set: {
        retentionDays: params.retentionDays,
        legalHoldAt: params.legalHold
          ? sql`coalesce(${retentionSettings.legalHoldAt}, ${params.at.toISOString()}::timestamptz)`
          : null,
        updatedAt: params.at,
      },
    })
    .returning();
  return row;
}

/** The most candidates (finished, not removed) one page of the retention run reads. */
const MAX_CANDIDATE_PAGE = 10_000;

/**
 * The next documents due for removal by their account's rule, at most `limit`, in id order after `afterId`:
 * `ids`, and `nextAfterId` where the next call goes on (the last candidate read, due or not); `isDone` when no
 * candidate is left after it. Candidates are read page by page through their partial index (finished, not removed,
 * by id), and the rule is asked of each page only, so a run reads each candidate once however many there are (asking
 * it of every document after `afterId` for each batch made a run's time grow with the square of the documents).
 */
export async function findRetentionDue(db: Db, params: { now: Date; afterId: string | null; limit: number }) {
  const ids: string[] = [];
  let afterId = params.afterId;
  // A page as large as the batch, four times larger after each page without a due document (most accounts keep
  // documents forever: their candidates are passed over in a few large pages).
  let pageSize = params.limit;
  for (;;) {
    const after = afterId ? sql`and d.id > ${afterId}::uuid` : sql``;
    const page = rowsOf<{ id: string }>(
      await db.execute(sql`
        select d.id from documents d where ${isFinished} ${after} order by d.id limit ${pageSize}`),
    ).map((row) => row.id);
    const last = page.at(-1);
    if (!last) return { ids, nextAfterId: afterId, isDone: true };
    const due = rowsOf<{ id: string }>(
      await db.execute(sql`
        select d.id from documents d
        join retention_settings r on r.user_id = ${accountOwnerOf}
        where d.id in (${sql.join(
          page.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
          and r.retention_days is not null and r.legal_hold_at is null and d.legal_hold_at is null and ${isFinished}
          and ${endedAt} + make_interval(days => r.retention_days) <= ${params.now.toISOString()}::timestamptz
        order by d.id`),
    ).map((row) => row.id);
    // A page read to its end; or, when the batch fills inside it, up to its last due document.
    const taken = due.slice(0, params.limit - ids.length);
    ids.push(...taken);
    if (ids.length >= params.limit) return { ids, nextAfterId: taken.at(-1) ?? last, isDone: false };
    afterId = last;
    if (page.length < pageSize) return { ids, nextAfterId: afterId, isDone: true };
    if (due.length === 0) pageSize = Math.min(pageSize * 4, MAX_CANDIDATE_PAGE);
  }
}

/**
 * Documents locked for their removal (in id order, as every batch takes them), with what the retention rule reads
 * (account rule and holds).
 */
export async function lockForRemoval(db: Db, documentIds: string[]) {
  if (documentIds.length === 0) return [];
  const rows = rowsOf<{
    id: string;
    status: string;
    language: Language | null;
    title: string;
    account_id: string;
    is_finished: boolean;
    ended_at: Date | string | null;
    removed_at: Date | string | null;
    is_held: boolean;
    retention_days: number | null;
  }>(
    await db.execute(sql`
      select d.id, d.status, d.language, d.title, ${accountOwnerOf} as account_id, (${isFinished}) as is_finished,
        ${endedAt} as ended_at, d.removed_at,
        (d.legal_hold_at is not null or r.legal_hold_at is not null) as is_held, r.retention_days
      from documents d left join retention_settings r on r.user_id = ${accountOwnerOf}
      where d.id in (${sql.join(
        documentIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      order by d.id
      for update of d`),
  );
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    title: row.title,
    language: row.language,
    accountId: row.account_id,
    isFinished: row.is_finished,
    endedAt: asDate(row.ended_at),
    isRemoved: row.removed_at !== null,
    isHeld: row.is_held,
    retentionDays: row.retention_days,
  }));
}

/** Lets this transaction change and remove audit rows (the trigger of drizzle/0036 allows it only so). */
export async function allowAuditRewrite(db: Db): Promise<void> {
  await db.execute(sql`select set_config('esign.audit_rewrite', 'on', true)`);
}

/**
 * Removes documents' files (answered: each document's keys to delete once committed) and personal data, keeping a
 * stub of each: its title, dates, the SHA-256 of every file sealed for it and the chain's last hash. A `remove`
 * activity (and its `document.removed` event) is chained to that hash and is the only activity row left. Call it under
 * the lock of lockForRemoval, in the transaction: one statement of each kind for the whole batch.
 */
export async function removeToStubs(
  db: Db,
  params: { documentIds: string[]; reason: 'retention' | 'erasure'; userId?: string | null },
): Promise<{ documentId: string; files: string[] }[]> {
  const ids = params.documentIds;
  if (ids.length === 0) return [];
  const idList = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const files = await fileKeysOf(db, ids);
  // The stub's fingerprints: the sealed files' SHA-256 and the chain's last hash, read before the `remove` row.
  await db.execute(sql`
    update documents d set
      removed_sealed_sha256 = coalesce((select array_agg(distinct a.details->>'sha256') from document_activities a
        where a.document_id = d.id and a.type in ('complete', 'timestamp') and a.details->>'sha256' is not null),
        '{}'::text[]),
      removed_chain_hash = (select a.hash from document_activities a where a.document_id = d.id
        order by a.sequence desc limit 1)
    where d.id in (${idList})`);
  await recordActivities(
    db,
    ids.map((documentId) => ({
      documentId,
      type: 'remove' as const,
      userId: params.userId ?? null,
      details: { reason: params.reason },
    })),
  );
  await allowAuditRewrite(db);
  await db.execute(sql`delete from document_activities where document_id in (${idList}) and type <> 'remove'`);
  await db.execute(sql`select set_config('esign.audit_rewrite', 'off', true)`);

  // Signers go with their links, access-code failures, download links and saved signatures (cascades).
  await db.delete(signers).where(inArray(signers.documentId, ids));
  await db.delete(documentFields).where(inArray(documentFields.documentId, ids));
  await db.delete(documentParts).where(inArray(documentParts.documentId, ids));
  await db.delete(documentRecipients).where(inArray(documentRecipients.documentId, ids));
  await db.delete(downloadLinks).where(inArray(downloadLinks.documentId, ids));
  // As `erasedAddress(`${id}-row`)`: the document id's first 12 letters and digits.
  await db.execute(sql`update bulk_send_rows set name = ${ERASED_NAME}, prefill = '{}'::jsonb,
    email = 'erased-' || left(replace(document_id::text, '-', ''), 12) || '@' || ${ERASED_EMAIL_DOMAIN}
    where document_id in (${idList})`);
  // Their events keep their type and document, not the people they named nor a decline's words.
  await db.execute(sql`update events set payload = jsonb_set(payload - 'message', '{signers}', '[]'::jsonb)
    where document_id in (${idList}) and type <> 'document.removed' and payload ? 'signers'`);
  await db
    .update(documents)
    .set({
      removedAt: sql`now()`,
      removedReason: params.reason,
      pdfFileKey: null,
      pdfMetadata: null,
      resultPdfFileKey: null,
      message: null,
      codeAccess: null,
      redirectionPage: null,
      embedOrigins: [],
      timestampPendingSince: null,
      archiveTimestampDueAt: null,
    })
    .where(inArray(documents.id, ids));
  return ids.map((documentId) => ({ documentId, files: files.get(documentId) ?? [] }));
}

/**
 * The stored files of documents, by document: parts (original and PDF), combined and sealed PDFs, signatures, the
 * signers' attachments (their rows go with the fields, by cascade).
 */
async function fileKeysOf(db: Db, documentIds: string[]): Promise<Map<string, string[]>> {
  // One after another: on a transaction's one connection.
  const parts = await db
    .select({
      documentId: documentParts.documentId,
      original: documentParts.originalFileKey,
      pdf: documentParts.pdfFileKey,
    })
    .from(documentParts)
    .where(inArray(documentParts.documentId, documentIds));
  const whole = await db
    .select({ documentId: documents.id, pdf: documents.pdfFileKey, result: documents.resultPdfFileKey })
    .from(documents)
    .where(inArray(documents.id, documentIds));
  const pictures = await db
    .select({ documentId: signers.documentId, key: requisites.fileKey })
    .from(requisites)
    .innerJoin(signers, eq(signers.id, requisites.signerId))
    .where(inArray(signers.documentId, documentIds));
  const attached = await db
    .select({ documentId: fieldAttachments.documentId, key: fieldAttachments.fileKey })
    .from(fieldAttachments)
    .where(inArray(fieldAttachments.documentId, documentIds));
  const keys = new Map<string, Set<string>>();
  const add = (documentId: string, ...found: (string | null)[]) => {
    const set = keys.get(documentId) ?? new Set<string>();
    for (const key of found) if (key !== null) set.add(key);
    keys.set(documentId, set);
  };
  for (const row of parts) add(row.documentId, row.original, row.pdf);
  for (const row of whole) add(row.documentId, row.pdf, row.result);
  for (const row of pictures) add(row.documentId, row.key);
  for (const row of attached) add(row.documentId, row.key);
  return new Map([...keys].map(([documentId, set]) => [documentId, [...set]]));
}

/** A placeholder address that no mail reaches (`.invalid`, RFC 2606), distinct per `seed`. */
export function erasedAddress(seed: string): string {
  return `erased-${seed
    .replace(/[^a-z0-9]/gi, '')
    .slice(0, 12)
    .toLowerCase()}@${ERASED_EMAIL_DOMAIN}`;
}

/** Sets or releases a document's legal hold under its row lock (an existing hold keeps its instant). */
export async function setDocumentLegalHold(db: Db, params: { documentId: string; isHeld: boolean; at: Date }) {
  const [before] = await db
    .select({ legalHoldAt: documents.legalHoldAt })
    .from(documents)
    .where(eq(documents.id, params.documentId))
    .for('update');
  const legalHoldAt = params.isHeld ? (before?.legalHoldAt ?? params.at) : null;
  await db.update(documents).set({ legalHoldAt }).where(eq(documents.id, params.documentId));
  return { wasHeld: (before?.legalHoldAt ?? null) !== null, legalHoldAt };
}

/** A removed document's stub found by the SHA-256 of a file sealed for it (the verify page). */
export async function findStubBySealedHash(db: Db, digests: string[]) {
  if (digests.length === 0) return undefined;
  const [row] = rowsOf<{
    id: string;
    title: string;
    completed_at: Date | string;
    removed_at: Date | string;
    sha256: string;
  }>(
    await db.execute(sql`
      select d.id, d.title, coalesce(d.completed_at, d.created_at) as completed_at, d.removed_at, s.sha256 from documents d, unnest(d.removed_sealed_sha256) as s(sha256)
      where d.removed_at is not null and d.removed_sealed_sha256 && ${sql`array[${sql.join(
        digests.map((digest) => sql`${digest}`),
        sql`, `,
      )}]::text[]`} and s.sha256 in (${sql.join(
        digests.map((digest) => sql`${digest}`),
        sql`, `,
      )})
      order by (s.sha256 = ${digests[0]}) desc limit 1`),
  );
  if (!row) return undefined;
  // Its people were removed with it: the stub names none.
  return {
    documentId: row.id,
    title: row.title,
    completedAt: new Date(row.completed_at),
    sha256: row.sha256,
    signers: [] as { name: string; email: string }[],
    isRemoved: true,
    removedAt: new Date(row.removed_at),
  };
}

// Erasure on request.
