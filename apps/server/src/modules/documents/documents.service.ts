import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  type ActiveContentChoice,
  type DocumentStatus,
  type DocumentType,
  hasNoControlCharacters,
  isAllowedFileName,
  MESSAGES,
  UPLOAD_LIMITS,
  type UpdateDocumentRequest,
  withoutBidiControls,
} from '@esign/shared';
import { latestActivity, recordActivity } from '../../data/activity.js';
import * as partsRepo from '../../data/document-parts.js';
import * as repo from '../../data/documents.js';
import { findUserById } from '../../data/users.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { JobQueue } from '../../platform/jobs.js';
import { safeFileName } from '../../platform/storage/keys.js';
import type { Storage } from '../../platform/storage/storage.js';
import { allowOn, authorize, userActor } from '../access/index.js';
import type { ConversionJobs } from './conversion.jobs.js';
import { detectFile } from './detect.js';
import { replaceFields } from './fields.js';
import { assignFoundFields } from './found-fields.js';
import { replaceSigners } from './signers.js';

interface DocumentDeps {
  db: Db;
  storage: Storage;
  jobs: JobQueue;
  conversion: ConversionJobs;
}

export interface UploadedFile {
  fileName: string;
  stream: Readable;
  /** True when the stream stopped at the size limit. */
  isTruncated: () => boolean;
}

const notFound = () => new AppError('NOT_FOUND', MESSAGES.documentNotFound);
/** A draft changes; so does a replica (the draft copy of a live template being edited, see modules/templates). */
const isEditable = (status: DocumentStatus) => status === 'draft' || status === 'replica';
const badRequest = (message: string) => new AppError('VALIDATION_ERROR', message);

/** Enough of a file's start for every content check (file-type reads a few kilobytes; text checks 8 KB). */
export const UPLOAD_HEAD_BYTES = 64 * 1024;

export interface OpenedUpload {
  /** The first `UPLOAD_HEAD_BYTES` (or the whole file when shorter), for the content checks. */
  head: Buffer;
  /** The whole file, head included, refused with 'file too large' as soon as it passes the per-file limit. */
  body: Readable;
  /** Bytes read so far: the file's size once `body` has ended. */
  size: () => number;
  /** Reads and drops the rest of a refused file, so the request completes. */
  discard: () => void;
}

/**
 * Opens an upload for streaming: reads only its head, then hands the whole file on as a stream, so a file goes
 * from the request to storage in chunks and is never held in memory whole.
 */
export async function openUpload(file: UploadedFile): Promise<OpenedUpload> {
  const chunks = file.stream[Symbol.asyncIterator]();
  let size = 0;
  const next = async (): Promise<Buffer | undefined> => {
    const result = await chunks.next();
    if (result.done) {
      if (file.isTruncated()) throw badRequest(MESSAGES.fileTooLarge);
      return undefined;
    }
    const chunk = result.value as Buffer;
    size += chunk.length;
    if (size > UPLOAD_LIMITS.maxFileBytes) throw badRequest(MESSAGES.fileTooLarge);
    return chunk;
  };

  const headChunks: Buffer[] = [];
  let headLength = 0;
  let isEnded = false;
  while (headLength < UPLOAD_HEAD_BYTES) {
    const chunk = await next();
    if (!chunk) {
      isEnded = true;
      break;
    }
    headChunks.push(chunk);
    headLength += chunk.length;
  }
  async function* whole() {
    yield* headChunks;
    if (isEnded) return;
    for (let chunk = await next(); chunk; chunk = await next()) yield chunk;
  }
  return {
    head: Buffer.concat(headChunks),
    body: Readable.from(whole(), { objectMode: false }),
    size: () => size,
    discard: () => {
      if (isEnded) return;
      void (async () => {
        while (!(await chunks.next()).done);
      })().catch(() => {});
    },
  };
}

