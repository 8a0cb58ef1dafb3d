import {
  availableSigners,
  confirmCode,
  type SignerFieldValue,
  signatoryOpened,
  signDocument,
  signedDownloadUrlByHash,
  signedDownloadUrlByToken,
  signerDocument,
} from '@esign/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client';

/** A contract path with its parameters filled in. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

export function useAvailableSigners(documentId: string, token: string | null) {
  return useQuery({
    queryKey: ['signing', documentId, 'signers', token],
    queryFn: ({ signal }) =>
      apiCall(availableSigners, { path: fillPath(availableSigners.path, { id: documentId }), signal }),
    enabled: token !== null,
    retry: false,
  });
}

export const signerDocumentKey = (documentId: string, signerId: string | null) =>
  ['signing', documentId, 'document', signerId] as const;

export function useSignerDocument(documentId: string, signerId: string | null, isEnabled: boolean) {
  return useQuery({
    queryKey: signerDocumentKey(documentId, signerId),
    queryFn: ({ signal }) =>
      apiCall(signerDocument, {
        path: fillPath(signerDocument.path, { documentId, signerId: signerId ?? '' }),
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
      apiCall(confirmCode, { path: fillPath(confirmCode.path, { documentId, signerId }), body: { codeAccess } }),
  });
}

export function sendSignatoryOpened(documentId: string, signerId: string) {
  return apiCall(signatoryOpened, { path: fillPath(signatoryOpened.path, { id: documentId, signerId }) });
}

export function useSignDocument(documentId: string, signerId: string) {
  return useMutation({
    mutationFn: (body: { fields: SignerFieldValue[]; consent: string }) =>
      apiCall(signDocument, { path: fillPath(signDocument.path, { id: documentId, signerId }), body }),
  });
}

/** The sealed PDF's URL for the signing link's token (or a logged-in owner or signer). */
export function downloadUrlByToken(documentId: string, signerId: string) {
  const path = `${fillPath(signedDownloadUrlByToken.path, { id: documentId })}?${new URLSearchParams({ signerId })}`;
  return apiCall(signedDownloadUrlByToken, { path });
}

/** The sealed PDF's URL for a mailed link's hash. */
export function downloadUrlByHash(documentId: string, hash: string, signerId: string | undefined) {
  const query = new URLSearchParams({ hash, ...(signerId ? { signerId } : {}) });
  return apiCall(signedDownloadUrlByHash, {
    path: `${fillPath(signedDownloadUrlByHash.path, { id: documentId })}?${query}`,
  });
}
