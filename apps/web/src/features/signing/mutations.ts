import type { ReassignSignerRequest, VerificationChannel } from '@esign/shared';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../api/client';

// The signer page's acts that appear on demand (their components load lazily), apart from ./api.ts: the page's
// first load carries no query-library mutation.

export function useConfirmCode(documentId: string, signerId: string) {
  return useMutation({
    mutationFn: (codeAccess: string) =>
      apiCall('confirmCode', { params: { documentId, signerId }, body: { codeAccess } }),
    // The refusal shows on the code's field (AccessCodeModal), not again as a toast.
    meta: { isErrorShownInline: true },
  });
}

/** 'Reassign' (issue 36): the signer's part to someone else. */
export function useReassignSigner(documentId: string, signerId: string) {
  return useMutation({
    mutationFn: (body: ReassignSignerRequest) =>
      apiCall('reassignSigner', { params: { id: documentId, signerId }, body }),
  });
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

/** Issue 38: a new identity code by one channel, and a typed code. */
export function useSendIdentityCode(documentId: string, signerId: string) {
  return useMutation({
    mutationFn: (channel: VerificationChannel) =>
      apiCall('sendIdentityCode', { params: { documentId, signerId }, body: { channel } }),
    meta: { isErrorShownInline: true },
  });
}

export function useCheckIdentityCode(documentId: string, signerId: string) {
  return useMutation({
    mutationFn: (body: { channel: VerificationChannel; code: string }) =>
      apiCall('checkIdentityCode', { params: { documentId, signerId }, body }),
    meta: { isErrorShownInline: true },
  });
}
