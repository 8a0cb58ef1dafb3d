import { randomUUID } from 'node:crypto';
import { type DocumentStatus, FIELD_KINDS, FIELD_TYPES, prefillLabels, type SignerVerification } from '@esign/shared';
import { and, asc, count, desc, eq, getTableColumns, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../platform/db/client.js';
import { documentFields, documentParts, documents, signers, users } from '../platform/db/schema.js';
import type { DocumentRow } from './documents.js';

/** Template statuses that count against the plan's template limit (api templates and replicas do not). */
const COUNTED_STATUSES: DocumentStatus[] = ['draft', 'active'];

/** The replica of a template still being edited (not merged, not deleted), if there is one. */
export async function findOpenReplica(db: Db, params: { userId: string; sourceId: string }) {
  const [row] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        eq(documents.sourceTemplateId, params.sourceId),
        eq(documents.userId, params.userId),
        eq(documents.status, 'replica'),
        isNull(documents.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

/** Locks the user's row: template creations of one user queue, so two at once cannot both pass the limit. */
export async function lockUser(db: Db, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
  return row;
}

export async function countCountedTemplates(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(documents)
    .where(
      and(
        eq(documents.userId, userId),
        eq(documents.type, 'template'),
        inArray(documents.status, COUNTED_STATUSES),
        isNull(documents.deletedAt),
      ),
    );
  return row?.total ?? 0;
}

/** from -> to in one conditional update; false when the template was not in `from`. */
export async function moveTemplateStatus(
  db: Db,
  params: { templateId: string; from: DocumentStatus; to: DocumentStatus },
): Promise<boolean> {
  const moved = await db
    .update(documents)
    .set({ status: params.to, updatedAt: new Date() })
    .where(and(eq(documents.id, params.templateId), eq(documents.status, params.from), isNull(documents.deletedAt)))
    .returning({ id: documents.id });
  return moved.length > 0;
}

/** Values a signer of the copy takes instead of the source's, by position among the signers who are not the preparer. */
export interface SignerLine {
  name: string;
  email: string;
  userId?: string;
  isPreparer?: boolean;
  order?: number;
  /** Issue 38: the copy's identity check and the number an SMS code goes to (E.164). */
  verification?: SignerVerification;
  phone?: string;
}

/** Every column of `table` but those named, as SQL identifiers: a column added later is copied too. */
function columnsExcept(table: PgTable, skipped: string[]) {
  return Object.values(getTableColumns(table))
    .map((column) => column.name)
    .filter((name) => !skipped.includes(name));
}
const list = (names: string[], prefix?: string) =>
  sql.raw(names.map((name) => (prefix ? `${prefix}."${name}"` : `"${name}"`)).join(', '));
// A copy's fields are copied as fields: the fields found in the file are not placed on it again.
const PART_COLUMNS = columnsExcept(documentParts, ['id', 'document_id', 'created_at', 'found_fields']);
const FIELD_COLUMNS = columnsExcept(documentFields, ['id', 'document_id', 'signer_id', 'text', 'created_at']);

/** The types a prefill by label fills (issue 37): every text value the signer gives, not a formula's nor a file's. */
const PREFILLED_TYPES = FIELD_TYPES.filter((type) => {
  const kind = FIELD_KINDS[type];
  return kind.value === 'text' && kind.rule !== 'formula' && kind.rule !== 'attachment';
});

/** One copy's own values: its signers' (by position among those who are not the preparer) and its prefill. */
export interface CopyValues {
  signerLines?: SignerLine[];
  prefill?: Record<string, string>;
}

/**
 * New documents whose content is a copy of `sourceId`'s, one per `copies`, in one statement inside the database
 * (no row travels to the server and back): the document's title, message, ordering and combined PDF (stored files
 * shared by key: they are never changed in place), then `values`; its parts; its signers (new ids) with, by
 * position among those who are not the preparer, the copy's `signerLines`; its fields, assigned to the copy's new
 * signers, a text-value field of a signer taking the copy's `prefill` value under its label (the placeholder,
 * trimmed, any case; checked by the caller). A template's or form's copy keeps its default expiry in days (`expiry_days`); a document made gets
 * `values.expiresAt` (none when not given). Answers the new ids in the order of `copies`, and how many of the
 * source's signers are not the preparer (its roles at this moment).
 */
export async function copyDocuments(
  db: Db,
  params: {
    sourceId: string;
    values: Pick<typeof documents.$inferInsert, 'userId' | 'type' | 'status'> &
      Partial<
        Pick<typeof documents.$inferInsert, 'title' | 'message' | 'templateId' | 'sourceTemplateId' | 'expiresAt'>
      >;
    copies: CopyValues[];
  },
): Promise<{ ids: string[]; roles: number }> {
  const { values } = params;
  const copies = params.copies.map((copy) => ({
    id: randomUUID(),
    lines: copy.signerLines ?? [],
    prefill: Object.fromEntries(
      Object.entries(copy.prefill ?? {}).map(([label, value]) => [label.trim().toLowerCase(), value]),
    ),
  }));
  const label = sql`lower(btrim(f.placeholder, E' \t\r\n'))`;
  const result = (await db.execute(sql`
    with source as (select * from ${documents} where id = ${params.sourceId}),
    given as (
      select (copy ->> 'id')::uuid as id, copy -> 'lines' as lines, copy -> 'prefill' as prefill, position
      from jsonb_array_elements(${JSON.stringify(copies)}::jsonb) with ordinality as c(copy, position)),
    made as (
      insert into ${documents} (id, user_id, type, status, title, message, is_ordered, pdf_file_key, pdf_metadata,
        template_id, source_template_id, expiry_days, expires_at)
      select given.id, ${values.userId}, ${values.type}, ${values.status},
        ${values.title === undefined ? sql`source.title` : sql`${values.title}`},
        ${values.message === undefined ? sql`source.message` : sql`${values.message}`},
        source.is_ordered, source.pdf_file_key, source.pdf_metadata, ${values.templateId ?? null}::uuid,
        ${values.sourceTemplateId ?? null}::uuid,
        case when ${values.type} in ('template', 'form_request') then source.expiry_days end,
        ${values.expiresAt ? values.expiresAt.toISOString() : null}::timestamptz
      from source, given order by given.position
      returning id),
    parts as (
      insert into ${documentParts} (document_id, ${list(PART_COLUMNS)})
      select made.id, ${list(PART_COLUMNS, 'p')} from ${documentParts} p, made where p.document_id = ${params.sourceId}),
    old_signers as (
      select s.*, case when s.is_preparer then null
          else row_number() over (partition by s.is_preparer order by s."order", s.created_at) end as place
      from ${signers} s where s.document_id = ${params.sourceId}),
    signer_copies as (
      select s.*, given.id as copy_id, gen_random_uuid() as new_id, given.lines -> (s.place::integer - 1) as line
      from old_signers s, given),
    new_signers as (
      insert into ${signers} (id, document_id, user_id, name, email, role, "order", is_preparer, recipient_role, step,
        verification, phone)
      select new_id, copy_id, coalesce((line ->> 'userId')::uuid, user_id), coalesce(line ->> 'name', name),
        coalesce(line ->> 'email', email), role, coalesce((line ->> 'order')::integer, "order"),
        coalesce((line ->> 'isPreparer')::boolean, is_preparer), recipient_role, step,
        coalesce(line ->> 'verification', verification), coalesce(line ->> 'phone', phone)
      from signer_copies),
    fields as (
      insert into ${documentFields} (id, document_id, signer_id, text, ${list(FIELD_COLUMNS)})
      select gen_random_uuid(), given.id, s.new_id,
        case when f.type in (${sql.join(
          PREFILLED_TYPES.map((type) => sql`${type}`),
          sql`, `,
        )}) and f.signer_id is not null and f.placeholder is not null and given.prefill ? ${label}
          then given.prefill ->> ${label} else f.text end,
        ${list(FIELD_COLUMNS, 'f')}
      from ${documentFields} f cross join given
        left join signer_copies s on s.id = f.signer_id and s.copy_id = given.id
      where f.document_id = ${params.sourceId})
    select (select count(*) from made)::integer as made,
      (select count(*) from old_signers where not is_preparer)::integer as roles`)) as unknown as {
    rows: { made: number; roles: number }[];
  };
  const [row] = result.rows;
  if (row?.made !== copies.length) throw new Error('documents not copied');
  return { ids: copies.map((copy) => copy.id), roles: row.roles };
}

/** Removes a document's parts, signers and fields rows (not its stored files). */
export async function deleteChildren(db: Db, documentId: string): Promise<void> {
  await db.delete(documentFields).where(eq(documentFields.documentId, documentId));
  await db.delete(signers).where(eq(signers.documentId, documentId));
  await db.delete(documentParts).where(eq(documentParts.documentId, documentId));
}

/** Moves every part, signer and field row of one document to another, ids and links kept. */
export async function moveChildren(db: Db, params: { fromId: string; toId: string }): Promise<void> {
  await db.update(documentParts).set({ documentId: params.toId }).where(eq(documentParts.documentId, params.fromId));
  await db.update(signers).set({ documentId: params.toId }).where(eq(signers.documentId, params.fromId));
  await db.update(documentFields).set({ documentId: params.toId }).where(eq(documentFields.documentId, params.fromId));
}

/** The merge's last write: the source takes the replica's own values and combined PDF; its parts changed. */
export async function takeContentOf(db: Db, params: { templateId: string; replica: DocumentRow }): Promise<void> {
  const { replica } = params;
  await db
    .update(documents)
    .set({
      title: replica.title,
      message: replica.message,
      isOrdered: replica.isOrdered,
      expiryDays: replica.expiryDays,
      pdfFileKey: replica.pdfFileKey,
      pdfMetadata: replica.pdfMetadata,
      partsRevision: sql`${documents.partsRevision} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(documents.id, params.templateId));
}

export async function deleteDocumentRow(db: Db, documentId: string): Promise<void> {
  await db.delete(documents).where(eq(documents.id, documentId));
}

/**
 * The live templates the pickers offer, with their roles, newest first: the user's own, and with `teamId` their
 * teammates' too ('Teammates' templates appear in template pickers').
 */
export async function listLiveTemplates(db: Db, params: { userId: string; teamId: string | null }) {
  const rows = await db
    .select({ id: documents.id, title: documents.title, message: documents.message })
    .from(documents)
    .where(
      and(
        params.teamId
          ? or(eq(documents.userId, params.userId), eq(documents.teamId, params.teamId))
          : eq(documents.userId, params.userId),
        eq(documents.type, 'template'),
        eq(documents.status, 'active'),
        isNull(documents.deletedAt),
      ),
    )
    .orderBy(desc(documents.createdAt), desc(documents.id));
  if (rows.length === 0) return [];
  const roles = await db
    .select({ id: signers.id, documentId: signers.documentId, role: signers.role, order: signers.order })
    .from(signers)
    .where(
      inArray(
        signers.documentId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(signers.order), asc(signers.createdAt));
  const textFields = await db
    .select({
      documentId: documentFields.documentId,
      type: documentFields.type,
      signerId: documentFields.signerId,
      placeholder: documentFields.placeholder,
    })
    .from(documentFields)
    .where(
      and(
        inArray(
          documentFields.documentId,
          rows.map((row) => row.id),
        ),
        isNotNull(documentFields.placeholder),
      ),
    )
    .orderBy(asc(documentFields.createdAt), asc(documentFields.id));
  return rows.map((row) => {
    const fields = textFields.filter((field) => field.documentId === row.id);
    return {
      ...row,
      signers: roles
        .filter((role) => role.documentId === row.id)
        .map(({ id, role, order }) => ({ id, role, order, prefillLabels: prefillLabels(fields, id) })),
    };
  });
}
