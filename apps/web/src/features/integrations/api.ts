import type { IntegrationType } from '@esign/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** The four cards: configured or not, connected, revoked. */
export function useIntegrations() {
  return useQuery({
    queryKey: queryKeys.integrations.list(),
    queryFn: ({ signal }) => apiCall('listIntegrations', { signal }),
    select: (data) => data.integrations,
  });
}

export function useDeactivateIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type: IntegrationType) => apiCall('deactivateIntegration', { body: { type } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.integrations.all() }),
  });
}

/** One page of a folder of a connected service (its root without `folderId`). */
export function useIntegrationFiles(type: IntegrationType | null, folderId: string | null, cursor: string | null) {
  return useQuery({
    queryKey: queryKeys.integrations.files(type ?? 'google_drive', folderId, cursor),
    queryFn: ({ signal }) =>
      apiCall('integrationFiles', {
        params: { type: type ?? 'google_drive' },
        query: { ...(folderId ? { folderId } : {}), ...(cursor ? { cursor } : {}) },
        signal,
      }),
    enabled: type !== null,
    retry: false,
  });
}
