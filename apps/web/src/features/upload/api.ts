import type { ActiveContentChoice, DocumentPart, IntegrationType } from '@esign/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { pollingInterval, useIsRealtimeLive } from '../../api/realtime';
import { orderPayload } from './file-order';
import { isConversionPending } from './upload-rows';

/** Spec section 9: conversion is polled every 3 seconds until it is finished. */
export const CONVERSION_POLL_MS = 3000;

/** A document; `staleTime` (ms) lets a screen take a copy that recent from the cache without fetching it again. */
export function useDocument(documentId: string | null, { staleTime = 0 }: { staleTime?: number } = {}) {
  return useQuery({
    queryKey: queryKeys.documents.detail(documentId ?? ''),
    queryFn: ({ signal }) => apiCall('getDocument', { params: { id: documentId ?? '' }, signal }),
    enabled: documentId !== null,
    staleTime,
  });
}

/** Conversion progress, polled while the document has parts that are not finished. */
export function useConversionData(documentId: string | null, parts: readonly DocumentPart[]) {
  const isRealtimeLive = useIsRealtimeLive();
  return useQuery({
    queryKey: queryKeys.documents.conversion(documentId ?? ''),
    queryFn: ({ signal }) => apiCall('conversionData', { params: { id: documentId ?? '' }, signal }),
    enabled: documentId !== null && parts.length > 0,
    // Evaluated after every answer: stops once finished, starts again when a change makes it unfinished.
    // With a live socket the pushed conversion events refresh it; polling only backs that up.
    refetchInterval: (query) =>
      isConversionPending(parts, query.state.data) ? pollingInterval(CONVERSION_POLL_MS, isRealtimeLive) : false,
    refetchIntervalInBackground: true,
  });
}

export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: ({ documentId, file, signal }: { documentId: string; file: File; signal: AbortSignal }) => {
      const formData = new FormData();
      formData.append('upload', file, file.name);
      return apiCall('fileUpload', { params: { id: documentId }, formData, signal });
    },
    onSuccess: (part, { documentId }) => addPart(queryClient, documentId, part),
  });
}

/** A new part of the document: shown at once, then the document and its conversion are asked again. */
function addPart(queryClient: QueryClient, documentId: string, part: DocumentPart) {
  queryClient.setQueryData(queryKeys.documents.detail(documentId), (document) =>
    document === undefined
      ? document
      : { ...document, parts: [...document.parts.filter((p) => p.id !== part.id), part] },
  );
  // A read of the document already on its way holds it without this part and would overwrite the line above
  // (seen: the row of an uploaded file vanished). The refetch cancels that read and asks again.
  void queryClient.invalidateQueries({ queryKey: queryKeys.documents.detail(documentId), exact: true });
  void refreshConversion(queryClient, documentId);
}

/** A file chosen in a connected cloud storage service: the server fetches it (the browser names only its id). */
export interface ImportPick {
  type: IntegrationType;
  fileId: string;
  /** The name the part will have (a Google document's with the office extension it is exported as). */
  name: string;
  /** Bytes as the service states them; 0 when it does not (a Google document). */
  size: number;
  /** The service's own limit (Dropbox's 40,000,000 bytes), checked here before the server is asked. */
  maxBytes?: number;
}

/** POST documents/{id}/file_import: like an upload, the part comes back and converts. */
export function useImportFile() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: ({ documentId, pick, signal }: { documentId: string; pick: ImportPick; signal: AbortSignal }) =>
      apiCall('fileImport', { params: { id: documentId }, body: { type: pick.type, fileId: pick.fileId }, signal }),
    onSuccess: (part, { documentId }) => addPart(queryClient, documentId, part),
  });
}

/** Removes one part (file_clean with its id). */
export function useRemovePart() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: ({ documentId, partId }: { documentId: string; partId: string }) =>
      apiCall('fileClean', { params: { id: documentId }, body: { documentPartId: partId } }),
    onSuccess: (document) => {
      queryClient.setQueryData(queryKeys.documents.detail(document.id), document);
      void refreshConversion(queryClient, document.id);
    },
  });
}

/**
 * Keeps a signed PDF's active content, or removes it (breaking its signatures); removing converts the part again,
 * which the conversion poll then follows.
 */
export function useChooseActiveContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ documentId, partId, choice }: { documentId: string; partId: string; choice: ActiveContentChoice }) =>
      apiCall('chooseActiveContent', { params: { id: documentId, partId }, body: { choice } }),
    onSuccess: (document) => {
      queryClient.setQueryData(queryKeys.documents.detail(document.id), document);
      void refreshConversion(queryClient, document.id);
    },
  });
}

/** Saves a new order of the parts, showing it at once and rolling back if the server refuses it. */
export function useReorderParts() {
  const queryClient = useQueryClient();
  return useMutation({
    // One reorder at a time, so the last one the user made is the one the server keeps.
    scope: { id: 'reorder-parts' },
    mutationFn: ({ documentId, partIds }: { documentId: string; partIds: string[] }) =>
      apiCall('updateDocument', { params: { id: documentId }, body: orderPayload(partIds) }),
    onMutate: async ({ documentId, partIds }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.documents.detail(documentId), exact: true });
      const previous = queryClient.getQueryData(queryKeys.documents.detail(documentId));
      if (previous !== undefined) {
        const orderOf = new Map(partIds.map((id, order) => [id, order]));
        queryClient.setQueryData(queryKeys.documents.detail(documentId), {
          ...previous,
          parts: previous.parts.map((part) => ({ ...part, order: orderOf.get(part.id) ?? part.order })),
        });
      }
      return { previous };
    },
    onError: (_error, { documentId }, context) => {
      if (context?.previous !== undefined)
        queryClient.setQueryData(queryKeys.documents.detail(documentId), context.previous);
      void queryClient.invalidateQueries({ queryKey: queryKeys.documents.detail(documentId), exact: true });
    },
    onSuccess: (document) => {
      queryClient.setQueryData(queryKeys.documents.detail(document.id), document);
      void refreshConversion(queryClient, document.id);
    },
  });
}

/** Asks for the conversion state again: a change of the parts may make it unfinished, which restarts the poll. */
function refreshConversion(queryClient: QueryClient, documentId: string) {
  return queryClient.invalidateQueries({ queryKey: queryKeys.documents.conversion(documentId), exact: true });
}
