import type { CreateWebhookRequest } from '@esign/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export function useWebhooks() {
  return useQuery({
    queryKey: queryKeys.webhooks.list(),
    queryFn: ({ signal }) => apiCall('listWebhooks', { signal }),
  });
}

export function useWebhookDeliveries(webhookId: string, page: number) {
  return useQuery({
    queryKey: queryKeys.webhooks.deliveries(webhookId, page),
    queryFn: ({ signal }) => apiCall('listWebhookDeliveries', { params: { id: webhookId }, query: { page }, signal }),
    // Retries land in the log as they happen.
    refetchInterval: 5000,
  });
}

function useInvalidateWebhooks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all() });
}

export function useCreateWebhook() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: (body: CreateWebhookRequest) => apiCall('createWebhook', { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateWebhook() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: ({ id, isEnabled }: { id: string; isEnabled: boolean }) =>
      apiCall('updateWebhook', { params: { id }, body: { isEnabled } }),
    onSuccess: invalidate,
  });
}

export function useDeleteWebhook() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: (id: string) => apiCall('deleteWebhook', { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useRotateWebhookSecret() {
  return useMutation({ mutationFn: (id: string) => apiCall('rotateWebhookSecret', { params: { id } }) });
}

export function useSendWebhookTest() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: (id: string) => apiCall('sendWebhookTest', { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useReplayWebhookDelivery() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: (params: { id: string; deliveryId: string }) => apiCall('replayWebhookDelivery', { params }),
    onSuccess: invalidate,
  });
}
