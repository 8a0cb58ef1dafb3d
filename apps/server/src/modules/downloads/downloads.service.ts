import { MESSAGES } from '@esign/shared';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { Storage } from '../../platform/storage/storage.js';
import { findVisible, userActor } from '../access/access.repository.js';
import { hashToken } from '../auth/tokens.js';
import { type DocumentRow, findLiveDocument, isSignerAccount } from '../documents/documents.repository.js';
import type { SignerService } from '../signing/signing.service.js';
import { findDownloadLink } from './downloads.repository.js';

const couldNotDownload = () => new AppError('NOT_FOUND', MESSAGES.couldNotDownload);

/** Signed URLs (at most one hour) of a completed document's sealed PDF, for whoever may download it. */
export function downloadService(deps: { db: Db; storage: Storage; signing: SignerService }) {
  const { db, storage } = deps;

  async function sealedUrl(document: DocumentRow) {
    if (!document.resultPdfFileKey) throw new AppError('CONFLICT', MESSAGES.downloadNotReady);
    const name = (document.title || 'document').replace(/[^\w .-]+/g, '_').slice(0, 100);
    return {
      url: await storage.signedGetUrl(document.resultPdfFileKey, { expiresIn: 60 * 60, downloadName: `${name}.pdf` }),
    };
  }

  return {
    /** By the mailed link's hash: the owner's link, or the signer's link when a signer is named. */
    async byHash(input: { documentId: string; hash: string; signerId?: string | undefined }) {
      const row = await findDownloadLink(db, { documentId: input.documentId, tokenHash: hashToken(input.hash) });
      if (!row || (row.link.signerId ?? undefined) !== input.signerId) throw couldNotDownload();
      return sealedUrl(row.document);
    },

    /** By a token: the signing link's (that signer), or a logged-in owner's or signer's account. */
    async byToken(input: {
      documentId: string;
      signerId?: string | undefined;
      signToken: string | undefined;
      userId: string | undefined;
    }) {
      if (input.signToken) {
        const { document } = await deps.signing.authenticate({
          documentId: input.documentId,
          token: input.signToken,
          ...(input.signerId ? { signerId: input.signerId } : {}),
        });
        return sealedUrl(document);
      }
      if (!input.userId) throw couldNotDownload();
      const visible = await findVisible(db, { actor: userActor(input.userId), id: input.documentId });
      const document = visible ?? (await findLiveDocument(db, input.documentId));
      if (!document) throw couldNotDownload();
      if (!visible && !(await isSignerAccount(db, { documentId: document.id, userId: input.userId }))) {
        throw couldNotDownload();
      }
      return sealedUrl(document);
    },
  };
}
export type DownloadService = ReturnType<typeof downloadService>;
