/**
 * Token storage. The access token lives in localStorage and sessionStorage (as the spec says),
 * the refresh token in localStorage. Removal in one tab reaches the others through the storage event.
 */
const ACCESS_TOKEN_KEY = 'esign.accessToken';
const REFRESH_TOKEN_KEY = 'esign.refreshToken';

type Listener = () => void;
const listeners = new Set<Listener>();

function notify() {
  for (const listener of listeners) listener();
}

export function getAccessToken(): string | null {
  return localStorage.getItem(ACCESS_TOKEN_KEY) ?? sessionStorage.getItem(ACCESS_TOKEN_KEY);
}

export function getRefreshToken(): string | null {
  return localStorage.getItem(REFRESH_TOKEN_KEY);
}

export function hasTokens(): boolean {
  return getAccessToken() !== null;
}

export function setTokens(tokens: { accessToken: string; refreshToken: string }): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, tokens.accessToken);
  sessionStorage.setItem(ACCESS_TOKEN_KEY, tokens.accessToken);
  localStorage.setItem(REFRESH_TOKEN_KEY, tokens.refreshToken);
  notify();
}

export function clearTokens(): void {
  const hadTokens = hasTokens() || getRefreshToken() !== null;
  localStorage.removeItem(ACCESS_TOKEN_KEY);
  sessionStorage.removeItem(ACCESS_TOKEN_KEY);
  localStorage.removeItem(REFRESH_TOKEN_KEY);
  if (hadTokens) notify();
}

/** Subscribes to token changes in this tab and in other tabs. Returns the unsubscribe function. */
export function subscribeToTokens(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function onStorage(event: StorageEvent) {
  if (event.storageArea !== localStorage) return;
  const isCleared = event.key === null;
  if (!isCleared && event.key !== ACCESS_TOKEN_KEY && event.key !== REFRESH_TOKEN_KEY) return;
  if (isCleared || event.newValue === null) {
    // Another tab logged out: this tab's session copy must go too.
    sessionStorage.removeItem(ACCESS_TOKEN_KEY);
  } else if (event.key === ACCESS_TOKEN_KEY) {
    sessionStorage.setItem(ACCESS_TOKEN_KEY, event.newValue);
  }
  notify();
}

if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
