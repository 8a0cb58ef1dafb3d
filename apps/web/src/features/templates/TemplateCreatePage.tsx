import { templateQuotaMessage } from '@esign/shared';
import { useNavigate } from 'react-router';
import { useSearchParam } from '../../app/use-search-param';
import { useTranslation } from '../../i18n';
import { useCurrentUser } from '../auth/api';
import { UpgradeModal } from '../plans/UpgradeModal';
import { useDocument } from '../upload/api';
import { createTemplateDraft } from './api';
import { TemplateDetails } from './TemplateDetails';
import { templateFieldsPath } from './template-paths';
import { useTemplateQuota } from './use-template-quota';

const TEMPLATE_ID_PARAM = 'templateId';

/**
 * /templates/create (?status=api for a template made for the API): the template's setup. The draft is made by the
 * first upload, and its id stays in the URL (?templateId=) so a reload keeps it. A plan without templates sees the
 * upgrade modal at once; one whose limit is reached sees it when the draft would be made (403 QUOTA_EXCEEDED).
 */
export function TemplateCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [templateId, onTemplateIdChange] = useSearchParam(TEMPLATE_ID_PARAM);
  const [status] = useSearchParam('status');
  const isForApi = status === 'api';
  const user = useCurrentUser().data;
  const template = useDocument(templateId).data;
  const quota = useTemplateQuota();
  const hasNoTemplates = user !== undefined && user.templateLimit === 0;

  const createDraft = async () => {
    try {
      return await createTemplateDraft();
    } catch (error) {
      quota.onError(error);
      throw error;
    }
  };

  return (
    <>
      <TemplateDetails
        template={template ?? null}
        title={t('templates.setupTitle')}
        createDraft={createDraft}
        onTemplateIdChange={onTemplateIdChange}
        onPrepared={() => templateId && navigate(templateFieldsPath(templateId, isForApi))}
      />
      <UpgradeModal
        text={hasNoTemplates ? templateQuotaMessage(user.plan.type, 0) : quota.upgradeText}
        onClose={() => {
          quota.closeUpgrade();
          if (hasNoTemplates || templateId === null) navigate('/templates');
        }}
      />
    </>
  );
}
