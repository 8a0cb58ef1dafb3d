import type { Requisite, RequisiteInput } from '@esign/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall, getSignAccessToken } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** Signed URLs live one hour: the list is asked again well before they expire. */
const URL_REFRESH_MS = 40 * 60 * 1000;

/** Whose requisites: the signer's of the link token in use, or the logged-in user's. */
function ownerScope(): string {
  return getSignAccessToken() === null ? 'user' : `signer:${getSignAccessToken()}`;
}

/** The caller's saved signatures and initials (live ones; deleted ones too with `withDeleted`). */
export function useRequisites({ withDeleted = false }: { withDeleted?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.requisites.list(ownerScope(), withDeleted),
    queryFn: ({ signal }) =>
      apiCall('listRequisites', { query: { withDeleted: withDeleted ? 'true' : 'false' }, signal }),
    staleTime: URL_REFRESH_MS / 2,
    refetchInterval: URL_REFRESH_MS,
  });
}

/** A signature and its initials as saved together. */
export interface RequisitePair {
  sign: Requisite;
  initial: Requisite;
}

/** Pairs of a list by siblingId, newest first; an item without its sibling is left out. */
export function pairRequisites(requisites: readonly Requisite[]): RequisitePair[] {
  const byId = new Map(requisites.map((item) => [item.id, item]));
  const pairs: RequisitePair[] = [];
  for (const sign of requisites) {
    if (sign.type !== 'sign' || sign.siblingId === null) continue;
    const initial = byId.get(sign.siblingId);
    if (initial?.type === 'initial') pairs.push({ sign, initial });
  }
  return pairs;
}

/** Creates a pair, or updates it when both items carry their ids. */
export function useSaveRequisites() {
  const queryClient = useQueryClient();
  return useMutation({
    /** `consent`: the Electronic Signature Disclosure and Consent text the owner ticked, kept with the pair. */
    mutationFn: ({ requisites, consent }: { requisites: RequisiteInput[]; consent: string | undefined }) => {
      const isUpdate = requisites.every((item) => item.id !== undefined);
      return apiCall(isUpdate ? 'updateRequisites' : 'createRequisites', {
        body: { requisites, ...(consent ? { consent } : {}) },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.requisites.all() }),
  });
}

/** Deletes a requisite and its sibling. */
export function useDeleteRequisite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall('deleteRequisite', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.requisites.all() }),
  });
}

/**
 * The URL to show a requisite's image: the signed URL it came with, or (for a logged-in user looking at a
 * document's fields) one asked for by its file key.
 */
export function useRequisiteImageUrl(requisite: Pick<Requisite, 'fileKey' | 'imageUrl'> | null | undefined) {
  const fileKey = requisite?.fileKey ?? null;
  const given = requisite?.imageUrl ?? null;
  const query = useQuery({
    queryKey: queryKeys.requisites.image(fileKey),
    queryFn: ({ signal }) => apiCall('getSignedUrl', { body: { key: fileKey ?? '' }, signal }),
    enabled: given === null && fileKey !== null,
    staleTime: URL_REFRESH_MS / 2,
  });
  return given ?? query.data?.url ?? null;
}
