import type { ErasureAnswer } from '@esign/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** GET user/retention: the account's rule (days, or null for forever) and its legal hold. */
export function useRetention() {
  return useQuery({ queryKey: queryKeys.retention(), queryFn: ({ signal }) => apiCall('getRetention', { signal }) });
}

/** PUT user/retention. */
export function useUpdateRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: (body: { retentionDays: number | null; legalHold: boolean }) => apiCall('updateRetention', { body }),
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.retention(), settings),
  });
}

/** POST user/erasures: with dryRun, what erasing the address would do; without, the erasure. */
export function useErasePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: (body: { email: string; includeCompleted: boolean; dryRun: boolean }): Promise<ErasureAnswer> =>
      apiCall('erasePerson', { body }),
    onSuccess: (answer) => {
      // Documents' recipients and lists changed.
      if (!answer.dryRun) void queryClient.invalidateQueries();
    },
  });
}
