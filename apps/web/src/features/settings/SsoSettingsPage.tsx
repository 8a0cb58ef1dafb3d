import type { SsoSettings } from '@esign/shared';
import { Alert, Button, Code, Group, PasswordInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '../../api/api-error';
import { notifySuccess } from '../../api/notify';
import { setServerFieldErrors } from '../../forms/form-errors';
import { useFieldError } from '../../forms/use-field-error';
import { useTranslation } from '../../i18n';
import { useTranslateMessage } from '../../i18n/use-translate-message';
import { SectionHeading } from './SectionHeading';
import { useDeleteSsoSettings, useSsoSettings, useUpdateSsoSettings } from './sso-api';

interface SsoFormValues {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  domains: string;
  isRequired: boolean;
}

const FIELDS = ['issuerUrl', 'clientId', 'clientSecret', 'domains'] as const;

function valuesOf(settings: SsoSettings): SsoFormValues {
  return {
    issuerUrl: settings.issuerUrl ?? '',
    clientId: settings.clientId ?? '',
    clientSecret: '',
    domains: settings.domains.join(', '),
    isRequired: settings.isRequired,
  };
}

/** /settings/sso (the account owner's): the OpenID provider its domains' people sign in through. */
export function SsoSettingsPage() {
  const settings = useSsoSettings().data;
  if (!settings) return null;
  return <SsoForm settings={settings} />;
}

function SsoForm({ settings }: { settings: SsoSettings }) {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  const fieldError = useFieldError();
  const update = useUpdateSsoSettings();
  const remove = useDeleteSsoSettings();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SsoFormValues>({ defaultValues: valuesOf(settings) });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await update.mutateAsync({
        issuerUrl: values.issuerUrl,
        clientId: values.clientId,
        ...(values.clientSecret ? { clientSecret: values.clientSecret } : {}),
        domains: values.domains.split(/[\s,;]+/).filter(Boolean),
        isRequired: values.isRequired,
      });
      form.reset(valuesOf(saved));
      notifySuccess(t('ssoSettings.saved'));
    } catch (error) {
      if (!setServerFieldErrors(error, form.setError, FIELDS)) {
        setFormError(translateMessage(isApiError(error) ? error.message : 'Something went wrong'));
      }
    }
  });

  const onRemove = async () => {
    await remove.mutateAsync();
    form.reset(valuesOf({ ...settings, issuerUrl: null, clientId: null, domains: [], isRequired: false }));
    notifySuccess(t('ssoSettings.removed'));
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="sso-title">
      <Stack gap="md" maw={640}>
        <SectionHeading title={t('ssoSettings.title')} intro={t('ssoSettings.intro')} id="sso-title" />
        <div>
          <Text size="sm" fw={500}>
            {t('ssoSettings.redirectUri')}
          </Text>
          <Code>{settings.redirectUri}</Code>
        </div>
        {formError !== null && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <TextInput
          label={t('ssoSettings.issuerUrl')}
          description={t('ssoSettings.issuerHint')}
          placeholder="https://"
          autoComplete="url"
          {...form.register('issuerUrl')}
          error={fieldError(errors.issuerUrl?.message)}
        />
        <TextInput
          label={t('ssoSettings.clientId')}
          {...form.register('clientId')}
          error={fieldError(errors.clientId?.message)}
        />
        <PasswordInput
          label={t('ssoSettings.clientSecret')}
          description={settings.hasClientSecret ? t('ssoSettings.clientSecretKept') : undefined}
          autoComplete="new-password"
          {...form.register('clientSecret')}
          error={fieldError(errors.clientSecret?.message)}
        />
        <TextInput
          label={t('ssoSettings.domains')}
          description={t('ssoSettings.domainsHint')}
          {...form.register('domains')}
          error={fieldError(errors.domains?.message)}
        />
        <Switch label={t('ssoSettings.isRequired')} {...form.register('isRequired')} />
        <Group>
          <Button type="submit" loading={isSubmitting}>
            {t('ssoSettings.save')}
          </Button>
          {settings.isConfigured && (
            <Button variant="default" color="red" onClick={onRemove} loading={remove.isPending}>
              {t('ssoSettings.remove')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