/** The checks of a file's name (length, control characters, an allowed extension), before its bytes are read. */
export function checkUploadName(fileName: string): void {
  if (fileName.length > UPLOAD_LIMITS.maxFileNameLength) throw badRequest(MESSAGES.fileNameTooLong);
  if (!hasNoControlCharacters(fileName)) throw badRequest(MESSAGES.controlCharacters);
  if (!isAllowedFileName(fileName)) throw badRequest(MESSAGES.fileTypeNotAllowed);
}

/** Edits this long after the last `update` row begin a new editing session. */
export const EDITING_SESSION_GAP_MS = 30 * 60 * 1000;

/**
 * Whether an edit begins an editing session, given the document's latest activity: it does unless that row is an
 * `update` less than EDITING_SESSION_GAP_MS ago (the auto-saves of one session, every 3 s, record one row).
 */
export function isNewEditingSession(latest: { type: string; createdAt: Date } | undefined, now: Date): boolean {
  return latest?.type !== 'update' || now.getTime() - latest.createdAt.getTime() >= EDITING_SESSION_GAP_MS;
}

export function documentService(deps: DocumentDeps) {
  const { db, storage, jobs, conversion } = deps;

  async function requireDraft(userId: string, documentId: string) {
    const document = await authorize(db, { actor: userActor(userId), action: 'document.manage', id: documentId });
    if (!isEditable(document.status)) throw new AppError('CONFLICT', MESSAGES.documentNotDraft);
    return document;
  }

  async function documentWithParts(documentId: string) {
    const document = await repo.findDocument(db, documentId);
    if (!document) throw notFound();
    return repo.toDocumentDto(document, await repo.loadChildren(db, documentId));
  }

  return {
    async createDocument(input: {
      userId: string;
      type: DocumentType;
      title?: string | undefined;
      sourceIp?: string | undefined;
    }) {
      const row = await db.transaction(async (tx) => {
        const created = await repo.insertDocument(tx, {
          userId: input.userId,
          type: input.type,
          title: input.title?.trim() ?? '',
        });
        await recordActivity(tx, {
          documentId: created.id,
          type: 'create',
          userId: input.userId,
          sourceIp: input.sourceIp ?? null,
        });
        return created;
      });
      return repo.toDocumentDto(row);
    },

    async getDocument(input: { userId: string; documentId: string }) {
      const document = await authorize(db, {
        actor: userActor(input.userId),
        action: 'document.view',
        id: input.documentId,
      });
      return repo.toDocumentDto(document, await repo.loadChildren(db, document.id));
    },

    /**
     * Adds one file to a draft: checks name, size, count and type (by content), stores the original and
     * queues its conversion. A refused upload stores nothing.
     */
    async uploadFile(input: { userId: string; documentId: string; file: UploadedFile }) {
      // The name is kept without bidirectional controls (they only disguise it): the one entrance of every file,
      // uploaded or imported from a cloud service.
      const file = { ...input.file, fileName: withoutBidiControls(input.file.fileName) };
      await requireDraft(input.userId, input.documentId);
      try {
        checkUploadName(file.fileName);
      } catch (error) {
        file.stream.resume();
        throw error;
      }
      const upload = await openUpload(file);
      let content: Awaited<ReturnType<typeof detectFile>>;
      try {
        content = await detectFile(file.fileName, upload.head);
      } catch (error) {
        upload.discard();
        throw error;
      }

      const partId = randomUUID();
      const originalFileKey = `documents/${input.documentId}/originals/${partId}/${safeFileName(file.fileName)}`;
      // Stored while it arrives, before the limits of the document are checked (they need the file's size), and
      // outside the transaction, which on the embedded database would hold every other query meanwhile. A file
      // refused by those limits is removed again: a refused upload leaves nothing stored.
      await storage.put(originalFileKey, upload.body, content.contentType);
      const sizeBytes = upload.size();
      let part: partsRepo.PartRow;
      try {
        // The part and its conversion job commit together: a crash after the commit loses no conversion.
        part = await jobs.transaction(db, async (tx, queue) => {
          await partsRepo.markPartsChanged(tx, input.documentId);
          const current = await partsRepo.partTotals(tx, input.documentId);
          if (
            current.files >= UPLOAD_LIMITS.maxFilesPerDocument ||
            current.bytes + sizeBytes > UPLOAD_LIMITS.maxDocumentBytes
          ) {
            throw badRequest(MESSAGES.documentFilesLimit);
          }
          const inserted = await partsRepo.insertPart(tx, {
            id: partId,
            documentId: input.documentId,
            order: current.nextOrder,
            originalFileName: file.fileName,
            originalFileKey,
            sourceKind: content.kind,
            sourceExtension: content.extension,
            sizeBytes,
          });
          await conversion.queueConversion(queue, inserted, input.userId);
          return inserted;
        });
      } catch (error) {
        await storage.delete(originalFileKey);
        throw error;
      }
      return partsRepo.toPartDto(part);
    },

    /** Removes one part, or all of them, with their files. */
    async cleanFiles(input: { userId: string; documentId: string; documentPartId?: string | undefined }) {
      await requireDraft(input.userId, input.documentId);
      const removed = await db.transaction(async (tx) => {
        await partsRepo.markPartsChanged(tx, input.documentId);
        const parts = await partsRepo.listParts(tx, input.documentId);
        const targets = input.documentPartId ? parts.filter((part) => part.id === input.documentPartId) : parts;
        if (input.documentPartId && targets.length === 0) throw new AppError('NOT_FOUND', MESSAGES.failedToRemoveFile);
        await partsRepo.deleteParts(
          tx,
          targets.map((part) => part.id),
        );
        return targets;
      });
      // A copy of a template shares its stored files by key: a file goes only when no part or document names it.
      const keys = [...new Set(removed.flatMap((part) => [part.originalFileKey, part.pdfFileKey ?? []].flat()))];
      const stillUsed = await partsRepo.findFileKeysInUse(db, keys);
      for (const key of keys) {
        if (!stillUsed.has(key)) await storage.delete(key);
      }
      await jobs.send(conversion.combineDocument, { documentId: input.documentId });
      return documentWithParts(input.documentId);
    },

    /**
     * PATCH documents/{id}: the parts' order, the document's own values, the signers and the fields, with the
     * document row locked. Only a draft changes. One `update` activity per editing session (`isNewEditingSession`),
     * not one per auto-save.
     */
    async updateDocument(input: {
      userId: string;
      documentId: string;
      changes: UpdateDocumentRequest;
      sourceIp?: string | undefined;
    }) {
      const { parts, title, message, isOrdered, language, signers, fields } = input.changes;
      await requireDraft(input.userId, input.documentId);
      if (parts) await this.reorderParts({ userId: input.userId, documentId: input.documentId, parts });
      await db.transaction(async (tx) => {
        const document = await repo.lockDocument(tx, input.documentId);
        if (!document) throw notFound();
        if (!isEditable(document.status)) throw new AppError('CONFLICT', MESSAGES.documentNotDraft);
        if (title !== undefined || message !== undefined || isOrdered !== undefined || language !== undefined) {
          await repo.updateDocumentValues(tx, input.documentId, {
            ...(title !== undefined ? { title: title.trim() } : {}),
            ...(message !== undefined ? { message: message?.trim() || null } : {}),
            ...(isOrdered !== undefined ? { isOrdered } : {}),
            ...(language !== undefined ? { language } : {}),
          });
        }
        if (signers) {
          if (document.type === 'template') throw badRequest(MESSAGES.templateSignersAreRoles);
          const user = await findUserById(tx, input.userId);
          if (!user) throw notFound();
          await replaceSigners(tx, { document, user, signers });
          // Fields found in the file that wait for their signer get them (fields of this same request win).
          await assignFoundFields(tx, document.id);
        }
        if (fields) await replaceFields(tx, { document, userId: input.userId, fields });
        if (isNewEditingSession(await latestActivity(tx, input.documentId), new Date())) {
          await recordActivity(tx, {
            documentId: input.documentId,
            type: 'update',
            userId: input.userId,
            sourceIp: input.sourceIp ?? null,
          });
        }
      });
      return documentWithParts(input.documentId);
    },

    /** Sets the order of the parts; the list must name every part of the document once. */
    async reorderParts(input: { userId: string; documentId: string; parts: { id: string; order: number }[] }) {
      await requireDraft(input.userId, input.documentId);
      await db.transaction(async (tx) => {
        await partsRepo.markPartsChanged(tx, input.documentId);
        const existing = new Set((await partsRepo.listParts(tx, input.documentId)).map((part) => part.id));
        const named = new Set(input.parts.map((part) => part.id));
        const isSameSet = named.size === input.parts.length && named.size === existing.size;
        if (!isSameSet || [...named].some((id) => !existing.has(id))) {
          throw badRequest('The new order must name every file of the document once.');
        }
        for (const part of input.parts) {
          await partsRepo.setPartOrder(tx, { documentId: input.documentId, partId: part.id, order: part.order });
        }
      });
      await jobs.send(conversion.combineDocument, { documentId: input.documentId });
      return documentWithParts(input.documentId);
    },

    /**
     * The owner's choice for a signed PDF whose active content upload kept (the part's activeContent 'found'):
     * 'keep' records it; 'remove' converts the part again with the active content removed, breaking the file's
     * signatures (the new warning says so). Until a choice the file is kept as uploaded: sending is not blocked.
     * 'remove' also applies after 'keep'; a part without active content to choose about answers 409.
     */
    async chooseActiveContent(input: {
      userId: string;
      documentId: string;
      partId: string;
      choice: ActiveContentChoice;
    }) {
      const { documentId, partId } = input;
      await requireDraft(input.userId, documentId);
      const isRemoving = input.choice === 'remove';
      await jobs.transaction(db, async (tx, queue) => {
        const document = await repo.lockDocument(tx, documentId);
        if (!document) throw notFound();
        if (!isEditable(document.status)) throw new AppError('CONFLICT', MESSAGES.documentNotDraft);
        const part = await partsRepo.findDocumentPart(tx, { documentId, partId });
        if (!part) throw new AppError('NOT_FOUND', MESSAGES.partNotFound);
        const isChoosable =
          part.convertedAt !== null && (part.activeContent === 'found' || part.activeContent === 'kept');
        if (!isChoosable) throw new AppError('CONFLICT', MESSAGES.activeContentNotChoosable);
        if (!isRemoving) return partsRepo.setPartActiveContent(tx, partId, 'kept');
        // The part's PDF changes: like any change of the parts, the combined PDF is made again.
        await partsRepo.markPartsChanged(tx, documentId);
        // 'removed' before converting tells the conversion to remove it from this signed file.
        await partsRepo.restartPartConversion(tx, partId, 'removed');
        await queue(conversion.convertPart, { partId });
      });
      return documentWithParts(documentId);
    },

    async conversionData(input: { userId: string; documentId: string }) {
      const rows = await partsRepo.findConversionProgress(db, input.documentId, input.userId);
      const document = allowOn(rows[0], { actor: userActor(input.userId, rows[0]), action: 'document.view' });
      const parts = rows.flatMap(
        ({ partId, id: _documentId, teamId: _teamId, actorTeamId: _a, actorTeamRole: _r, ...part }) =>
          partId ? [{ ...part, id: partId }] : [],
      );
      const hasError = parts.some((part) => part.errorText);
      const allDone = parts.every((part) => part.convertedAt || part.errorText);
      return {
        isFinished: parts.length > 0 && allDone && (hasError || document.pdfFileKey !== null),
        parts: parts.map((part) => ({
          id: part.id,
          filesUploaded: part.convertedAt !== null,
          // Never null on a part row; null only on the document's row when it has no parts (left join).
          pagesConverted: part.pagesConverted ?? 0,
          pagesTotal: part.pagesTotal,
          errorText: part.errorText,
          warningText: part.warningText,
          unplacedFields: part.unplacedFields ?? null,
        })),
      };
    },
  };
}
export type DocumentService = ReturnType<typeof documentService>;
