import type { ApiPlanType, CreateApiKeyRequest, PlanDuration } from '@esign/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../api/api-error';
import { apiCall } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** GET api-subscriptions; a not-found is silently ignored (section 8). */
export function useApiSubscription() {
  return useQuery({
    queryKey: queryKeys.billing.apiSubscription(),
    queryFn: async () => {
      try {
        return await apiCall('getApiSubscriptions');
      } catch (error) {
        if (isApiError(error) && error.code === 'NOT_FOUND') return null;
        throw error;
      }
    },
  });
}

export function useApiKeys(page: number, isEnabled: boolean) {
  return useQuery({
    queryKey: queryKeys.apiKeys.list(page),
    queryFn: () => apiCall('listApiKeys', { query: { page } }),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });
}

export function useApiKey(id: string) {
  return useQuery({ queryKey: queryKeys.apiKeys.detail(id), queryFn: () => apiCall('getApiKey', { params: { id } }) });
}

export function useRequestHistory(id: string, page: number) {
  return useQuery({
    queryKey: queryKeys.apiKeys.history(id, page),
    queryFn: () => apiCall('apiKeyRequestHistory', { params: { id }, query: { page } }),
    placeholderData: keepPreviousData,
  });
}

/** Choosing an API plan (the free one is DELETE api-plans) refreshes the plan, the invoices and the keys' flag. */
export function useChooseApiPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: (plan: { type: ApiPlanType; duration: PlanDuration }) =>
      plan.type === 'gold' || plan.type === 'platinum' || plan.type === 'titanium'
        ? apiCall('changeApiPlan', { body: { type: plan.type, duration: plan.duration } })
        : apiCall('deleteApiPlan'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.billing.all() }),
  });
}

export function useApiKeyActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys.all() });
  return {
    create: useMutation({
      meta: { isErrorShownInline: true },
      mutationFn: (body: CreateApiKeyRequest) => apiCall('createApiKey', { body }),
      onSuccess,
    }),
    revoke: useMutation({ mutationFn: (id: string) => apiCall('revokeApiKey', { params: { id } }), onSuccess }),
    recover: useMutation({ mutationFn: (id: string) => apiCall('recoverApiKey', { params: { id } }), onSuccess }),
    remove: useMutation({ mutationFn: (id: string) => apiCall('deleteApiKey', { params: { id } }), onSuccess }),
    setOrigins: useMutation({
      meta: { isErrorShownInline: true },
      mutationFn: (input: { id: string; allowedOrigins: string[] }) =>
        apiCall('updateApiKey', { params: { id: input.id }, body: { allowedOrigins: input.allowedOrigins } }),
      onSuccess,
    }),
  };
}
