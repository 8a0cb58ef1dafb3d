import type { SentDocumentType, TemplateOption } from '@esign/shared';
import { Select } from '@mantine/core';
import { useTranslation } from '../../i18n';
import { useLiveTemplates } from '../templates/api';

/** Only Me uses a template of one role, which the preparer takes. */
export function canUseTemplate(type: SentDocumentType, template: TemplateOption): boolean {
  return type !== 'me' || template.signers.length === 1;
}

/** 'Template (optional)': the live templates (the user's, and teammates' once teams exist); hidden when none. */
export function TemplatePicker(props: {
  documentType: SentDocumentType;
  value: TemplateOption | null;
  onChange: (template: TemplateOption | null) => void;
}) {
  const { t } = useTranslation();
  const templates = useLiveTemplates().data ?? [];
  if (templates.length === 0) return null;
  return (
    <Select
      label={t('prepare.template')}
      placeholder={t('prepare.templatePlaceholder')}
      description={props.documentType === 'me' ? t('messages.templateOneRoleForMe') : undefined}
      clearable
      searchable
      nothingFoundMessage={t('prepare.noTemplate')}
      data={templates.map((template) => ({
        value: template.id,
        label: template.title || t('documents.untitled'),
        disabled: !canUseTemplate(props.documentType, template),
      }))}
      value={props.value?.id ?? null}
      onChange={(id) => props.onChange(templates.find((template) => template.id === id) ?? null)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
