import { useSyncExternalStore } from 'react';
import { hasTokens, subscribeToTokens } from '../../api/tokens';

export type AuthStatus = 'authorized' | 'unauthorized';

function getStatus(): AuthStatus {
  return hasTokens() ? 'authorized' : 'unauthorized';
}

/** Authorized while tokens are stored; follows logouts and 401s in this and other tabs. */
export function useAuthStatus(): AuthStatus {
  return useSyncExternalStore(subscribeToTokens, getStatus, getStatus);
}
