import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { RateWindow } from '../platform/config.js';
import { type Db, readTogether } from '../platform/db/client.js';
import { documents, formSubmissions, signers } from '../platform/db/schema.js';

/** A live form's public row (type form_request, not deleted), whatever its status: the service says which serve. */
export async function findForm(db: Db, formId: string) {
  const [row] = await db
    .select({
      id: documents.id,
      userId: documents.userId,
      title: documents.title,
      status: documents.status,
      pdfMetadata: documents.pdfMetadata,
      pdfFileKey: documents.pdfFileKey,
    })
    .from(documents)
    .where(and(eq(documents.id, formId), eq(documents.type, 'form_request'), isNull(documents.deletedAt)))
    .limit(1);
  return row;
}

/**
 * Takes the limits' advisory locks (address, then form: always in that order) for the rest of the transaction, so
 * parallel submissions are counted one by one, and answers how long to wait (seconds) when the address or the form
 * has reached its limit, else 0: until the oldest submission in the full window leaves it.
 */
export async function lockAndCheckLimits(
  tx: Db,
  params: { formId: string; ip: string; perIp: RateWindow; perForm: RateWindow; now: Date },
): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`form:ip:${params.ip}`}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`form:id:${params.formId}`}))`);
  const waits = await readTogether(
    tx,
    () => waitFor(tx, eq(formSubmissions.ip, params.ip), params.perIp, params.now),
    () => waitFor(tx, eq(formSubmissions.formId, params.formId), params.perForm, params.now),
  );
  return Math.max(...waits);
}

async function waitFor(tx: Db, where: ReturnType<typeof eq>, window: RateWindow, now: Date): Promise<number> {
  const since = new Date(now.getTime() - window.seconds * 1000);
  // The count-th newest row in the window: while it is there, the window is full.
  const [row] = await tx
    .select({ createdAt: formSubmissions.createdAt })
    .from(formSubmissions)
    .where(and(where, gt(formSubmissions.createdAt, since)))
    .orderBy(desc(formSubmissions.createdAt))
    .offset(window.count - 1)
    .limit(1);
  if (!row) return 0;
  return Math.max(1, Math.ceil((row.createdAt.getTime() + window.seconds * 1000 - now.getTime()) / 1000));
}

export async function insertSubmission(
  db: Db,
  values: { formId: string; documentId: string; ip: string; createdAt: Date },
): Promise<void> {
  await db.insert(formSubmissions).values(values);
}

/** The form's submissions with their signer (the one who is not the preparer) and document, newest first. */
export async function listSubmittedContracts(db: Db, formId: string) {
  const rows = await db
    .select({
      id: signers.id,
      name: signers.name,
      email: signers.email,
      createdAt: formSubmissions.createdAt,
      documentId: documents.id,
      status: documents.status,
    })
    .from(formSubmissions)
    .innerJoin(documents, and(eq(documents.id, formSubmissions.documentId), isNull(documents.deletedAt)))
    .innerJoin(signers, and(eq(signers.documentId, documents.id), eq(signers.isPreparer, false)))
    .where(eq(formSubmissions.formId, formId))
    .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id));
  return rows.map(({ documentId, status, createdAt, ...row }) => ({
    ...row,
    createdAt: createdAt.toISOString(),
    document: { id: documentId, status },
  }));
}

/** The distinct people (by e-mail) who submitted the form, their latest name and their count of submissions. */
export async function listRegisteredUsers(db: Db, formId: string) {
  const rows = (await db.execute(sql`
    select s.email, (array_agg(s.name order by f.created_at desc))[1] as name, count(*)::integer as submissions
    from ${formSubmissions} f
      join ${signers} s on s.document_id = f.document_id and not s.is_preparer
    where f.form_id = ${formId}
    group by s.email
    order by max(f.created_at) desc`)) as unknown as { rows: { email: string; name: string; submissions: number }[] };
  return rows.rows.map((row) => ({ name: row.name, email: row.email, submissions: Number(row.submissions) }));
}
