import { MESSAGES } from '@esign/shared';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { notifySuccess } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { LanguageSwitcher } from '../../i18n/LanguageSwitcher';
import { usePageLanguage } from '../../i18n/page-language';
import { useTranslateMessage } from '../../i18n/use-translate-message';
import { rememberSignToken } from '../signing/use-sign-token';
import { FormFirstPage } from './FormFirstPage';
import { submitForm, usePublicForm } from './public-api';
import type { SignerField } from './signer-errors';

type Values = Record<SignerField, string>;
type Errors = Partial<Record<SignerField, string>>;

/** The shared rules, loaded with zod on the first check, after the page is drawn (see signer-errors.ts). */
const checkSigner = async (values: Values) => (await import('./signer-errors')).signerErrors(values);

/**
 * /form-requests/{id}/send, open to anyone: a live form's title and first page, then the visitor's name and e-mail
 * (checked by the shared rules on leaving a field and on submit). Submitting makes and sends a document for them
 * and opens its signer page at once with their own token (kept in the tab's session storage, not in the address).
 * A form that is not live answers the same 'not available' page. Its first load holds no zod, form library or
 * editor code: like the signer page, it stays within 150 KB of JavaScript besides pdf.js.
 */
export function PublicFormPage() {
  usePageLanguage();
  const { formRequestId = '' } = useParams();
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const navigate = useNavigate();
  const form = usePublicForm(formRequestId);
  const [values, setValues] = useState<Values>({ name: '', email: '' });
  const [touched, setTouched] = useState<Partial<Record<SignerField, boolean>>>({});
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  const check = async (next: Values, shown: Partial<Record<SignerField, boolean>>) => {
    const found = await checkSigner(next);
    setErrors({ name: shown.name ? found.name : undefined, email: shown.email ? found.email : undefined });
    return found;
  };
  const onBlur = (field: SignerField) => {
    const shown = { ...touched, [field]: true };
    setTouched(shown);
    void check(values, shown);
  };
  const onChange = (field: SignerField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (touched[field]) void check(next, touched);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const all = { name: true, email: true };
    setTouched(all);
    setFailure(null);
    const found = await check(values, all);
    if (found.name || found.email) return;
    setSubmitting(true);
    try {
      const made = await submitForm(formRequestId, { signer: values });
      rememberSignToken(made.documentId, made.signAccessToken);
      notifySuccess(t('messages.documentSubmitted'));
      navigate(`/documents/${made.documentId}/sign`, { replace: true });
    } catch (error) {
      setSubmitting(false);
      if (!isApiError(error)) {
        setFailure(MESSAGES.somethingWentWrongPleaseComma);
        return;
      }
      // The server names the fields under `signer`; any other refusal (the limits, the quota) is said below.
      const fieldErrors = { name: error.fieldErrors['signer.name'], email: error.fieldErrors['signer.email'] };
      if (fieldErrors.name || fieldErrors.email) setErrors(fieldErrors);
      else setFailure(error.message);
    }
  };

  const switcher = (
    <Group justify="flex-end">
      <LanguageSwitcher />
    </Group>
  );
  if (form.isPending) return <Text ta="center">{t('common.loading')}</Text>;
  if (form.isError || !form.data) {
    // A form that is not live is 404 ('This form is not available', in the visitor's language); any other failure
    // (a 429, the network) says its own sentence.
    const heading =
      isApiError(form.error) && form.error.code !== 'NOT_FOUND'
        ? translate(form.error.message)
        : t('forms.public.notAvailableTitle');
    return (
      <Stack gap="sm" maw={480} mx="auto" data-testid="form-not-available">
        {switcher}
        <Title order={1} size="h2">
          {heading}
        </Title>
        <Text c="dimmed">{t('forms.public.notAvailableText')}</Text>
      </Stack>
    );
  }

  const fieldError = (field: SignerField) => {
    const message = errors[field];
    return message === undefined ? undefined : translate(message);
  };
  return (
    <Stack gap="md" maw={480} mx="auto">
      {switcher}
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
      <Paper withBorder p="lg">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Text size="sm">{t('forms.public.intro')}</Text>
            <TextInput
              label={t('forms.public.name')}
              autoComplete="name"
              required
              value={values.name}
              onChange={(event) => onChange('name', event.currentTarget.value)}
              onBlur={() => onBlur('name')}
              error={fieldError('name')}
            />
            <TextInput
              label={t('forms.public.email')}
              type="email"
              autoComplete="email"
              required
              value={values.email}
              onChange={(event) => onChange('email', event.currentTarget.value)}
              onBlur={() => onBlur('email')}
              error={fieldError('email')}
            />
            {failure ? (
              <Text c="red" size="sm" role="alert">
                {translate(failure)}
              </Text>
            ) : null}
            <Button type="submit" loading={isSubmitting} fullWidth>
              {t('forms.public.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
