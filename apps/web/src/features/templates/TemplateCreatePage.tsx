import { canCreateForms, TEMPLATE_LIMITS, templateQuotaMessage } from '@esign/shared';
import { useNavigate } from 'react-router';
import { apiCall } from '../../api/client';
import { useSearchParam } from '../../app/use-search-param';
import { useTranslation } from '../../i18n';
import { useCurrentUser } from '../auth/api';
import { UpgradeModal } from '../plans/UpgradeModal';
import { useDocument } from '../upload/api';
import { createTemplateDraft } from './api';
import { TemplateDetails } from './TemplateDetails';
import { TEMPLATE_KINDS, type TemplateKind, templateFieldsPath } from './template-kinds';
import { useTemplateQuota } from './use-template-quota';

const TEMPLATE_ID_PARAM = 'templateId';

/**
 * /templates/create (?status=api for a template made for the API) and /form-requests/create ('Create New Form'):
 * the setup. The draft is made by the first upload, and its id stays in the URL (?templateId=) so a reload keeps
 * it. A plan without templates (forms: any plan but Business) sees the upgrade modal at once; one whose limit is
 * reached sees it when the draft would be made (403 QUOTA_EXCEEDED).
 */
export function TemplateCreatePage({ kind = TEMPLATE_KINDS.template }: { kind?: TemplateKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [templateId, onTemplateIdChange] = useSearchParam(TEMPLATE_ID_PARAM);
  const [status] = useSearchParam('status');
  const isForApi = status === 'api';
  const user = useCurrentUser().data;
  const template = useDocument(templateId).data;
  const quota = useTemplateQuota();
  const hasNoRoom =
    user !== undefined &&
    (kind.type === 'form_request'
      ? !canCreateForms({ planType: user.isBusinessAccount ? 'business' : user.plan.type, teamId: user.teamId })
      : user.templateLimit === 0);

  const createDraft = async () => {
    try {
      return kind.type === 'form_request'
        ? await apiCall('createFormRequest', { body: {} })
        : await createTemplateDraft();
    } catch (error) {
      quota.onError(error);
      throw error;
    }
  };

  return (
    <>
      <TemplateDetails
        template={template ?? null}
        kind={kind}
        title={t(kind.texts.setupTitle)}
        createDraft={createDraft}
        onTemplateIdChange={onTemplateIdChange}
        onPrepared={() => templateId && navigate(templateFieldsPath(kind, templateId, isForApi))}
      />
      <UpgradeModal
        text={hasNoRoom ? templateQuotaMessage(user.plan.type, TEMPLATE_LIMITS[user.plan.type]) : quota.upgradeText}
        onClose={() => {
          quota.closeUpgrade();
          if (hasNoRoom || templateId === null) navigate(kind.listPath);
        }}
      />
    </>
  );
}
