import type { DocumentListQuery } from '@esign/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall, apiDownload } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { t } from '../../i18n';
import { cachedSigningLink, cacheSigningLink, forgetSigningLinks } from './signing-link-cache';

export function useDocumentList(query: DocumentListQuery) {
  return useQuery({
    queryKey: queryKeys.documents.list(query),
    queryFn: ({ signal }) => apiCall('listDocuments', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDocumentDetails(documentId: string) {
  return useQuery({
    queryKey: queryKeys.documents.detail(documentId),
    queryFn: ({ signal }) => apiCall('getDocument', { params: { id: documentId }, signal }),
  });
}

export function useActivities(documentId: string) {
  return useQuery({
    queryKey: queryKeys.documents.activities(documentId),
    queryFn: ({ signal }) => apiCall('documentActivities', { params: { id: documentId }, signal }),
  });
}

/** The files signers attached to the document (issue 37). */
export function useAttachments(documentId: string) {
  return useQuery({
    queryKey: queryKeys.documents.attachments(documentId),
    queryFn: ({ signal }) => apiCall('documentAttachments', { params: { id: documentId }, signal }),
  });
}

/** The document actions; each refreshes the lists when it succeeds. */
export function useDocumentActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: queryKeys.documents.all() });
  const remove = useMutation({
    mutationFn: (ids: string[]) => apiCall('deleteDocuments', { body: { ids } }),
    onSuccess,
  });
  const revert = useMutation({
    mutationFn: (id: string) => apiCall('revertDocument', { params: { id: id } }),
    onSuccess: (_answer, id) => {
      // The revert revoked every signing link of the document.
      forgetSigningLinks(sessionStorage, id);
      return onSuccess();
    },
  });
  const rename = useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) =>
      apiCall('updateDocument', { params: { id: id }, body: { title } }),
    onSuccess,
  });
  const remind = useMutation({
    mutationFn: ({ id, signersIds }: { id: string; signersIds: string[] }) =>
      apiCall('sendReminders', { params: { id: id }, body: { signersIds } }),
    onSuccess,
  });
  const disableReminders = useMutation({
    mutationFn: (id: string) => apiCall('disableReminders', { params: { id } }),
    onSuccess,
  });
  const enableReminders = useMutation({
    mutationFn: (id: string) => apiCall('enableReminders', { params: { id } }),
    onSuccess,
  });
  const share = useMutation({
    mutationFn: ({ id, emails }: { id: string; emails: string[] }) =>
      apiCall('shareDocument', {
        params: { id },
        body: { recipients: emails.map((email) => ({ email })) },
      }),
    onSuccess,
  });
  return { remove, revert, rename, remind, disableReminders, enableReminders, share };
}

/** Signing links are cached per signer for the browser session (spec section 4). */
export async function signingLinkFor(documentId: string, signerId: string): Promise<string> {
  const cached = cachedSigningLink(sessionStorage, documentId, signerId);
  if (cached) return cached;
  const { signingUrl } = await apiCall('signingUrlContract', {
    params: { id: documentId },
    query: { userId: signerId },
  });
  cacheSigningLink(sessionStorage, documentId, signerId, signingUrl);
  return signingUrl;
}

/** Saves one document's file through a signed download URL. */
export async function downloadFile(key: string, fileName: string): Promise<void> {
  const { result } = await apiCall('getSignedDownloadUrl', { body: { key, fileName } });
  const link = document.createElement('a');
  link.href = result;
  link.download = fileName;
  link.click();
}

/** Downloads several documents as one zip built by the server. */
export async function downloadZip(ids: string[]): Promise<void> {
  const zip = await apiDownload('downloadDocumentsZip', { body: { ids } });
  const url = URL.createObjectURL(zip);
  const link = document.createElement('a');
  link.href = url;
  link.download = t('documents.zipFileName');
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
