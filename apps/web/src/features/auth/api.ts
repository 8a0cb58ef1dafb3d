import type { changePassword, SignInResponse, signIn, signUp, TwoFactorType } from '@esign/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { clearTokens, getRefreshToken, setTokens } from '../../api/tokens';
import { useAuthStatus } from './auth-status';
import { markActivity } from './use-idle-logout';

export function useCurrentUser() {
  const isAuthorized = useAuthStatus() === 'authorized';
  return useQuery({
    queryKey: queryKeys.currentUser(),
    queryFn: ({ signal }) => apiCall('getUser', { signal }),
    enabled: isAuthorized,
    staleTime: 60_000,
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: (body: z.output<typeof signUp.body>) => apiCall('signUp', { body }) });
}

/** Keeps the session of an authorized sign-in answer (password, second step, Google or a direct purchase). */
export function useKeepSession() {
  const queryClient = useQueryClient();
  return (answer: SignInResponse) => {
    if (answer.type !== 'authorized') return;
    // The user goes in first, so the logged-in routes render without a loader.
    queryClient.setQueryData(queryKeys.currentUser(), answer.user);
    markActivity();
    setTokens({ accessToken: answer.accessToken, refreshToken: answer.refreshToken });
  };
}

export function useSignIn() {
  const keepSession = useKeepSession();
  return useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: (body: z.output<typeof signIn.body>) => apiCall('signIn', { body, isUnauthorizedExpected: true }),
    onSuccess: keepSession,
  });
}

/**
 * A sign-in with a passkey: the server's challenge, the browser's own dialog (its refusal rejects with the browser's
 * error, not an ApiError), then the answer. With a two-factor token it is that sign-in's second step.
 */
export function usePasskeySignIn() {
  const keepSession = useKeepSession();
  return useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: async (twoFactorToken?: string) => {
      const body = twoFactorToken ? { twoFactorToken } : {};
      const { challengeToken, options } = await apiCall('signInPasskeyOptions', { body, isUnauthorizedExpected: true });
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const credential = await startAuthentication({ optionsJSON: options as never });
      return apiCall('signInPasskey', {
        body: { ...body, challengeToken, credential: credential as never },
        isUnauthorizedExpected: true,
      });
    },
    onSuccess: keepSession,
  });
}

/** The sign-in's second step: the code of the factor the sign-in answered (an integer for SMS). */
export function useCompleteTwoFactor() {
  const keepSession = useKeepSession();
  return useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: (step: { twoFactorToken: string; twoFactorType: TwoFactorType; code: string }) =>
      step.twoFactorType === 'twillio'
        ? apiCall('signInTwilio', {
            body: { twoFactorToken: step.twoFactorToken, code: Number(step.code) },
            isUnauthorizedExpected: true,
          })
        : apiCall('signInGoogleAuthenticator', {
            body: { twoFactorToken: step.twoFactorToken, code: step.code },
            isUnauthorizedExpected: true,
          }),
    onSuccess: keepSession,
  });
}

/** Google sign-in with the ID token Google Identity Services handed the page. */
export function useGoogleSignIn() {
  const keepSession = useKeepSession();
  return useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: (token: string) => apiCall('googleSignIn', { body: { token }, isUnauthorizedExpected: true }),
    onSuccess: keepSession,
  });
}

export function useSendConfirmationEmail() {
  return useMutation({ mutationFn: (email: string) => apiCall('sendConfirmationEmail', { body: { email } }) });
}

export function useSendPasswordResetMail() {
  return useMutation({ mutationFn: (email: string) => apiCall('sendPasswordResetMail', { body: { email } }) });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: z.output<typeof changePassword.body>) => apiCall('changePassword', { body }),
  });
}

export function useConfirmEmail() {
  return useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: (token: string) => apiCall('confirmEmail', { body: { token } }),
  });
}

/** Ends the session: tells the server to drop the refresh token, clears storage and cached server data. */
export function logOut(queryClient: QueryClient): void {
  const refreshToken = getRefreshToken();
  clearTokens();
  queryClient.clear();
  if (refreshToken !== null) {
    apiCall('logout', { body: { refreshToken }, isUnauthorizedExpected: true }).catch(() => {
      // The session is over on this side either way.
    });
  }
}
