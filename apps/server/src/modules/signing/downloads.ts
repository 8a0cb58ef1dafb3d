import { MESSAGES } from '@esign/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { documents, downloadLinks, signers } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors.js';
import type { Storage } from '../../platform/storage/storage.js';
import { hashToken } from '../auth/tokens.js';
import type { DocumentRow } from '../documents/repository.js';
import type { SignerService } from './signer-service.js';

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
      const [row] = await db
        .select({ link: downloadLinks, document: documents })
        .from(downloadLinks)
        .innerJoin(documents, eq(documents.id, downloadLinks.documentId))
        .where(
          and(
            eq(downloadLinks.tokenHash, hashToken(input.hash)),
            eq(downloadLinks.documentId, input.documentId),
            isNull(documents.deletedAt),
          ),
        )
        .limit(1);
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
      const [document] = await db
        .select()
        .from(documents)
        .where(and(eq(documents.id, input.documentId), isNull(documents.deletedAt)))
        .limit(1);
      if (!document) throw couldNotDownload();
      if (document.userId !== input.userId) {
        const [asSigner] = await db
          .select({ id: signers.id })
          .from(signers)
          .where(and(eq(signers.documentId, document.id), eq(signers.userId, input.userId)))
          .limit(1);
        if (!asSigner) throw couldNotDownload();
      }
      return sealedUrl(document);
    },
  };
}
export type DownloadService = ReturnType<typeof downloadService>;
