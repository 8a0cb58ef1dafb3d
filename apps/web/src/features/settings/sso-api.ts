import type { UpdateSsoRequest } from '@esign/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** GET user/sso: the account owner's single sign-on (never its client secret). */
export function useSsoSettings() {
  return useQuery({ queryKey: queryKeys.sso(), queryFn: ({ signal }) => apiCall('getSso', { signal }) });
}

export function useUpdateSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: (body: UpdateSsoRequest) => apiCall('updateSso', { body }),
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.sso(), settings),
  });
}

export function useDeleteSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall('deleteSso'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sso() }),
  });
}
