import { MESSAGES } from '@esign/shared';
import { attachmentAnswer, listAttachments } from '../../data/field-attachments.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { Storage } from '../../platform/storage/storage.js';
import { authorize, userActor } from '../access/index.js';

/** How long a download URL of an attached file lives. */
const DOWNLOAD_URL_SECONDS = 15 * 60;

/**
 * The files signers attached to a document (issue 37), for whoever may see it (the access policy's
 * `document.view`: another account's document answers 404), from the web app and the public API alike.
 */
export function attachmentService({ db, storage }: { db: Db; storage: Storage }) {
  return {
    async list(input: { userId: string; documentId: string }) {
      const actor = userActor(input.userId);
      const document = await authorize(db, { actor, action: 'document.view', id: input.documentId });
      return (await listAttachments(db, document.id)).map(attachmentAnswer);
    },

    /** A signed URL that downloads the file under its name. */
    async downloadUrl(input: { userId: string; documentId: string; fieldId: string }) {
      const actor = userActor(input.userId);
      const document = await authorize(db, { actor, action: 'document.view', id: input.documentId });
      const row = (await listAttachments(db, document.id)).find((item) => item.fieldId === input.fieldId);
      if (!row) throw new AppError('NOT_FOUND', MESSAGES.notFound);
      const url = await storage.signedGetUrl(row.fileKey, {
        downloadName: row.fileName,
        expiresIn: DOWNLOAD_URL_SECONDS,
      });
      return { url };
    },
  };
}
export type AttachmentService = ReturnType<typeof attachmentService>;
