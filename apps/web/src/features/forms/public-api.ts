import type { CreateFormDocumentRequest } from '@esign/shared';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

// The public page's calls, apart from the owner's (api.ts): the page loads nothing it does not use.

/** A live form as the public page shows it; a form that is not available answers 404. */
export function usePublicForm(formId: string) {
  return useQuery({
    queryKey: queryKeys.forms.public(formId),
    queryFn: ({ signal }) => apiCall('publicForm', { params: { id: formId }, signal }),
    retry: false,
  });
}

/** The visitor's submission: a document made and sent for them, with their signing token. */
export function submitForm(formId: string, body: CreateFormDocumentRequest) {
  return apiCall('createFormDocument', { params: { templateId: formId }, body });
}
