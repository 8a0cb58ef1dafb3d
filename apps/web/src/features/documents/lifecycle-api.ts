import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { forgetSigningLinks } from './signing-link-cache';

/** Void, the expiry date and Edit & Resend of an ended document (issue 36); each refreshes the document's queries. */
export function useLifecycleActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: queryKeys.documents.all() });
  const voidDocument = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiCall('voidDocument', { params: { id }, body: { reason } }),
    onSuccess: (_answer, { id }) => {
      // Every signing link of the document was revoked.
      forgetSigningLinks(sessionStorage, id);
      return onSuccess();
    },
  });
  const setExpiry = useMutation({
    mutationFn: ({ id, expiresAt }: { id: string; expiresAt: string | null }) =>
      apiCall('setDocumentExpiry', { params: { id }, body: { expiresAt } }),
    onSuccess,
  });
  const resendCopy = useMutation({
    mutationFn: (id: string) => apiCall('resendEndedDocument', { params: { id } }),
    onSuccess,
  });
  return { voidDocument, setExpiry, resendCopy };
}
