import { type DocumentType, type PrepareFormValues, prepareFormSchema } from '@esign/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { notifyError } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { useCurrentUser } from '../auth/api';
import { setServerFieldErrors } from '../auth/form-errors';
import { useFieldError } from '../auth/use-field-error';
import { useDocument } from '../upload/api';
import { UploadStep } from '../upload/UploadStep';
import { useSavePrepareForm } from './prepare-form';
import { formValuesOf } from './prepare-values';
import { SignersFieldset } from './SignersFieldset';

const DOCUMENT_ID_PARAM = 'documentId';

/**
 * 'Prepare your document for signing' for /only-me, /me-and-others and /only-others: title, message, signers,
 * then the upload step. 'Prepare Doc for Signing' saves the form to the draft and opens the field editor.
 * The draft's id stays in the URL (?documentId=), so a reload keeps the document, its files and what was saved.
 */
export function PrepareDocumentPage({ documentType }: { documentType: DocumentType }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const documentId = searchParams.get(DOCUMENT_ID_PARAM);
  const currentUser = useCurrentUser().data;
  const document = useDocument(documentId).data;
  const save = useSavePrepareForm();
  const schema = useMemo(() => prepareFormSchema(documentType), [documentType]);
  const form = useForm<PrepareFormValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: formValuesOf(documentType, undefined),
  });
  const { errors } = form.formState;

  // A saved draft (after a reload) fills the form once.
  const filledFrom = useRef<string | null>(null);
  useEffect(() => {
    if (!document || filledFrom.current === document.id) return;
    filledFrom.current = document.id;
    if (document.title || document.signers.length > 0) form.reset(formValuesOf(documentType, document));
  }, [document, documentType, form]);

  const onDocumentIdChange = useCallback(
    (id: string | null) =>
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          if (id === null) next.delete(DOCUMENT_ID_PARAM);
          else next.set(DOCUMENT_ID_PARAM, id);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  const onPrepare = (id: string) =>
    void form.handleSubmit(async (values) => {
      try {
        await save.mutateAsync({ documentId: id, values });
        navigate(`/documents/${id}/edit`);
      } catch (error) {
        const fields = values.signers.flatMap((_, index) => [
          `signers.${index}.name` as const,
          `signers.${index}.email` as const,
        ]);
        if (!setServerFieldErrors(error, form.setError, ['title', 'message', ...fields])) notifyError(error);
      }
    })();

  const me =
    documentType === 'me_and_other' && currentUser ? { name: currentUser.name, email: currentUser.email } : null;

  return (
    <Stack gap="xl" maw={880}>
      <Title order={1}>{t('prepare.title')}</Title>
      <form noValidate onSubmit={(event) => event.preventDefault()}>
        <Stack gap="lg">
          <TextInput
            label={t('prepare.documentTitle')}
            withAsterisk
            maxLength={100}
            {...form.register('title')}
            error={fieldError(errors.title?.message)}
          />
          <Textarea
            label={t('prepare.message')}
            autosize
            minRows={2}
            maxLength={1000}
            {...form.register('message')}
            error={fieldError(errors.message?.message)}
          />
          {documentType === 'me' ? null : <SignersFieldset form={form} me={me} />}
        </Stack>
      </form>
      <UploadStep
        documentType={documentType}
        documentId={documentId}
        onDocumentIdChange={onDocumentIdChange}
        onPrepare={onPrepare}
      />
    </Stack>
  );
}
