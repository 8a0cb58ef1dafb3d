import type { FieldAttachment } from '@esign/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { fieldAttachments } from '../platform/db/schema.js';

export type AttachmentRow = typeof fieldAttachments.$inferSelect;

/** The files signers attached to a document, oldest first. */
export async function listAttachments(db: Db, documentId: string): Promise<AttachmentRow[]> {
  return db
    .select()
    .from(fieldAttachments)
    .where(eq(fieldAttachments.documentId, documentId))
    .orderBy(asc(fieldAttachments.createdAt), asc(fieldAttachments.id));
}

/**
 * Records a field's file, replacing the one it had (one per field). Answers the new row and the replaced file's key
 * (to delete once committed), or null.
 */
export async function saveAttachment(
  db: Db,
  row: Omit<typeof fieldAttachments.$inferInsert, 'id' | 'createdAt'>,
): Promise<{ row: AttachmentRow; replacedKey: string | null }> {
  const [before] = await db
    .select({ fileKey: fieldAttachments.fileKey })
    .from(fieldAttachments)
    .where(eq(fieldAttachments.fieldId, row.fieldId));
  if (before) await db.delete(fieldAttachments).where(eq(fieldAttachments.fieldId, row.fieldId));
  const [saved] = await db.insert(fieldAttachments).values(row).returning();
  return { row: saved as AttachmentRow, replacedKey: before?.fileKey ?? null };
}

/** A recorded attachment as the API answers it, with the sender's route to its download URL. */
export function attachmentAnswer(row: AttachmentRow): FieldAttachment {
  return {
    fieldId: row.fieldId,
    fileName: row.fileName,
    contentType: row.contentType as FieldAttachment['contentType'],
    sizeBytes: row.sizeBytes,
    sha256: row.sha256,
    downloadPath: `/documents/${row.documentId}/attachments/${row.fieldId}/download_url`,
  };
}
