import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { apiCall } from '../../api/client';
import { notifyError } from '../../api/notify';
import { queryKeys } from '../../api/query-keys';
import { FullPageLoader } from '../../app/FullPageLoader';
import { useTranslation } from '../../i18n';
import { useCurrentUser } from '../auth/api';
import { Editor } from '../editor/Editor';
import { useDocument } from '../upload/api';
import { workingCopyOf } from './api';
import { TemplateDetails } from './TemplateDetails';
import { TEMPLATE_KINDS, type TemplateKind, templateFieldsPath } from './template-kinds';

/**
 * /templates/{templateId}/edit, then /templates/{templateId}/edit/fields (forms: /form-requests/..., 'Update Form'): a draft is edited as it is; a live
 * template never changes in place, so its draft copy (replica) is edited and Save merges it back. First its title,
 * roles and files, then the field editor in template mode. If the template cannot be loaded the user goes back to
 * /templates.
 */
export function TemplateEditPage({
  step,
  kind = TEMPLATE_KINDS.template,
}: {
  step: 'details' | 'fields';
  kind?: TemplateKind;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { templateId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const isForApi = searchParams.get('status') === 'api';
  const user = useCurrentUser().data;
  const working = useQuery({
    queryKey: queryKeys.templates.working(templateId),
    queryFn: async ({ signal }) => {
      const template = await apiCall('getDocument', { params: { id: templateId }, signal });
      return (await workingCopyOf(template)).id;
    },
    // Asked again each time the page opens: a merge removes the replica it answered.
    gcTime: 0,
    retry: false,
  });
  const workingId = working.data ?? null;
  const template = useDocument(workingId).data;

  useEffect(() => {
    if (!working.isError) return;
    notifyError(working.error);
    navigate(kind.listPath, { replace: true });
  }, [working.isError, working.error, navigate, kind.listPath]);

  if (template === undefined || user === undefined || template.id !== workingId) return <FullPageLoader />;
  if (step === 'fields')
    return <Editor key={template.id} document={template} user={user} template={{ toApi: isForApi }} />;
  return (
    <TemplateDetails
      template={template}
      kind={kind}
      title={t(kind.texts.editTitle)}
      createDraft={() => Promise.resolve(template)}
      onTemplateIdChange={(id) => id === null && navigate(kind.listPath, { replace: true })}
      onPrepared={() => navigate(templateFieldsPath(kind, templateId, isForApi))}
    />
  );
}
