import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client';

export function useDevMail() {
  return useQuery({ queryKey: ['devMail'], queryFn: ({ signal }) => apiCall('devMail', { signal }) });
}
