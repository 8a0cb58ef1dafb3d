import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { documents, downloadLinks } from '../platform/db/schema.js';

/** The document and the link of a mailed download link's token, while the document is not deleted. */
export async function findDownloadLink(db: Db, params: { documentId: string; tokenHash: string }) {
  const [row] = await db
    .select({ link: downloadLinks, document: documents })
    .from(downloadLinks)
    .innerJoin(documents, eq(documents.id, downloadLinks.documentId))
    .where(
      and(
        eq(downloadLinks.tokenHash, params.tokenHash),
        eq(downloadLinks.documentId, params.documentId),
        isNull(documents.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

/** Whether the owner (no signer) or a signer already has a mailed download link of the document. */
export async function hasDownloadLink(db: Db, params: { documentId: string; signerId: string | null }) {
  const [row] = await db
    .select({ id: downloadLinks.id })
    .from(downloadLinks)
    .where(
      and(
        eq(downloadLinks.documentId, params.documentId),
        params.signerId ? eq(downloadLinks.signerId, params.signerId) : isNull(downloadLinks.signerId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Only the SHA-256 of a mailed download link's token is kept. */
export async function insertDownloadLink(
  db: Db,
  values: { documentId: string; signerId: string | null; tokenHash: string },
): Promise<{ id: string }> {
  const [row] = await db.insert(downloadLinks).values(values).returning({ id: downloadLinks.id });
  if (!row) throw new Error('the download link was not stored');
  return row;
}

/** A link whose mail could not be sent. */
export async function deleteDownloadLink(db: Db, id: string): Promise<void> {
  await db.delete(downloadLinks).where(eq(downloadLinks.id, id));
}
