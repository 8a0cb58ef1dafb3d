import { type ActiveContentChoice, type Document, MESSAGES } from '@esign/shared';
import { Button, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { isApiError } from '../../api/api-error';
import { notifyError, notifyFailure } from '../../api/notify';
import { queryKeys } from '../../api/query-keys';
import { useTranslation } from '../../i18n';
import { ImportFrom } from '../integrations/ImportFrom';
import { useChooseActiveContent, useConversionData, useDocument, useRemovePart, useReorderParts } from './api';
import { FileList } from './FileList';
import { UploadDropzone } from './UploadDropzone';
import {
  canPrepare,
  type FileRowModel,
  hasNewlySettledParts,
  hasOnlyFailedFiles,
  partRows,
  pendingRows,
} from './upload-rows';
import { useUploadQueue } from './use-upload-queue';

export interface UploadStepProps {
  /** Makes the draft at the first upload (a document of the form's type, or a template). */
  createDraft: () => Promise<Document>;
  /** The draft the files belong to; null until the first upload creates it. */
  documentId: string | null;
  /** A document was created (first upload), or the given one could not be loaded (null). */
  onDocumentIdChange: (documentId: string | null) => void;
  /** 'Prepare Doc for Signing': every file is uploaded and converted. */
  onPrepare: (documentId: string) => void;
  /** Under the dropzone: replaces the 'Import files from' block of the cloud storage services. */
  importSlot?: ReactNode;
  /** The last button's label; 'Prepare Doc for Signing' when not given. */
  prepareLabel?: string;
  /** The last button shows it is at work (the caller saves before it goes on). */
  isPreparing?: boolean;
  /**
   * Drops a draft this page made for its uploads when the user leaves with only failed files in it (sent with
   * `keepalive`, so it goes as the tab closes too); without it such a draft is kept.
   */
  discardDraft?: (documentId: string) => void;
}

/**
 * Leaving the page (a route change, or the tab closing) with `discardableId` set drops that draft, so a draft made
 * for uploads that all failed does not stay behind as a nameless 'Untitled' one.
 */
function useDiscardOnLeave(discardableId: string | null, discardDraft: ((documentId: string) => void) | undefined) {
  const latest = useRef(discardableId);
  latest.current = discardableId;
  useEffect(() => {
    if (!discardDraft) return;
    const discard = () => {
      const id = latest.current;
      latest.current = null;
      if (id !== null) discardDraft(id);
    };
    window.addEventListener('pagehide', discard);
    return () => {
      window.removeEventListener('pagehide', discard);
      discard();
    };
  }, [discardDraft]);
}

/** The upload step: 'Upload File' dropzone, the reorderable file list and 'Prepare Doc for Signing'. */
export function UploadStep({
  createDraft,
  documentId,
  onDocumentIdChange,
  onPrepare,
  importSlot,
  prepareLabel,
  isPreparing = false,
  discardDraft,
}: UploadStepProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const documentQuery = useDocument(documentId);
  const parts = documentQuery.data?.parts ?? [];
  const conversion = useConversionData(documentId, parts);
  const createdHere = useRef<string | null>(null);
  const onDocumentCreated = useCallback(
    (id: string | null) => {
      createdHere.current = id;
      onDocumentIdChange(id);
    },
    [onDocumentIdChange],
  );
  const queue = useUploadQueue({ createDraft, documentId, parts, onDocumentCreated });
  const removePart = useRemovePart();
  const reorderParts = useReorderParts();
  const chooseActiveContent = useChooseActiveContent();
  const [removingKeys, setRemovingKeys] = useState<ReadonlySet<string>>(new Set());

  const documentError = documentQuery.error;
  useEffect(() => {
    if (documentError === null) return;
    notifyError(documentError);
    // A document that is not there (or not this user's) is dropped from the URL; the next upload starts a new one.
    if (isApiError(documentError) && documentError.status >= 400 && documentError.status < 500)
      onDocumentIdChange(null);
  }, [documentError, onDocumentIdChange]);

  // A part the poll reports as done: the document has its final state (a warning, page sizes).
  useEffect(() => {
    if (documentId !== null && hasNewlySettledParts(parts, conversion.data)) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.documents.detail(documentId), exact: true });
    }
  }, [conversion.data, documentId, parts, queryClient]);

  const storedRows = partRows(parts, conversion.data);
  const localRows = pendingRows(queue.pending);
  const isReady = documentId !== null && canPrepare([...storedRows, ...localRows]);
  useDiscardOnLeave(
    documentId !== null && documentId === createdHere.current && hasOnlyFailedFiles([...storedRows, ...localRows])
      ? documentId
      : null,
    discardDraft,
  );

  const onRemove = (row: FileRowModel) => {
    if (row.partId === null || documentId === null) {
      queue.cancel(row.key);
      return;
    }
    const key = row.key;
    setRemovingKeys((keys) => new Set(keys).add(key));
    removePart.mutate(
      { documentId, partId: row.partId },
      {
        onError: () => notifyFailure(MESSAGES.failedToRemoveFile),
        onSettled: () =>
          setRemovingKeys((keys) => {
            const next = new Set(keys);
            next.delete(key);
            return next;
          }),
      },
    );
  };

  // A signed file keeps its active content until its owner chooses; sending is not held up meanwhile.
  const onChooseActiveContent = (row: FileRowModel, choice: ActiveContentChoice) => {
    if (row.partId !== null && documentId !== null) {
      chooseActiveContent.mutate({ documentId, partId: row.partId, choice });
    }
  };
  const pendingChoice = chooseActiveContent.isPending ? chooseActiveContent.variables : undefined;

  const onReorder = (partIds: string[]) => {
    if (documentId !== null) reorderParts.mutate({ documentId, partIds });
  };

  return (
    <Stack component="section" gap="md" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId}>
        {t('upload.title')}
      </Title>
      <UploadDropzone onFiles={queue.addFiles} />
      {importSlot ?? <ImportFrom onPick={(pick) => queue.addFiles([pick])} />}
      {documentQuery.isLoading ? (
        <Center py="md">
          <Loader size="sm" role="status" aria-label={t('upload.loadingFiles')} />
        </Center>
      ) : (
        <FileList
          partRows={storedRows}
          pendingRows={localRows}
          removingKeys={removingKeys}
          onReorder={onReorder}
          onRemove={onRemove}
          onChooseActiveContent={onChooseActiveContent}
          activeContentChoice={pendingChoice ? { key: pendingChoice.partId, choice: pendingChoice.choice } : null}
        />
      )}
      <Group justify="flex-end">
        <Button
          size="md"
          w={{ base: '100%', xs: 'auto' }}
          disabled={!isReady}
          loading={isPreparing}
          onClick={() => documentId !== null && onPrepare(documentId)}
        >
          {prepareLabel ?? t('upload.prepare')}
        </Button>
      </Group>
    </Stack>
  );
}
