import type { BulkSendRequest } from '@esign/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { batchProgress } from './bulk-send-view';

/** A batch's rows are polled while any is queued (a batch of 100 takes seconds). */
export const BATCH_POLL_MS = 1500;

/** A batch's rows and how each went, polled until none is queued. */
export function useBatch(batchId: string | null) {
  return useQuery({
    queryKey: queryKeys.bulkSend.batch(batchId ?? ''),
    queryFn: ({ signal }) => apiCall('bulkSendStatus', { params: { batchId: batchId ?? '' }, signal }),
    enabled: batchId !== null,
    refetchInterval: (query) =>
      query.state.data && batchProgress(query.state.data).isFinished ? false : BATCH_POLL_MS,
    refetchIntervalInBackground: true,
  });
}

/** POST document_sign/bulk_send; the page shows its errors itself (the rows' messages, the template's). */
export function useBulkSend() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: (body: BulkSendRequest) => apiCall('bulkSend', { body }),
    onSuccess: ({ batch }) => queryClient.setQueryData(queryKeys.bulkSend.batch(batch.id), batch),
  });
}

/** Sends a batch's failed rows again (POST document_sign/bulk_send/{batchId}/retry). */
export function useRetryBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (batchId: string) => apiCall('bulkSendRetry', { params: { batchId } }),
    onSuccess: ({ batch }) => queryClient.setQueryData(queryKeys.bulkSend.batch(batch.id), batch),
  });
}
