import type { DocumentStatus } from '@esign/shared';
import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.js';
import { documentFields, documentParts, documents, signers, users } from '../../platform/db/schema.js';
import type { DocumentRow } from '../documents/documents.repository.js';

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
}

/** Every column of `table` but those named, as SQL identifiers: a column added later is copied too. */
function columnsExcept(table: PgTable, skipped: string[]) {
  return Object.values(getTableColumns(table))
    .map((column) => column.name)
    .filter((name) => !skipped.includes(name));
}
const list = (names: string[], prefix?: string) =>
  sql.raw(names.map((name) => (prefix ? `${prefix}."${name}"` : `"${name}"`)).join(', '));
const PART_COLUMNS = columnsExcept(documentParts, ['id', 'document_id', 'created_at']);
const FIELD_COLUMNS = columnsExcept(documentFields, ['id', 'document_id', 'signer_id', 'text', 'created_at']);

/**
 * A new document whose content is a copy of `sourceId`'s, in one statement inside the database (no row travels to
 * the server and back): the document's title, message, ordering and combined PDF (stored files shared by key: they
 * are never changed in place), then `values`; its parts; its signers (new ids) with, by position among those who are
 * not the preparer, the values of `signerLines`; its fields, assigned to the new signers, a text field of a signer
 * taking `prefill`'s value under its label (the placeholder, trimmed, any case). Answers the new id and how many
 * of the source's signers are not the preparer (its roles at this moment).
 */
export async function copyDocument(
  db: Db,
  params: {
    sourceId: string;
    values: Pick<typeof documents.$inferInsert, 'userId' | 'type' | 'status'> &
      Partial<Pick<typeof documents.$inferInsert, 'title' | 'message' | 'templateId' | 'sourceTemplateId'>>;
    signerLines?: SignerLine[];
    prefill?: Record<string, string>;
  },
): Promise<{ id: string; roles: number }> {
  const { values } = params;
  const prefill = Object.fromEntries(
    Object.entries(params.prefill ?? {}).map(([label, value]) => [label.trim().toLowerCase(), value]),
  );
  const text = sql`case when f.type = 'text' and f.signer_id is not null and f.placeholder is not null
      and ${JSON.stringify(prefill)}::jsonb ? lower(btrim(f.placeholder, E' \t\r\n'))
    then ${JSON.stringify(prefill)}::jsonb ->> lower(btrim(f.placeholder, E' \t\r\n')) else f.text end`;
  const result = (await db.execute(sql`
    with source as (select * from ${documents} where id = ${params.sourceId}),
    copy as (
      insert into ${documents} (user_id, type, status, title, message, is_ordered, pdf_file_key, pdf_metadata,
        template_id, source_template_id)
      select ${values.userId}, ${values.type}, ${values.status},
        ${values.title === undefined ? sql`title` : sql`${values.title}`},
        ${values.message === undefined ? sql`message` : sql`${values.message}`},
        is_ordered, pdf_file_key, pdf_metadata, ${values.templateId ?? null}::uuid, ${values.sourceTemplateId ?? null}::uuid
      from source
      returning id),
    parts as (
      insert into ${documentParts} (document_id, ${list(PART_COLUMNS)})
      select copy.id, ${list(PART_COLUMNS, 'p')} from ${documentParts} p, copy where p.document_id = ${params.sourceId}),
    old_signers as (
      select s.*, gen_random_uuid() as new_id,
        case when s.is_preparer then null
          else row_number() over (partition by s.is_preparer order by s."order", s.created_at) end as position
      from ${signers} s where s.document_id = ${params.sourceId}),
    lines as (
      select line, position from jsonb_array_elements(${JSON.stringify(params.signerLines ?? [])}::jsonb)
        with ordinality as given(line, position)),
    new_signers as (
      insert into ${signers} (id, document_id, user_id, name, email, role, "order", is_preparer)
      select s.new_id, copy.id,
        coalesce((l.line ->> 'userId')::uuid, s.user_id),
        coalesce(l.line ->> 'name', s.name), coalesce(l.line ->> 'email', s.email), s.role,
        coalesce((l.line ->> 'order')::integer, s."order"), coalesce((l.line ->> 'isPreparer')::boolean, s.is_preparer)
      from old_signers s left join lines l on l.position = s.position, copy),
    fields as (
      insert into ${documentFields} (id, document_id, signer_id, text, ${list(FIELD_COLUMNS)})
      select gen_random_uuid(), copy.id, s.new_id, ${text}, ${list(FIELD_COLUMNS, 'f')}
      from ${documentFields} f left join old_signers s on s.id = f.signer_id, copy
      where f.document_id = ${params.sourceId})
    select copy.id, (select count(*) from old_signers where not is_preparer)::integer as roles from copy`)) as unknown as {
    rows: { id: string; roles: number }[];
  };
  const [row] = result.rows;
  if (!row) throw new Error('document not copied');
  return row;
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

/** The owner's live templates with their roles, newest first, for the pickers. */
export async function listLiveTemplates(db: Db, userId: string) {
  const rows = await db
    .select({ id: documents.id, title: documents.title, message: documents.message })
    .from(documents)
    .where(
      and(
        eq(documents.userId, userId),
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
  return rows.map((row) => ({
    ...row,
    signers: roles.filter((role) => role.documentId === row.id).map(({ id, role, order }) => ({ id, role, order })),
  }));
}
