import { MutationCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';
import { notifyError } from './notify';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { isErrorShownInline?: boolean };
  }
}

const MAX_RETRIES = 2;

function shouldRetry(failureCount: number, error: unknown): boolean {
  // Client errors are final; network and server errors get a couple more tries.
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.isErrorShownInline) return;
        // Field errors show on the form's fields.
        if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) return;
        notifyError(error);
      },
    }),
  });
}

/**
 * For a handler that awaits a mutation whose failure the mutation cache above already shows (a toast, or the form's
 * fields): runs `then` with the answer when it succeeds, and does nothing more when it fails, so no rejection is left
 * unhandled and nothing is told twice.
 */
export async function afterSuccess<T>(mutation: Promise<T>, then: (answer: T) => void): Promise<void> {
  let answer: T;
  try {
    answer = await mutation;
  } catch {
    return;
  }
  then(answer);
}
