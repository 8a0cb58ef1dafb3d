import type { ReassignSignerRequest, SignerFieldValue } from '@esign/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export function useAvailableSigners(documentId: string, token: string | null) {
  return useQuery({
    queryKey: queryKeys.signing.signers(documentId, token),
    queryFn: ({ signal }) => apiCall('availableSigners', { params: { id: documentId }, signal }),
    enabled: token !== null,
    retry: false,
  });
}

/** For a link that does not open: the sender's name when the token was once issued for this document. */
export function useLinkStatus(documentId: string, token: string | null) {
  return useQuery({
    queryKey: queryKeys.signing.linkStatus(documentId, token),
    queryFn: ({ signal }) => apiCall('signingLinkStatus', { params: { id: documentId }, signal }),
    enabled: token !== null,
    retry: false,
  });
}

export function useSignerDocument(documentId: string, signerId: string | null, isEnabled: boolean) {
  return useQuery({
    queryKey: queryKeys.signing.signerDocument(documentId, signerId),
    queryFn: ({ signal }) =>
      apiCall('signerDocument', {
        params: { documentId, signerId: signerId ?? '' },
        signal,
      }),
    enabled: signerId !== null && isEnabled,
    retry: false,
    // The PDF's signed URL lives an hour; the page is not refetched behind the signer's back.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useConfirmCode(documentId: string, signerId: string) {
  return useMutation({
    mutationFn: (codeAccess: string) =>
      apiCall('confirmCode', { params: { documentId, signerId }, body: { codeAccess } }),
    // The refusal shows on the code's field (AccessCodeModal), not again as a toast.
    meta: { isErrorShownInline: true },
  });
}

export function sendSignatoryOpened(documentId: string, signerId: string) {
  return apiCall('signatoryOpened', { params: { id: documentId, signerId } });
}

/** 'Reassign' (issue 36): the signer's part to someone else. */
export function useReassignSigner(documentId: string, signerId: string) {
  return useMutation({
    mutationFn: (body: ReassignSignerRequest) =>
      apiCall('reassignSigner', { params: { id: documentId, signerId }, body }),
  });
}

export function useSignDocument(documentId: string, signerId: string) {
  return useMutation({
    mutationFn: (body: { fields: SignerFieldValue[]; consent: string }) =>
      apiCall('signDocument', { params: { id: documentId, signerId }, body }),
  });
}

/** The sealed PDF's URL for the signing link's token (or a logged-in owner or signer). */
export function downloadUrlByToken(documentId: string, signerId: string) {
  return apiCall('signedDownloadUrlByToken', { params: { id: documentId }, query: { signerId } });
}

/** Whether the signer's document is completed and sealed (the post-sign modal's 'being processed' watch). */
export function signerConversionStatus(signerId: string) {
  return apiCall('signerConversionStatus', { params: { signerId } });
}

/** The sealed PDF's URL for a mailed link's hash. */
export function downloadUrlByHash(documentId: string, hash: string, signerId: string | undefined) {
  return apiCall('signedDownloadUrlByHash', { params: { id: documentId }, query: { hash, signerId } });
}

/** Issue 36: an approver's approval or rejection (with its reason), a viewer's acknowledgement. */
export function useRecipientAct(documentId: string, signerId: string) {
  const params = { id: documentId, signerId };
  return useMutation({
    mutationFn: (act: { kind: 'approve' } | { kind: 'reject'; reason: string } | { kind: 'acknowledge' }) =>
      act.kind === 'approve'
        ? apiCall('approveDocument', { params })
        : act.kind === 'reject'
          ? apiCall('rejectDocument', { params, body: { reason: act.reason } })
          : apiCall('acknowledgeDocument', { params }),
  });
}
