import type { UpdateRecipientRequest } from '@esign/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { rememberSignToken } from '../signing/use-sign-token';
import { forgetSigningLinks } from './signing-link-cache';

/** A sent document's signers changed by the sender (issue 36); each refreshes the document and its lists. */
export function useRecipientActions(documentId: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: queryKeys.documents.all() });
  const update = useMutation({
    mutationFn: ({ signerId, body }: { signerId: string; body: UpdateRecipientRequest }) =>
      apiCall('updateRecipient', { params: { id: documentId, signerId }, body }),
    onSuccess: () => {
      // The signer's old link is dead: a copied one kept in this tab is too.
      forgetSigningLinks(sessionStorage, documentId);
      return onSuccess();
    },
  });
  const setReassignment = useMutation({
    mutationFn: (allowReassign: boolean) =>
      apiCall('setReassignment', { params: { id: documentId }, body: { allowReassign } }),
    onSuccess,
  });
  return { update, setReassignment };
}

/**
 * Opens a signer's page in this browser for an in-person signing: a short-lived, single-use link kept only in this
 * tab's session storage (never in the address), then the signer page.
 */
export async function startInPersonSigning(documentId: string, signerId: string): Promise<string> {
  const { token } = await apiCall('startInPersonSigning', { params: { id: documentId, signerId } });
  rememberSignToken(documentId, token);
  return `/documents/${documentId}/sign`;
}
