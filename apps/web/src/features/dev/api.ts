import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** The outbox, read with its key (the `token` of the address the server printed at start). */
export function useDevMail(token: string | null) {
  return useQuery({
    queryKey: queryKeys.devMail(token),
    queryFn: ({ signal }) => apiCall('devMail', { query: token ? { token } : {}, signal }),
    retry: false,
  });
}

/** The SMS outbox, read with the same key as the mail outbox. */
export function useDevSms(token: string | null) {
  return useQuery({
    queryKey: queryKeys.devSms(token),
    queryFn: ({ signal }) => apiCall('devSms', { query: token ? { token } : {}, signal }),
    retry: false,
  });
}
