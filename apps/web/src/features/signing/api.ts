import type { SignerFieldValue } from '@esign/shared';
import { onlineManager, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
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

/** What the signer page shows: the document, its fields, the signer, the sender's company. */
export type SignerView = NonNullable<ReturnType<typeof useSignerDocument>['data']>;

export function sendSignatoryOpened(documentId: string, signerId: string) {
  return apiCall('signatoryOpened', { params: { id: documentId, signerId } });
}

/** Settles once the browser has a network (TanStack Query's onlineManager, which the offline banner follows). */
function whenOnline(): Promise<void> {
  if (onlineManager.isOnline()) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = onlineManager.subscribe((isOnline) => {
      if (!isOnline) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * The signer's 'Sign' (spec section 9), without a query-library mutation: the signer page's first load carries none
 * (its failures are told by the page itself).
 */
const signDocument = (documentId: string, signerId: string, body: { fields: SignerFieldValue[]; consent: string }) =>
  apiCall('signDocument', { params: { id: documentId, signerId }, body });
type SignDocumentAnswer = Awaited<ReturnType<typeof signDocument>>;

export function useSignDocument(documentId: string, signerId: string) {
  const [isPending, setPending] = useState(false);
  const mutate = (
    body: { fields: SignerFieldValue[]; consent: string },
    handlers: { onSuccess: (answer: SignDocumentAnswer) => void; onError: (error: Error) => void },
  ) => {
    setPending(true);
    // As a query mutation would: offline, the call waits for the connection (the banner says so), then goes.
    whenOnline()
      .then(() => signDocument(documentId, signerId, body))
      .then(
        (answer) => {
          setPending(false);
          handlers.onSuccess(answer);
        },
        (error: unknown) => {
          setPending(false);
          handlers.onError(error instanceof Error ? error : new Error(String(error)));
        },
      );
  };
  return { mutate, isPending };
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

/** Issue 38: the identity checks the recipient must pass before the document opens, and which are passed. */
export function useSignerIdentity(documentId: string, signerId: string | null, isEnabled = true) {
  return useQuery({
    queryKey: queryKeys.signing.identity(documentId, signerId ?? ''),
    queryFn: ({ signal }) => apiCall('signerIdentity', { params: { documentId, signerId: signerId ?? '' }, signal }),
    enabled: signerId !== null && isEnabled,
    retry: false,
    // Read once for the step (fetched with its code, before it shows); refetched when a channel's check passes.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
