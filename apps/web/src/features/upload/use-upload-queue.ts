import { type Document, type DocumentPart, MESSAGES } from '@esign/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/api-error';
import { notifyFailure } from '../../api/notify';
import { queryKeys } from '../../api/query-keys';
import { type ImportPick, useImportFile, useUploadFile } from './api';
import { checkFiles } from './file-checks';
import type { PendingUpload } from './upload-rows';

interface UploadQueueOptions {
  /** Makes the draft the files go to (a document of the form's type, or a template). */
  createDraft: () => Promise<Document>;
  documentId: string | null;
  parts: readonly DocumentPart[];
  onDocumentCreated: (documentId: string) => void;
}

let nextKey = 0;
const newKey = () => {
  nextKey += 1;
  return `upload-${nextKey}`;
};

const reasonOf = (error: unknown) => (isApiError(error) ? error.message : MESSAGES.somethingWentWrong);

/**
 * Files chosen in this tab on their way to the document: checked here first, then sent one after another.
 * The first upload creates the document (once, however many files come together).
 */
export function useUploadQueue({ createDraft, documentId, parts, onDocumentCreated }: UploadQueueOptions) {
  const queryClient = useQueryClient();
  const createDraftRef = useRef(createDraft);
  createDraftRef.current = createDraft;
  const { mutateAsync: upload } = useUploadFile();
  const { mutateAsync: importFile } = useImportFile();
  const [pending, setPending] = useState<PendingUpload[]>([]);
  /** A file of this computer, or one the server fetches from a connected cloud storage service. */
  const queue = useRef<{ key: string; file: File | ImportPick }[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const isDraining = useRef(false);
  const creating = useRef<Promise<string> | null>(null);
  const documentIdRef = useRef(documentId);
  /** Sizes of parts uploaded from this tab; the document does not tell the size of its parts. */
  const partBytes = useRef(new Map<string, number>());

  useEffect(() => {
    documentIdRef.current = documentId;
  }, [documentId]);

  useEffect(() => {
    const running = controllers.current;
    return () => {
      // Leaving the page stops what is still on its way.
      queue.current = [];
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const patch = useCallback((key: string, change: Partial<PendingUpload> | null) => {
    setPending((list) =>
      change === null
        ? list.filter((item) => item.key !== key)
        : list.map((item) => (item.key === key ? { ...item, ...change } : item)),
    );
  }, []);

  const ensureDocument = useCallback((): Promise<string> => {
    if (documentIdRef.current !== null) return Promise.resolve(documentIdRef.current);
    creating.current ??= createDraftRef
      .current()
      .then((document) => {
        queryClient.setQueryData(queryKeys.documents.detail(document.id), document);
        documentIdRef.current = document.id;
        onDocumentCreated(document.id);
        return document.id;
      })
      .finally(() => {
        creating.current = null;
      });
    return creating.current;
  }, [onDocumentCreated, queryClient]);

  const drain = useCallback(async () => {
    if (isDraining.current) return;
    isDraining.current = true;
    try {
      while (queue.current.length > 0) {
        let targetId: string;
        try {
          targetId = await ensureDocument();
        } catch (error) {
          notifyFailure(MESSAGES.uploadUnsuccessful);
          for (const item of queue.current) patch(item.key, { status: 'refused', reason: reasonOf(error) });
          queue.current = [];
          return;
        }
        const next = queue.current.shift();
        if (next === undefined) return;
        const controller = new AbortController();
        controllers.current.set(next.key, controller);
        patch(next.key, { status: 'uploading' });
        try {
          const part =
            next.file instanceof File
              ? await upload({ documentId: targetId, file: next.file, signal: controller.signal })
              : await importFile({ documentId: targetId, pick: next.file, signal: controller.signal });
          partBytes.current.set(part.id, part.sizeBytes);
          patch(next.key, null);
        } catch (error) {
          if (controller.signal.aborted) {
            // The server may have taken the file before the cancel reached it.
            void queryClient.invalidateQueries({ queryKey: queryKeys.documents.detail(targetId), exact: true });
          } else {
            patch(next.key, { status: 'refused', reason: reasonOf(error) });
          }
        } finally {
          controllers.current.delete(next.key);
        }
      }
    } finally {
      isDraining.current = false;
    }
  }, [ensureDocument, importFile, patch, queryClient, upload]);

  const addFiles = useCallback(
    (files: readonly (File | ImportPick)[]) => {
      if (files.length === 0) return;
      const onTheirWay = pending.filter((item) => item.status !== 'refused');
      const totals = {
        count: parts.length + onTheirWay.length,
        bytes:
          parts.reduce((sum, part) => sum + (partBytes.current.get(part.id) ?? 0), 0) +
          onTheirWay.reduce((sum, item) => sum + item.size, 0),
      };
      const added: PendingUpload[] = checkFiles(files, totals).map(({ file, check }) => {
        const key = newKey();
        if (check.isAccepted) queue.current.push({ key, file });
        return check.isAccepted
          ? { key, name: file.name, size: file.size, status: 'queued' }
          : { key, name: file.name, size: file.size, status: 'refused', reason: check.message };
      });
      setPending((list) => [...list, ...added]);
      void drain();
    },
    [drain, parts, pending],
  );

  /** Drops a file that is not a part: a queued one is not sent, a running upload is aborted. */
  const cancel = useCallback(
    (key: string) => {
      queue.current = queue.current.filter((item) => item.key !== key);
      controllers.current.get(key)?.abort();
      patch(key, null);
    },
    [patch],
  );

  return { pending, addFiles, cancel };
}
