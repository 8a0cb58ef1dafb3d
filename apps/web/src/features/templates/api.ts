import type { Document, UpdateTemplateRequest } from '@esign/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** The live templates the pickers offer (teammates' too once teams exist). */
export function useLiveTemplates({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.templates.live(),
    queryFn: ({ signal }) => apiCall('listLiveTemplates', { query: { withTeammateTemplates: 'true' }, signal }),
    enabled,
  });
}

export function createTemplateDraft(body: { title?: string; roles?: { role: string }[] } = {}) {
  return apiCall('createTemplate', { body });
}

export function saveTemplate(templateId: string, changes: UpdateTemplateRequest) {
  return apiCall('updateTemplate', { params: { id: templateId }, body: changes });
}

/** The template the editor works on: a draft as it is, a live template's draft copy (replica) otherwise. */
export async function workingCopyOf(template: Document): Promise<Document> {
  if (template.status === 'draft' || template.status === 'replica') return template;
  return apiCall('templateReplica', { params: { id: template.id } });
}

/** Save in the template editor: a replica goes in place of its source, a draft goes live when it may. */
export async function publishTemplate(template: Document): Promise<{ template: Document; errors: string[] }> {
  if (template.status === 'replica' && template.sourceTemplateId) {
    const merged = await apiCall('mergeTemplateReplica', {
      params: { sourceId: template.sourceTemplateId, templateId: template.id },
    });
    return { template: merged, errors: [] };
  }
  return apiCall('activateTemplate', { params: { id: template.id }, body: { status: 'active' } });
}

/** The templates list's actions; each refreshes the lists and pickers when it succeeds. */
export function useTemplateActions() {
  const queryClient = useQueryClient();
  const onSuccess = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.documents.all() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.templates.all() }),
    ]);
  };
  // Errors are shown by the pages (a quota error opens the upgrade modal), not by the mutation cache.
  const meta = { isErrorShownInline: true };
  return {
    duplicate: useMutation({
      meta,
      mutationFn: (id: string) => apiCall('copyTemplate', { params: { id } }),
      onSuccess,
    }),
    addToApi: useMutation({
      meta,
      mutationFn: (id: string) => apiCall('addTemplateToApi', { params: { id } }),
      onSuccess,
    }),
    removeFromApi: useMutation({
      meta,
      mutationFn: (id: string) => apiCall('removeTemplateFromApi', { params: { id } }),
      onSuccess,
    }),
    rename: useMutation({
      meta,
      mutationFn: ({ id, title }: { id: string; title: string }) => saveTemplate(id, { title }),
      onSuccess,
    }),
    remove: useMutation({
      meta,
      mutationFn: (ids: string[]) => apiCall('deleteDocuments', { body: { ids } }),
      onSuccess,
    }),
  };
}
