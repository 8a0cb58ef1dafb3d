import type { PrepareFormValues } from '@esign/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { prepareRequest } from './prepare-values';

export function useSavePrepareForm() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: ({ documentId, values }: { documentId: string; values: PrepareFormValues }) =>
      apiCall('updateDocument', { params: { id: documentId }, body: prepareRequest(values) }),
    onSuccess: (document) => queryClient.setQueryData(queryKeys.documents.detail(document.id), document),
  });
}
