import type { TemplateOption } from '@esign/shared';
import { Alert, Button, Select, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { useTranslateMessage } from '../../i18n/use-translate-message';
import { isSendableTemplate, templateRoles } from './bulk-send-view';

/**
 * The live template to send. Every live template is listed with its roles; one without exactly one signer role
 * can be chosen but says why it cannot be sent (the spec's sentence), rather than being hidden without a word.
 */
export function TemplatePicker(props: {
  templates: readonly TemplateOption[] | undefined;
  /** The list could not be loaded (its error is shown instead). */
  error: Error | null;
  value: string | null;
  onChange: (templateId: string | null) => void;
}) {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  const { templates } = props;
  if (props.error) {
    return (
      <Alert color="red" variant="light" role="alert">
        {translateMessage(props.error.message)}
      </Alert>
    );
  }
  if (templates !== undefined && templates.length === 0) {
    return (
      <Alert color="blue" variant="light">
        <Stack gap="xs" align="start">
          <Text size="sm">{t('bulkSend.noTemplates')}</Text>
          <Button component={Link} to="/templates/create" size="xs" variant="light">
            {t('bulkSend.createTemplate')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const chosen = templates?.find((template) => template.id === props.value);
  const rolesOf = (template: TemplateOption) => {
    const roles = templateRoles(template);
    return t('bulkSend.templateRoles', {
      count: roles.length,
      roles: roles.map((role) => role.role ?? '').join(t('bulkSend.listSeparator')),
    });
  };
  return (
    <Select
      label={t('bulkSend.template')}
      placeholder={t('bulkSend.templatePlaceholder')}
      data={(templates ?? []).map((template) => ({
        value: template.id,
        label: template.title || t('documents.untitled'),
      }))}
      value={props.value}
      onChange={props.onChange}
      searchable
      nothingFoundMessage={t('bulkSend.noTemplateFound')}
      disabled={templates === undefined}
      maw={520}
      renderOption={({ option }) => {
        const template = templates?.find((item) => item.id === option.value);
        return (
          <Stack gap={0}>
            <Text size="sm">{option.label}</Text>
            {template ? (
              <Text size="xs" c={isSendableTemplate(template) ? 'dimmed' : 'red.8'}>
                {rolesOf(template)}
              </Text>
            ) : null}
          </Stack>
        );
      }}
      description={chosen && isSendableTemplate(chosen) ? rolesOf(chosen) : undefined}
      error={chosen && !isSendableTemplate(chosen) ? t('messages.bulkSendOneSigner') : undefined}
    />
  );
}
