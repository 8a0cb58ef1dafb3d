import {
  type Document,
  FORM_SIGNER_ROLE,
  MAX_SIGNERS,
  type TemplateFormValues,
  templateFormSchema,
} from '@esign/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Button, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { notifyError } from '../../api/notify';
import { setServerFieldErrors } from '../../forms/form-errors';
import { useFieldError } from '../../forms/use-field-error';
import { useTranslation } from '../../i18n';
import { RecipientRoleFields } from '../prepare/RecipientRoleFields';
import { VerificationFields } from '../prepare/VerificationFields';
import { CloseIcon } from '../upload/icons';
import { UploadStep } from '../upload/UploadStep';
import { saveTemplate } from './api';
import { expiryChoices, expiryDaysChoice, expiryDaysOf, NO_EXPIRY } from './default-expiry';
import type { TemplateKind } from './template-kinds';

/** A template's title and roles as the form holds them (the roles in their order; a form's one is SIGNER). */
export function templateFormValues(template: Document | undefined, kind: TemplateKind): TemplateFormValues {
  const roles = (template?.signers ?? [])
    .filter((signer) => !signer.isPreparer)
    .map((signer) => ({
      id: signer.id,
      role: signer.role ?? '',
      recipientRole: signer.recipientRole,
      verification: signer.verification ?? 'none',
      // Only a step the form's schema takes (1 or more) is kept: an edited live form's copy answered one it refuses,
      // which failed the form unseen and left 'Prepare Form' doing nothing.
      ...(typeof signer.step === 'number' && signer.step >= 1 ? { step: signer.step } : {}),
    }));
  const noRoles = [{ role: kind.hasRoles ? '' : FORM_SIGNER_ROLE }];
  return { title: template?.title ?? '', roles: roles.length > 0 ? roles : noRoles };
}

export interface TemplateDetailsProps {
  /** The template being set up (a draft or a live template's replica); null until the first upload makes it. */
  template: Document | null;
  kind: TemplateKind;
  title: string;
  createDraft: () => Promise<Document>;
  onTemplateIdChange: (templateId: string | null) => void;
  /** Title and roles are saved: open the field editor. */
  onPrepared: () => void;
}

/**
 * The template's setup before its fields: title, signer roles ('Client', 'Witness'; a role list needs more than one
 * row to delete one; identical roles are refused), and its files through the upload step. 'Prepare Template' saves
 * the title and roles, then opens the field editor.
 */
export function TemplateDetails({
  template,
  kind,
  title,
  createDraft,
  onTemplateIdChange,
  onPrepared,
}: TemplateDetailsProps) {
  const { t } = useTranslation();
  const rolesTitleId = useId();
  const fieldError = useFieldError();
  const [isSaving, setSaving] = useState(false);
  const form = useForm<TemplateFormValues>({
    resolver: zodResolver(templateFormSchema),
    mode: 'onTouched',
    defaultValues: templateFormValues(template ?? undefined, kind),
  });
  const roles = useFieldArray({ control: form.control, name: 'roles', keyName: 'key' });
  // The default expiry of the documents made from it, in days or none: a choice, so never out of range.
  const [expiryDays, setExpiryDays] = useState(expiryDaysChoice(template?.expiryDays));
  const { errors } = form.formState;

  // The template loaded after the page (a reload, an edit) fills the form once.
  const filledFrom = useRef<string | null>(template?.id ?? null);
  useEffect(() => {
    if (!template || filledFrom.current === template.id) return;
    filledFrom.current = template.id;
    // A form's seeded signers are not the user's input: a new form's draft keeps the title typed before the upload.
    const hasRolesOfItsOwn = kind.hasRoles && template.signers.length > 0;
    if (template.title || hasRolesOfItsOwn) form.reset(templateFormValues(template, kind));
    setExpiryDays(expiryDaysChoice(template.expiryDays));
  }, [template, form, kind]);

  const onPrepare = (templateId: string) =>
    void form.handleSubmit(async (values) => {
      setSaving(true);
      try {
        // A form's signers are fixed ('Me (Now)' and SIGNER): only its title and default expiry are saved.
        await saveTemplate(templateId, {
          title: values.title.trim(),
          ...(kind.hasRoles ? { roles: values.roles } : {}),
          expiryDays: expiryDaysOf(expiryDays),
        });
        onPrepared();
      } catch (error) {
        const fields = values.roles.map((_, index) => `roles.${index}.role` as const);
        if (!setServerFieldErrors(error, form.setError, ['title', ...fields])) notifyError(error);
      } finally {
        setSaving(false);
      }
    })();

  return (
    <Stack gap="xl" maw={880}>
      <Title order={1}>{title}</Title>
      <form noValidate onSubmit={(event) => event.preventDefault()}>
        <Stack gap="lg">
          <TextInput
            label={t(kind.texts.title)}
            withAsterisk
            maxLength={100}
            {...form.register('title')}
            error={fieldError(errors.title?.message)}
          />
          {kind.hasRoles ? (
            <Stack component="section" gap="sm" aria-labelledby={rolesTitleId}>
              <Title order={2} size="h3" id={rolesTitleId}>
                {t('templates.roles')}
              </Title>
              {roles.fields.map((row, index) => (
                <Group key={row.key} gap="sm" wrap="nowrap" align="flex-start" data-testid="role-row">
                  <TextInput
                    flex={1}
                    label={t('templates.role')}
                    placeholder={t('templates.rolePlaceholder')}
                    withAsterisk
                    maxLength={100}
                    autoComplete="off"
                    {...form.register(`roles.${index}.role`)}
                    error={fieldError(errors.roles?.[index]?.role?.message)}
                  />
                  <RecipientRoleFields
                    register={form.register}
                    path={`roles.${index}`}
                    n={index + 1}
                    withStep
                    label="prepare.actsAs"
                  />
                  <VerificationFields
                    register={form.register}
                    path={`roles.${index}`}
                    n={index + 1}
                    verification={undefined}
                  />
                  <ActionIcon
                    mt={28}
                    variant="subtle"
                    color="gray"
                    aria-label={t('templates.removeRole', { n: index + 1 })}
                    disabled={roles.fields.length <= 1}
                    onClick={() => roles.remove(index)}
                  >
                    <CloseIcon />
                  </ActionIcon>
                </Group>
              ))}
              <Group>
                <Button
                  variant="light"
                  disabled={roles.fields.length >= MAX_SIGNERS}
                  onClick={() => roles.append({ role: '', recipientRole: 'signer' })}
                >
                  {t('templates.addRole')}
                </Button>
              </Group>
            </Stack>
          ) : null}
          <Select
            maw={420}
            label={t('templates.defaultExpiry')}
            description={t('templates.defaultExpiryDescription')}
            data={[
              { value: NO_EXPIRY, label: t('templates.defaultExpiryNone') },
              ...expiryChoices(expiryDays).map((days) => ({
                value: String(days),
                label: t('templates.defaultExpiryDays', { count: days }),
              })),
            ]}
            value={expiryDays}
            onChange={(value) => setExpiryDays(value ?? NO_EXPIRY)}
            allowDeselect={false}
            data-testid="default-expiry"
          />
        </Stack>
      </form>
      <UploadStep
        createDraft={createDraft}
        documentId={template?.id ?? null}
        onDocumentIdChange={onTemplateIdChange}
        onPrepare={onPrepare}
        prepareLabel={t(kind.texts.prepare)}
        isPreparing={isSaving}
      />
    </Stack>
  );
}
