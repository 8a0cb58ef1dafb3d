import {
  API_PREFIX,
  type DocumentListQuery,
  deleteDocuments,
  disableReminders as disableRemindersContract,
  documentActivities,
  getDocument,
  getSignedDownloadUrl,
  listDocuments,
  MESSAGES,
  revertDocument,
  sendReminders,
  shareDocument,
  signingUrlContract,
  updateDocument,
} from '@esign/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiErrorFromBody } from '../../api/api-error';
import { apiCall, refreshTokens } from '../../api/client';
import { getAccessToken } from '../../api/tokens';
import { cachedSigningLink, cacheSigningLink, forgetSigningLinks } from './signing-link-cache';

export const listKey = ['documents', 'list'] as const;

/** A contract path with its `:id` filled in. */
export const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

export function toQueryString(query: DocumentListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  return params.toString();
}

export function useDocumentList(query: DocumentListQuery) {
  return useQuery({
    queryKey: [...listKey, query],
    queryFn: ({ signal }) => apiCall(listDocuments, { path: `${listDocuments.path}?${toQueryString(query)}`, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDocumentDetails(documentId: string) {
  return useQuery({
    queryKey: ['documents', documentId],
    queryFn: ({ signal }) => apiCall(getDocument, { path: withId(getDocument.path, documentId), signal }),
  });
}

export function useActivities(documentId: string) {
  return useQuery({
    queryKey: ['documents', documentId, 'activities'],
    queryFn: ({ signal }) => apiCall(documentActivities, { path: withId(documentActivities.path, documentId), signal }),
  });
}

/** The document actions; each refreshes the lists when it succeeds. */
export function useDocumentActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: ['documents'] });
  const remove = useMutation({
    mutationFn: (ids: string[]) => apiCall(deleteDocuments, { body: { ids } }),
    onSuccess,
  });
  const revert = useMutation({
    mutationFn: (id: string) => apiCall(revertDocument, { path: withId(revertDocument.path, id) }),
    onSuccess: (_answer, id) => {
      // The revert revoked every signing link of the document.
      forgetSigningLinks(sessionStorage, id);
      return onSuccess();
    },
  });
  const rename = useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) =>
      apiCall(updateDocument, { path: withId(updateDocument.path, id), body: { title } }),
    onSuccess,
  });
  const remind = useMutation({
    mutationFn: ({ id, signersIds }: { id: string; signersIds: string[] }) =>
      apiCall(sendReminders, { path: withId(sendReminders.path, id), body: { signersIds } }),
    onSuccess,
  });
  const disableReminders = useMutation({
    mutationFn: (id: string) => apiCall(disableRemindersContract, { path: withId(disableRemindersContract.path, id) }),
    onSuccess,
  });
  const share = useMutation({
    mutationFn: ({ id, emails }: { id: string; emails: string[] }) =>
      apiCall(shareDocument, {
        path: withId(shareDocument.path, id),
        body: { recipients: emails.map((email) => ({ email })) },
      }),
    onSuccess,
  });
  return { remove, revert, rename, remind, disableReminders, share };
}

/** Signing links are cached per signer for the browser session (spec section 4). */
export async function signingLinkFor(documentId: string, signerId: string): Promise<string> {
  const cached = cachedSigningLink(sessionStorage, documentId, signerId);
  if (cached) return cached;
  const path = `${withId(signingUrlContract.path, documentId)}?userId=${encodeURIComponent(signerId)}`;
  const { signingUrl } = await apiCall(signingUrlContract, { path });
  cacheSigningLink(sessionStorage, documentId, signerId, signingUrl);
  return signingUrl;
}

/** Saves one document's file through a signed download URL. */
export async function downloadFile(key: string, fileName: string): Promise<void> {
  const { result } = await apiCall(getSignedDownloadUrl, { body: { key, fileName } });
  const link = document.createElement('a');
  link.href = result;
  link.download = fileName;
  link.click();
}

/** Downloads several documents as one zip built by the server. */
export async function downloadZip(ids: string[]): Promise<void> {
  const post = () =>
    fetch(`${API_PREFIX}/documents/download_zip`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${getAccessToken() ?? ''}` },
      body: JSON.stringify({ ids }),
    });
  let response = await post();
  if (response.status === 403 && (await refreshTokens(getAccessToken()))) response = await post();
  if (!response.ok) {
    const body = await response.json().catch(() => ({ message: MESSAGES.couldNotDownload }));
    throw apiErrorFromBody(response.status, body);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'documents.zip';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
