import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** Every change of a factor shows on the user (`isTwillio2fa`, `isGoogle2fa`, `phoneNumber`). */
function useRefreshUser() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.currentUser() });
}

export function useSendSmsCode() {
  return useMutation({
    mutationFn: (params: { scope: 'verify' | 'disable'; phone: string }) =>
      apiCall('generateTwilioCode', { query: { scope: params.scope }, body: { phone: params.phone } }),
  });
}

export function useVerifyPhone() {
  const refreshUser = useRefreshUser();
  return useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: (body: { phone: string; code: number }) => apiCall('verifyPhone', { body }),
    onSuccess: refreshUser,
  });
}

export function useDisableSms() {
  const refreshUser = useRefreshUser();
  return useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: (code: number) => apiCall('disableTwilio', { body: { code } }),
    onSuccess: refreshUser,
  });
}

export function useEnableAuthenticator() {
  return useMutation({ mutationFn: () => apiCall('enableGoogleAuthenticator', {}) });
}

export function useVerifyAuthenticator() {
  const refreshUser = useRefreshUser();
  return useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: (code: string) => apiCall('verifyGoogleCode', { body: { code } }),
    onSuccess: refreshUser,
  });
}

export function useDisableAuthenticator() {
  const refreshUser = useRefreshUser();
  return useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: (code: string) => apiCall('disableGoogleAuthenticator', { body: { code } }),
    onSuccess: refreshUser,
  });
}
