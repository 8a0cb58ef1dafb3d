import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { documentActivities, documents, signers } from '../platform/db/schema.js';

/**
 * The document this instance sealed into a file with one of these SHA-256 digests (the `complete` activity records
 * each sealed file's, a `timestamp` activity each file an archive timestamp extended), with its title, completion time and signers; undefined when none.
 */
export async function findSealedDocumentByHash(db: Db, digests: string[]) {
  if (digests.length === 0) return undefined;
  const [row] = await db
    .select({
      documentId: documentActivities.documentId,
      sha256: sql<string>`${documentActivities.details}->>'sha256'`,
      completedAt: sql<Date>`coalesce(${documents.completedAt}, ${documentActivities.createdAt})`.mapWith(
        (value: Date | string) => new Date(value),
      ),
      title: documents.title,
    })
    .from(documentActivities)
    .innerJoin(documents, eq(documents.id, documentActivities.documentId))
    .where(
      and(
        inArray(documentActivities.type, ['complete', 'timestamp']),
        inArray(sql`${documentActivities.details}->>'sha256'`, digests),
      ),
    )
    // The file itself first (the first digest), before the earlier files its signatures signed.
    .orderBy(sql`(${documentActivities.details}->>'sha256') = ${digests[0]} desc`)
    .limit(1);
  if (!row) return undefined;
  const people = await db
    .select({ name: signers.name, email: signers.email })
    .from(signers)
    .where(eq(signers.documentId, row.documentId))
    .orderBy(asc(signers.order));
  return { ...row, signers: people, isRemoved: false, removedAt: null };
}
