import { type FormSignerValues, formSignerSchema, MESSAGES } from '@esign/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Center, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { useTranslation } from '../../i18n';
import { useTranslateMessage } from '../../i18n/use-translate-message';
import { useFieldError } from '../auth/use-field-error';
import { rememberSignToken } from '../signing/use-sign-token';
import { usePublicForm, useSubmitForm } from './api';
import { FormFirstPage } from './FormFirstPage';

/**
 * /form-requests/{id}/send, open to anyone: a live form's title and first page, then the visitor's name and e-mail. Submitting
 * makes and sends a document for them and opens its signer page at once with their own token (kept in the tab's
 * session storage, not in the address). A form that is not live answers the same 'not available' page.
 */
export function PublicFormPage() {
  const { formRequestId = '' } = useParams();
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const form = usePublicForm(formRequestId);
  const submit = useSubmitForm(formRequestId);
  const signerForm = useForm<FormSignerValues>({
    resolver: zodResolver(formSignerSchema),
    mode: 'onTouched',
    defaultValues: { name: '', email: '' },
  });
  const { errors, isSubmitting } = signerForm.formState;

  const onSubmit = signerForm.handleSubmit(async (signer) => {
    try {
      const made = await submit.mutateAsync({ signer });
      rememberSignToken(made.documentId, made.signAccessToken);
      navigate(`/documents/${made.documentId}/sign`, { replace: true });
    } catch (error) {
      // The server names the fields under `signer`; the form's own are name and email.
      if (!isApiError(error)) return;
      for (const field of ['name', 'email'] as const) {
        const message = error.fieldErrors[`signer.${field}`];
        if (message) signerForm.setError(field, { type: 'server', message });
      }
    }
  });

  if (form.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (form.isError || !form.data) {
    const isGone = isApiError(form.error) && form.error.code === 'NOT_FOUND';
    return (
      <Stack gap="sm" maw={480} mx="auto" data-testid="form-not-available">
        <Title order={1} size="h2">
          {translate(isGone || !isApiError(form.error) ? MESSAGES.formNotAvailable : form.error.message)}
        </Title>
        <Text c="dimmed">{t('forms.public.notAvailableText')}</Text>
      </Stack>
    );
  }

  const failure = isApiError(submit.error) ? submit.error : null;
  const hasFieldError = failure !== null && Object.keys(failure.fieldErrors).length > 0;
  const submitError = failure && !hasFieldError ? translate(failure.message) : null;

  return (
    <Stack gap="md" maw={480} mx="auto">
      <Stack gap={4}>
        {/* User text is rendered as text, never as HTML. */}
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {form.data.title}
        </Title>
        <Text size="sm" c="dimmed">
          {t('forms.public.pages', { count: form.data.pageCount })}
        </Text>
      </Stack>
      {form.data.pdfUrl && form.data.firstPage ? (
        <FormFirstPage
          pdfUrl={form.data.pdfUrl}
          page={form.data.firstPage}
          label={t('forms.public.firstPage', { title: form.data.title })}
        />
      ) : null}
      <Card withBorder padding="lg">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Text size="sm">{t('forms.public.intro')}</Text>
            <TextInput
              label={t('forms.public.name')}
              autoComplete="name"
              required
              {...signerForm.register('name')}
              error={fieldError(errors.name?.message)}
            />
            <TextInput
              label={t('forms.public.email')}
              type="email"
              autoComplete="email"
              required
              {...signerForm.register('email')}
              error={fieldError(errors.email?.message)}
            />
            {submitError && (
              <Alert color="red" role="alert">
                {submitError}
              </Alert>
            )}
            <Button type="submit" loading={isSubmitting} fullWidth>
              {t('forms.public.submit')}
            </Button>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
