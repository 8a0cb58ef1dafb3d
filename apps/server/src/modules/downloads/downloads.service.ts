import { createHash } from 'node:crypto';
import { MESSAGES } from '@esign/shared';
import { type DocumentRow, findLiveDocument, isSignerAccount } from '../../data/documents.js';
import { findDownloadLink } from '../../data/download-links.js';
import { findSignerRow } from '../../data/signing.js';
import { hashToken } from '../../platform/crypto/tokens.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { Storage } from '../../platform/storage/storage.js';
import { findVisible, userActor } from '../access/index.js';
import type { SignerService } from '../signing/index.js';
import { type PageManifest, renderPreviewPages } from './preview-pages.js';

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

  /**
   * The document a caller may read: the signing link's (that signer's, when one is named), or, for a logged-in user,
   * one they may view by the policy or sign with their account. Anyone else: 404.
   */
  async function readableDocument(input: {
    documentId: string;
    signerId?: string | undefined;
    signToken: string | undefined;
    userId: string | undefined;
  }): Promise<DocumentRow> {
    if (input.signToken) {
      const { document } = await deps.signing.authenticate({
        documentId: input.documentId,
        token: input.signToken,
        ...(input.signerId ? { signerId: input.signerId } : {}),
      });
      return document;
    }
    if (!input.userId) throw couldNotDownload();
    // The owner, and their team's owner and admins (the policy's document.view); else a signer who has an account.
    const visible = await findVisible(db, { actor: userActor(input.userId), id: input.documentId });
    const document = visible ?? (await findLiveDocument(db, input.documentId));
    if (!document) throw couldNotDownload();
    if (!visible && !(await isSignerAccount(db, { documentId: document.id, userId: input.userId }))) {
      throw couldNotDownload();
    }
    return document;
  }

  return {
    /** GET .../preview_pages: the shown file's pages as pictures, rendered once per file and kept in storage. */
    async previewPages(input: Parameters<typeof readableDocument>[0]) {
      const document = await readableDocument(input);
      const fileKey = document.resultPdfFileKey ?? document.pdfFileKey;
      if (!fileKey) throw new AppError('CONFLICT', MESSAGES.documentStillProcessing);
      const folder = `documents/${document.id}/preview/${createHash('sha256').update(fileKey).digest('hex').slice(0, 32)}`;
      const manifest: PageManifest = await renderPreviewPages(storage, { fileKey, folder });
      return {
        pages: await Promise.all(
          manifest.pages.map(async (page) => ({
            pageNumber: page.pageNumber,
            width: page.width,
            height: page.height,
            url: await storage.signedGetUrl(`${folder}/${page.key}`, { expiresIn: 60 * 60 }),
          })),
        ),
      };
    },

    /** GET .../signers/{signerId}/convertion_status: is the signer's document completed, and its seal ready. */
    async conversionStatus(input: { signerId: string; signToken: string | undefined; userId: string | undefined }) {
      const signer = await findSignerRow(db, input.signerId);
      if (!signer) throw couldNotDownload();
      const document = await readableDocument({ ...input, documentId: signer.documentId });
      return {
        documentId: document.id,
        status: document.status,
        isCompleted: document.status === 'completed',
        isSealed: document.resultPdfFileKey !== null,
      };
    },

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
      return sealedUrl(await readableDocument(input));
    },
  };
}
export type DownloadService = ReturnType<typeof downloadService>;
