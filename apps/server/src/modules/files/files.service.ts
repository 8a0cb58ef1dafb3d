import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@esign/shared';
import { isFileKeyOfOwnedDocument } from '../../data/document-parts.js';
import { isRequisiteVisibleToUser } from '../../data/requisites.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { assertSafeKey, safeFileName } from '../../platform/storage/keys.js';
import type { Storage } from '../../platform/storage/storage.js';
import { authorize, findVisible, userActor } from '../access/index.js';

interface FileDeps {
  db: Db;
  storage: Storage;
}

const DOCUMENT_KEY = /^documents\/([0-9a-f-]{36})\//;
const USER_KEY = /^users\/([0-9a-f-]{36})\//;
const REQUISITE_KEY = /^requisites\/[0-9a-f-]{36}\/([0-9a-f-]{36})\.png$/;

/** Signed URLs for the browser. A key is answered only when the file belongs to something the caller may see. */
export function fileService({ db, storage }: FileDeps) {
  async function requireAccess(userId: string, key: string): Promise<void> {
    assertSafeKey(key);
    const documentId = DOCUMENT_KEY.exec(key)?.[1];
    if (documentId) {
      if (await findVisible(db, { actor: userActor(userId), id: documentId })) return;
      // A copy of a template shares the template's stored files, whose keys name the template's folder.
      if (await isFileKeyOfOwnedDocument(db, { userId, key })) return;
    } else if (USER_KEY.exec(key)?.[1] === userId) {
      return;
    } else {
      const requisiteId = REQUISITE_KEY.exec(key)?.[1];
      if (requisiteId && (await isRequisiteVisibleToUser(db, { userId, requisiteId, fileKey: key }))) return;
    }
    throw new AppError('NOT_FOUND', MESSAGES.notFound);
  }

  return {
    async signedUrl(input: { userId: string; key: string }) {
      await requireAccess(input.userId, input.key);
      return { url: await storage.signedGetUrl(input.key) };
    },

    async signedUrls(input: { userId: string; keys: string[] }) {
      const unique = [...new Set(input.keys)];
      for (const key of unique) await requireAccess(input.userId, key);
      const entries = await Promise.all(unique.map(async (key) => [key, await storage.signedGetUrl(key)] as const));
      return Object.fromEntries(entries);
    },

    async signedDownloadUrl(input: { userId: string; key: string; fileName?: string | undefined }) {
      await requireAccess(input.userId, input.key);
      const downloadName = input.fileName ?? input.key.split('/').pop() ?? 'file';
      return { result: await storage.signedGetUrl(input.key, { downloadName }) };
    },

    async signedDocumentPutUrl(input: { userId: string; documentId: string; fileName: string; contentType: string }) {
      const actor = userActor(input.userId);
      const document = await authorize(db, { actor, action: 'document.manage', id: input.documentId });
      if (document.status !== 'draft') throw new AppError('CONFLICT', MESSAGES.documentNotDraft);
      const key = `documents/${document.id}/uploads/${randomUUID()}/${safeFileName(input.fileName)}`;
      return {
        key,
        url: await storage.signedPutUrl(key, { contentType: input.contentType }),
        contentType: input.contentType,
      };
    },

    async signedAssetPutUrl(input: { userId: string; fileName: string; contentType: string }) {
      const key = `users/${input.userId}/assets/${randomUUID()}/${safeFileName(input.fileName)}`;
      return {
        key,
        url: await storage.signedPutUrl(key, { contentType: input.contentType }),
        contentType: input.contentType,
      };
    },
  };
}
export type FileService = ReturnType<typeof fileService>;
