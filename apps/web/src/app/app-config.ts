import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../api/client';
import { queryKeys } from '../api/query-keys';

/**
 * The server's settings the app follows (`GET app-config`): the idle time-out and the maintenance flag. Read once
 * per page load, so an operator's change reaches each browser at its next load, with no new build.
 */
export function useAppConfig() {
  return useQuery({
    queryKey: queryKeys.appConfig(),
    queryFn: ({ signal }) => apiCall('appConfig', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
