import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../api/client';
import { useKeepSession } from './api';

/** 'Sign in with SSO': the provider's authorisation URL for the address (the server sets this browser's cookie). */
export function useStartSsoSignIn() {
  return useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: (email: string) => apiCall('startSsoSignIn', { body: { email }, isUnauthorizedExpected: true }),
  });
}

/** The one-time hand-off code the provider's answer left in /sso's fragment, for the sign-in's answer. */
export function useCompleteSsoSignIn() {
  const keepSession = useKeepSession();
  return useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: (code: string) => apiCall('completeSsoSignIn', { body: { code }, isUnauthorizedExpected: true }),
    onSuccess: keepSession,
  });
}
