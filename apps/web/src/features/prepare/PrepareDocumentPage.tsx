import {
  isLanguage,
  LANGUAGE_NAMES,
  LANGUAGES,
  type PrepareFormValues,
  prepareFormSchema,
  type SentDocumentType,
  type TemplateOption,
} from '@esign/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, NativeSelect, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { apiCall } from '../../api/client';
import { notifyError } from '../../api/notify';
import { queryKeys } from '../../api/query-keys';
import { useSearchParam } from '../../app/use-search-param';
import { setServerFieldErrors } from '../../forms/form-errors';
import { useFieldError } from '../../forms/use-field-error';
import { useTranslation } from '../../i18n';
import { useCurrentUser } from '../auth/api';
import { ReassignSwitch } from '../documents/ReassignSwitch';
import { useDocument } from '../upload/api';
import { UploadStep } from '../upload/UploadStep';
import { ExpiryField } from './ExpiryField';
import { useSavePrepareForm } from './prepare-form';
import { formValuesOf, templateRequest, templateValues } from './prepare-values';
import { SignersFieldset } from './SignersFieldset';
import { TemplatePicker } from './TemplatePicker';

const DOCUMENT_ID_PARAM = 'documentId';

/**
 * 'Prepare your document for signing' for /only-me, /me-and-others and /only-others: title, message, signers,
 * then the upload step. 'Prepare Doc for Signing' saves the form to the draft and opens the field editor.
 * The draft's id stays in the URL (?documentId=), so a reload keeps the document, its files and what was saved.
 * Before any file is uploaded a live template can be chosen instead: its roles give the signer rows, and the submit
 * makes a new document from it (its files and fields) and opens the editor for last changes.
 */
export function PrepareDocumentPage({ documentType }: { documentType: SentDocumentType }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [documentId, onDocumentIdChange] = useSearchParam(DOCUMENT_ID_PARAM);
  const currentUser = useCurrentUser().data;
  const document = useDocument(documentId).data;
  const save = useSavePrepareForm();
  const [template, setTemplate] = useState<TemplateOption | null>(null);
  const [isCreating, setCreating] = useState(false);
  const schema = useMemo(
    () => prepareFormSchema(documentType, { withTemplate: template !== null }),
    [documentType, template],
  );
  // The rules change with the template choice; the form keeps the resolver it was made with, which reads this.
  const schemaRef = useRef(schema);
  schemaRef.current = schema;
  const form = useForm<PrepareFormValues>({
    resolver: (values, context, options) => zodResolver(schemaRef.current)(values, context, options),
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

  const signerFields = (values: PrepareFormValues) => [
    'title' as const,
    'message' as const,
    ...values.signers.flatMap((_, index) => [`signers.${index}.name` as const, `signers.${index}.email` as const]),
  ];

  const onPrepare = (id: string) =>
    void form.handleSubmit(async (values) => {
      try {
        await save.mutateAsync({ documentId: id, values });
        navigate(`/documents/${id}/edit`);
      } catch (error) {
        if (!setServerFieldErrors(error, form.setError, signerFields(values))) notifyError(error);
      }
    })();

  const onChooseTemplate = (chosen: TemplateOption | null) => {
    setTemplate(chosen);
    form.reset(chosen ? templateValues(documentType, form.getValues(), chosen) : formValuesOf(documentType, undefined));
  };

  const onPrepareFromTemplate = (chosen: TemplateOption) =>
    void form.handleSubmit(async (values) => {
      setCreating(true);
      try {
        const created = await apiCall('createDocumentFromTemplate', {
          params: { id: chosen.id },
          body: templateRequest(documentType, values),
        });
        // The template's copy is made first; the signers' language is set on it as on any draft.
        const document =
          values.language === null
            ? created
            : await apiCall('updateDocument', { params: { id: created.id }, body: { language: values.language } });
        queryClient.setQueryData(queryKeys.documents.detail(created.id), document);
        navigate(`/documents/${created.id}/edit`);
      } catch (error) {
        if (!setServerFieldErrors(error, form.setError, signerFields(values))) notifyError(error);
      } finally {
        setCreating(false);
      }
    })();

  // Drops a draft left with only failed files (see UploadStep); `keepalive` lets it go as the tab closes too. The
  // lists are read again once it is gone: the page the user went to may have asked before the delete arrived.
  const discardDraft = useCallback(
    (id: string) => {
      apiCall('deleteDocuments', { body: { ids: [id] }, keepalive: true })
        .then(() => queryClient.invalidateQueries({ queryKey: queryKeys.documents.all() }))
        .catch(() => {});
    },
    [queryClient],
  );

  const draftTitle = () => {
    const title = form.getValues('title').trim();
    return title === '' ? {} : { title: title.slice(0, 100) };
  };

  const me =
    documentType === 'me_and_other' && currentUser ? { name: currentUser.name, email: currentUser.email } : null;
  const roles = template ? template.signers.map((signer) => signer.role ?? '') : null;

  return (
    <Stack gap="xl" maw={880}>
      <Title order={1}>{t('prepare.title')}</Title>
      <form noValidate onSubmit={(event) => event.preventDefault()}>
        <Stack gap="lg">
          {documentId === null ? (
            <TemplatePicker documentType={documentType} value={template} onChange={onChooseTemplate} />
          ) : null}
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
          {documentType === 'me' ? null : <SignersFieldset form={form} me={me} roles={roles} />}
          {documentType === 'me' ? null : (
            <Controller
              control={form.control}
              name="language"
              render={({ field }) => (
                <NativeSelect
                  label={t('prepare.language')}
                  description={t('prepare.languageDescription')}
                  maw={420}
                  data={[
                    { value: '', label: t('prepare.languageAutomatic') },
                    ...LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] })),
                  ]}
                  value={field.value ?? ''}
                  onChange={(event) =>
                    field.onChange(isLanguage(event.currentTarget.value) ? event.currentTarget.value : null)
                  }
                  onBlur={field.onBlur}
                />
              )}
            />
          )}
          {documentType !== 'me' && document ? <ReassignSwitch document={document} /> : null}
          {documentType !== 'me' && document ? <ExpiryField key={document.id} document={document} /> : null}
        </Stack>
      </form>
      {template === null ? (
        <UploadStep
          // The draft keeps the title typed so far; one whose files all failed is dropped when the user leaves.
          createDraft={() =>
            apiCall('createDocument', { body: { type: documentType, ...draftTitle() } }).then((draft) => {
              // Made here from what is typed: the form already holds more than the draft (its signers).
              filledFrom.current = draft.id;
              return draft;
            })
          }
          discardDraft={discardDraft}
          documentId={documentId}
          onDocumentIdChange={onDocumentIdChange}
          onPrepare={onPrepare}
        />
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('prepare.templateFiles')}
          </Text>
          <Group justify="flex-end">
            <Button
              size="md"
              w={{ base: '100%', xs: 'auto' }}
              loading={isCreating}
              onClick={() => onPrepareFromTemplate(template)}
            >
              {t('upload.prepare')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
