import type { BillingDetails, CardForm, ChangePlanRequest } from '@esign/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../api/api-error';
import { apiCall } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export function useCard() {
  return useQuery({ queryKey: queryKeys.billing.card(), queryFn: () => apiCall('getCreditCard') });
}

export function usePlans() {
  return useQuery({ queryKey: queryKeys.billing.plans(), queryFn: () => apiCall('getPlans') });
}

/** GET subscriptions; a not-found is silently ignored (section 8). */
export function useSubscription() {
  return useQuery({
    queryKey: queryKeys.billing.subscription(),
    queryFn: async () => {
      try {
        return await apiCall('getSubscriptions');
      } catch (error) {
        if (isApiError(error) && error.code === 'NOT_FOUND') return null;
        throw error;
      }
    },
  });
}

/** GET invoices of the account's plans or of its API plans; while a PDF is being made it is asked again every 2 s. */
export function useInvoices(type: 'plan' | 'api' = 'plan') {
  return useQuery({
    queryKey: queryKeys.billing.invoices(type),
    queryFn: () => apiCall('getInvoices', { query: { type } }),
    refetchInterval: (query) => (query.state.data?.some((invoice) => invoice.pdfKey === null) ? 2000 : false),
  });
}

/** Everything billing shows changes with a plan: the plans, the subscription, the invoices and the user. */
function useRefreshBilling() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.billing.all() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.currentUser() }),
    ]);
  };
}

/** POST credit-card (no card yet) or PATCH credit-card (replacing it). */
export function useSaveCard(hasCard: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: (body: CardForm) => apiCall(hasCard ? 'updateCreditCard' : 'addCreditCard', { body }),
    onSuccess: (card) => queryClient.setQueryData(queryKeys.billing.card(), card),
  });
}

export function useChangePlan() {
  const refresh = useRefreshBilling();
  return useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: (body: ChangePlanRequest) => apiCall('changePlan', { body }),
    onSuccess: refresh,
  });
}

export function useCancelSubscription() {
  const refresh = useRefreshBilling();
  return useMutation({ mutationFn: () => apiCall('cancelSubscription'), onSuccess: refresh });
}

export function useUpgradeAppSumo() {
  const refresh = useRefreshBilling();
  return useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: (code: string) => apiCall('upgradeAppSumo', { body: { code } }),
    onSuccess: refresh,
  });
}

export function useUpdateBillingDetails() {
  return useMutation({
    mutationFn: (body: BillingDetails) => apiCall('updateBillingDetails', { body }),
  });
}

/** A signed URL that saves an invoice's PDF (auth/get_signed_download_url). */
export async function invoiceDownloadUrl(pdfKey: string, fileName: string): Promise<string> {
  return (await apiCall('getSignedDownloadUrl', { body: { key: pdfKey, fileName } })).result;
}
