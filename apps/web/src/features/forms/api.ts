import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useTemplateActions } from '../templates/api';

/** The form's submissions, for its Submitted Contracts modal (asked while it is open). */
export function useFormContracts(formId: string, isOpen: boolean) {
  return useQuery({
    queryKey: queryKeys.forms.contracts(formId),
    queryFn: ({ signal }) => apiCall('formContracts', { params: { id: formId }, signal }),
    enabled: isOpen,
  });
}

/** The people who submitted the form, for its Registered Users modal (asked while it is open). */
export function useRegisteredUsers(formId: string, isOpen: boolean) {
  return useQuery({
    queryKey: queryKeys.forms.registeredUsers(formId),
    queryFn: ({ signal }) => apiCall('formRegisteredUsers', { params: { id: formId }, signal }),
    enabled: isOpen,
  });
}

/**
 * The forms list's actions: the templates' own for duplicate, rename and delete (a form is a template to their
 * calls), plus disable and enable; each refreshes the lists when it succeeds.
 */
export function useFormActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: queryKeys.documents.all() });
  // Errors are shown by the row, not by the mutation cache.
  const meta = { isErrorShownInline: true };
  return {
    ...useTemplateActions(),
    disable: useMutation({ meta, mutationFn: (id: string) => apiCall('disableForm', { params: { id } }), onSuccess }),
    enable: useMutation({ meta, mutationFn: (id: string) => apiCall('enableForm', { params: { id } }), onSuccess }),
  };
}

/** The public link of a form (Share copies it). */
export function formLink(formId: string): string {
  return new URL(`/form-requests/${formId}/send`, window.location.origin).toString();
}
