import { setTimeout as sleep } from 'node:timers/promises';

/** Attempts at a call the service did not answer (a time-out, a network failure, a 5xx or 429). */
const ATTEMPTS = 2;
const RETRY_DELAY_MS = 500;

/** The service answered with an error status (after the refresh a 401 gets). */
export class ProviderStatusError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`the service answered ${status}`);
  }
}
/** The service did not answer, even after a retry. */
export class ProviderUnavailableError extends Error {}

export interface TokenSource {
  /** The current access token (refreshed first when it is due). */
  current: () => Promise<string>;
  /** A new access token after the service answered 401 to the current one. */
  refresh: () => Promise<string>;
}

/** A call to a service's file API: the bearer token added, a 401 refreshed once, a failure to answer retried once. */
export type ProviderFetch = (url: string, init?: RequestInit) => Promise<Response>;

const isRetryable = (status: number) => status >= 500 || status === 429;

/**
 * `timeoutMs`: how long the service may take to begin its answer; a file's bytes may then take as long as they
 * take (a 40 MB file on a slow line).
 */
export function providerFetch(tokens: TokenSource, timeoutMs: number): ProviderFetch {
  async function attempt(url: string, init: RequestInit, token: string): Promise<Response> {
    for (let tries = 1; ; tries += 1) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      try {
        const response = await fetch(url, {
          ...init,
          headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
          signal: controller.signal,
        });
        if (!isRetryable(response.status) || tries >= ATTEMPTS) return response;
        await response.body?.cancel();
      } catch (error) {
        if (tries >= ATTEMPTS) throw new ProviderUnavailableError(String(error));
      } finally {
        // Only the wait for the answer's start is timed: a large file's body streams without a deadline.
        clearTimeout(timer);
      }
      await sleep(RETRY_DELAY_MS * tries);
    }
  }

  return async (url, init = {}) => {
    let response = await attempt(url, init, await tokens.current());
    if (response.status === 401) {
      await response.body?.cancel();
      response = await attempt(url, init, await tokens.refresh());
    }
    if (isRetryable(response.status)) {
      await response.body?.cancel();
      throw new ProviderUnavailableError(`the service answered ${response.status}`);
    }
    if (!response.ok) throw new ProviderStatusError(response.status, await response.text().catch(() => ''));
    return response;
  };
}

/** A JSON answer of a file API. */
export async function jsonOf<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}
