import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export function usePasskeys() {
  return useQuery({ queryKey: queryKeys.passkeys(), queryFn: () => apiCall('listPasskeys', {}) });
}

function useRefreshPasskeys() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.passkeys() });
}

/**
 * Adds a passkey: the server's options, the browser's own dialog (a cancelled or failed one rejects with the
 * browser's error, not an ApiError), then its answer under the name.
 */
export function useAddPasskey() {
  const refreshPasskeys = useRefreshPasskeys();
  return useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: async (name: string) => {
      const { challengeToken, options } = await apiCall('passkeyRegistrationOptions', {});
      const { startRegistration } = await import('@simplewebauthn/browser');
      const credential = await startRegistration({ optionsJSON: options as never });
      return apiCall('addPasskey', { body: { name, challengeToken, credential: credential as never } });
    },
    onSuccess: refreshPasskeys,
  });
}

export function useRenamePasskey() {
  const refreshPasskeys = useRefreshPasskeys();
  return useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: (params: { id: string; name: string }) =>
      apiCall('renamePasskey', { params: { id: params.id }, body: { name: params.name } }),
    onSuccess: refreshPasskeys,
  });
}

export function useRemovePasskey() {
  const refreshPasskeys = useRefreshPasskeys();
  return useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: (params: { id: string; password: string }) =>
      apiCall('deletePasskey', { params: { id: params.id }, body: { password: params.password } }),
    onSuccess: refreshPasskeys,
  });
}
