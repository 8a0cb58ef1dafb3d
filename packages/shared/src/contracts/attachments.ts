import { z } from 'zod';
import { ROUTES } from '../api/routes.js';
import { MESSAGES } from '../validation/messages.js';

/**
 * An attachment field's file (issue 37): the signer uploads it (multipart field `file`; PDF, PNG or JPEG by content,
 * ATTACHMENT_MAX_BYTES at most), the sender lists and downloads it; the certificate of completion prints its SHA-256.
 */

/** The largest file an attachment field takes: 20 MB. */
export const ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;
/** What an attachment may be, by its content. */
export const ATTACHMENT_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;

const uuid = z.string().uuid({ error: MESSAGES.documentNotFound });

export const fieldAttachment = z.object({
  fieldId: z.string().uuid(),
  fileName: z.string(),
  contentType: z.enum(ATTACHMENT_CONTENT_TYPES),
  sizeBytes: z.number().int(),
  /** Hex SHA-256 of the file's bytes. */
  sha256: z.string(),
  /** The sender's route that answers a download URL for it. */
  downloadPath: z.string(),
});
export type FieldAttachment = z.infer<typeof fieldAttachment>;

/** POST .../signers/{signerId}/fields/{fieldId}/attachment: the signer's file for their attachment field. */
export const uploadFieldAttachment = {
  ...ROUTES.uploadFieldAttachment,
  params: z.object({ id: uuid, signerId: uuid, fieldId: uuid }),
  response: fieldAttachment,
} as const;

/** GET /documents/{id}/attachments: the files signers attached to the document (its sender, by the access policy). */
export const documentAttachments = {
  ...ROUTES.documentAttachments,
  params: z.object({ id: uuid }),
  response: z.array(fieldAttachment),
} as const;

/** GET /documents/{id}/attachments/{fieldId}/download_url: a signed URL that downloads the file under its name. */
export const attachmentDownloadUrl = {
  ...ROUTES.attachmentDownloadUrl,
  params: z.object({ id: uuid, fieldId: uuid }),
  response: z.object({ url: z.string() }),
} as const;
