import type { UpdateCompanyRequest } from '@esign/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { uploadPicture } from './api';

/** GET user/company: the owner's settings (with whether the plan may save them). */
export function useCompany() {
  return useQuery({ queryKey: queryKeys.company(), queryFn: ({ signal }) => apiCall('getCompany', { signal }) });
}

/** PATCH user/company; a plan without branding answers QUOTA_EXCEEDED, which the page shows as the upgrade modal. */
export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: (body: UpdateCompanyRequest) => apiCall('updateCompany', { body }),
    onSuccess: (company) => queryClient.setQueryData(queryKeys.company(), company),
  });
}

/** Uploads the cropped logo, then makes it the company's (kept 280x50 by the server). */
export function useUploadCompanyLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: async (png: Blob) =>
      apiCall('updateCompanyLogo', { body: { key: await uploadPicture(png, 'company-logo.png') } }),
    onSuccess: (company) => queryClient.setQueryData(queryKeys.company(), company),
  });
}

export function useRemoveCompanyLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall('deleteCompanyLogo'),
    onSuccess: (company) => queryClient.setQueryData(queryKeys.company(), company),
  });
}
