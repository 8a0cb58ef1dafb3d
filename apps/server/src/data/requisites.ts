import { and, desc, eq, exists, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { documentFields, documents, requisites } from '../platform/db/schema.js';

export type RequisiteRow = typeof requisites.$inferSelect;
export type NewRequisiteRow = typeof requisites.$inferInsert;

/** Whose saved signatures a call is about: a logged-in user's, or the signer's (of that document) of a link token. */
export type RequisiteOwner = { kind: 'user'; id: string } | { kind: 'signer'; id: string; documentId: string };

/** Rows of this owner only: the lists and every change go through this condition. */
function ownedBy(owner: RequisiteOwner): SQL {
  return owner.kind === 'user' ? eq(requisites.userId, owner.id) : eq(requisites.signerId, owner.id);
}

export function ownerColumns(owner: RequisiteOwner): Pick<NewRequisiteRow, 'userId' | 'signerId'> {
  return owner.kind === 'user' ? { userId: owner.id, signerId: null } : { userId: null, signerId: owner.id };
}

export async function listOwnedRequisites(
  db: Db,
  params: { owner: RequisiteOwner; withDeleted: boolean },
): Promise<RequisiteRow[]> {
  const condition = params.withDeleted
    ? ownedBy(params.owner)
    : and(ownedBy(params.owner), isNull(requisites.deletedAt));
  return db.select().from(requisites).where(condition).orderBy(desc(requisites.createdAt), requisites.type);
}

/** The live rows among these ids, locked for the transaction (whose they are, the caller asks the policy). */
export async function findLiveRequisites(db: Db, ids: string[]): Promise<RequisiteRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(requisites)
    .where(and(inArray(requisites.id, ids), isNull(requisites.deletedAt)))
    .for('update');
}

export async function insertRequisites(db: Db, rows: NewRequisiteRow[]): Promise<RequisiteRow[]> {
  return db.insert(requisites).values(rows).returning();
}

export async function updateRequisite(
  db: Db,
  params: { owner: RequisiteOwner; id: string; values: Partial<NewRequisiteRow> },
): Promise<RequisiteRow | undefined> {
  const [row] = await db
    .update(requisites)
    .set(params.values)
    .where(and(ownedBy(params.owner), eq(requisites.id, params.id)))
    .returning();
  return row;
}

/** Soft-deletes these live rows of the owner; answers how many were deleted. */
export async function softDeleteRequisites(
  db: Db,
  params: { owner: RequisiteOwner; ids: string[]; now: Date },
): Promise<number> {
  const rows = await db
    .update(requisites)
    .set({ deletedAt: params.now })
    .where(and(ownedBy(params.owner), inArray(requisites.id, params.ids), isNull(requisites.deletedAt)))
    .returning({ id: requisites.id });
  return rows.length;
}

/** Whether any of these requisites is the value of a document field. */
export async function isUsedInFields(db: Db, ids: string[]): Promise<boolean> {
  const [row] = await db
    .select({ id: documentFields.id })
    .from(documentFields)
    .where(inArray(documentFields.requisiteId, ids))
    .limit(1);
  return row !== undefined;
}

/**
 * Whether a user may read a requisite's image: their own (deleted ones too, as fields keep showing them), or one
 * used in a field of a document they own.
 */
export async function isRequisiteVisibleToUser(
  db: Db,
  params: { userId: string; requisiteId: string; fileKey: string },
): Promise<boolean> {
  const usedInOwnDocument = exists(
    db
      .select({ id: documentFields.id })
      .from(documentFields)
      .innerJoin(documents, eq(documents.id, documentFields.documentId))
      .where(
        and(
          eq(documentFields.requisiteId, requisites.id),
          eq(documents.userId, params.userId),
          isNull(documents.deletedAt),
        ),
      ),
  );
  const [row] = await db
    .select({ id: requisites.id })
    .from(requisites)
    .where(
      and(
        eq(requisites.id, params.requisiteId),
        eq(requisites.fileKey, params.fileKey),
        or(eq(requisites.userId, params.userId), usedInOwnDocument),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Of `requisiteIds`, those the user owns and has not deleted. */
export async function findOwnRequisiteIds(db: Db, params: { userId: string; requisiteIds: string[] }) {
  if (params.requisiteIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: requisites.id })
    .from(requisites)
    .where(
      and(
        inArray(requisites.id, params.requisiteIds),
        eq(requisites.userId, params.userId),
        isNull(requisites.deletedAt),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/** What the seal stamps of saved signatures: the picture's file, the typed text and its font. */
export async function findRequisitesToStamp(db: Db, requisiteIds: string[]) {
  if (requisiteIds.length === 0) return [];
  return db
    .select({
      id: requisites.id,
      fileKey: requisites.fileKey,
      text: requisites.text,
      fontFamily: requisites.fontFamily,
    })
    .from(requisites)
    .where(inArray(requisites.id, requisiteIds));
}

/** The consent each of these saved items was made with (null where none was given). */
export async function findRequisiteConsents(db: Db, requisiteIds: string[]) {
  if (requisiteIds.length === 0) return [];
  return db
    .select({ id: requisites.id, consent: requisites.consent })
    .from(requisites)
    .where(inArray(requisites.id, requisiteIds));
}
