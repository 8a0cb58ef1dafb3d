import {
  COMPANY_LOGO_ASPECT,
  COMPANY_LOGO_HEIGHT_PX,
  COMPANY_LOGO_WIDTH_PX,
  type CompanySettings,
  MESSAGES,
  type UpdateCompanyRequest,
  updateCompanyRequest,
} from '@esign/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Badge,
  Box,
  Button,
  Checkbox,
  Divider,
  FileButton,
  Group,
  Image,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ApiError } from '../../api/api-error';
import { notifyError, notifySuccess } from '../../api/notify';
import { setServerFieldErrors } from '../../forms/form-errors';
import { useFieldError } from '../../forms/use-field-error';
import { useTranslation } from '../../i18n';
import { UpgradeModal } from '../plans/UpgradeModal';
import { useCompany, useRemoveCompanyLogo, useUpdateCompany, useUploadCompanyLogo } from './company-api';
import { PictureCropModal, usePictureCrop } from './PictureCrop';
import { SectionHeading } from './SectionHeading';

const TEXT_FIELDS = ['companyName', 'tagline', 'industry', 'companyEmail', 'emailTemplate', 'redirectionPage'] as const;
const SIGNATURE_TYPES = [
  'isDrawnSignaturesAvailable',
  'isTypedSignaturesAvailable',
  'isUploadedSignaturesAvailable',
] as const;

/** The form's values of saved settings: texts as typed (none is empty). */
function companyValuesOf(company: CompanySettings): UpdateCompanyRequest {
  return {
    ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, company[field] ?? ''])),
    signatureTypesPreferences: company.signatureTypesPreferences,
    enableSignerAccessCodes: company.enableSignerAccessCodes,
  } as UpdateCompanyRequest;
}

/** /settings/company (the owner's): the company's branding and signing preferences; saving is Business only. */
export function CompanyPage() {
  const company = useCompany().data;
  if (!company) return null;
  return <CompanyForm company={company} />;
}

function CompanyForm({ company }: { company: CompanySettings }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const update = useUpdateCompany();
  const [upgradeText, setUpgradeText] = useState<string | null>(null);
  const form = useForm<UpdateCompanyRequest>({
    resolver: zodResolver(updateCompanyRequest),
    mode: 'onChange',
    defaultValues: companyValuesOf(company),
  });
  const { errors, isDirty, isValid, isSubmitting } = form.formState;
  /** A plan without branding sees the upgrade modal instead of a save (free users cannot save: section 6). */
  const showUpgrade = () => setUpgradeText(MESSAGES.companyBusinessOnly);
  const onQuota = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'QUOTA_EXCEEDED') showUpgrade();
    else throw error;
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (!company.isAvailable) return showUpgrade();
    try {
      const saved = await update.mutateAsync(values);
      form.reset(companyValuesOf(saved));
      notifySuccess(t('messages.companySaved'));
    } catch (error) {
      try {
        onQuota(error);
      } catch {
        setServerFieldErrors(error, form.setError, [...TEXT_FIELDS, 'signatureTypesPreferences']);
      }
    }
  });

  const text = (name: (typeof TEXT_FIELDS)[number], props: { autoComplete?: string; placeholder?: string } = {}) => (
    <TextInput
      label={t(`company.${name}`)}
      {...props}
      {...form.register(name)}
      error={fieldError(errors[name]?.message)}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="company-branding">
      <Stack gap="lg">
        <Group gap="sm">
          <SectionHeading title={t('company.branding')} intro={t('company.brandingIntro')} id="company-branding" />
          {!company.isAvailable && <Badge variant="light">{t('company.businessFeature')}</Badge>}
        </Group>
        <LogoField company={company} onQuota={onQuota} showUpgrade={showUpgrade} />
        {text('companyName', { autoComplete: 'organization' })}
        {text('tagline')}
        {text('industry')}

        <Divider />
        <SectionHeading title={t('company.emails')} intro={t('company.emailsIntro')} />
        {text('companyEmail', { placeholder: t('company.companyEmailPlaceholder') })}
        <Textarea
          label={t('company.emailTemplate')}
          placeholder={t('company.emailTemplatePlaceholder')}
          autosize
          minRows={3}
          {...form.register('emailTemplate')}
          error={fieldError(errors.emailTemplate?.message)}
        />

        <Divider />
        <SectionHeading title={t('company.signing')} />
        {text('redirectionPage', { placeholder: 'https://', autoComplete: 'url' })}
        <Controller
          control={form.control}
          name="signatureTypesPreferences"
          render={({ field, fieldState }) => (
            <Checkbox.Group
              label={t('company.signatureTypes')}
              description={t('company.signatureTypesIntro')}
              value={SIGNATURE_TYPES.filter((type) => field.value[type])}
              onChange={(chosen) =>
                field.onChange(Object.fromEntries(SIGNATURE_TYPES.map((type) => [type, chosen.includes(type)])))
              }
              error={fieldError(fieldState.error?.message ?? fieldState.error?.root?.message)}
            >
              <Group mt="xs">
                {SIGNATURE_TYPES.map((type) => (
                  <Checkbox key={type} value={type} label={t(`company.types.${type}`)} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
        />
        <Controller
          control={form.control}
          name="enableSignerAccessCodes"
          render={({ field }) => (
            <Switch
              label={t('company.enableSignerAccessCodes')}
              description={t('company.enableSignerAccessCodesIntro')}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
        <Group>
          <Button type="submit" disabled={!isDirty || !isValid || isSubmitting} loading={isSubmitting}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
      <UpgradeModal text={upgradeText} onClose={() => setUpgradeText(null)} />
    </form>
  );
}

/** The logo: its 280x50 picture, Upload (cropped at 5.6:1 in a modal) and Remove. */
function LogoField(props: { company: CompanySettings; onQuota: (error: unknown) => void; showUpgrade: () => void }) {
  const { t } = useTranslation();
  const upload = useUploadCompanyLogo();
  const remove = useRemoveCompanyLogo();
  const logoUrl = props.company.companyLogoUrl;
  const picture = usePictureCrop({
    size: { width: COMPANY_LOGO_WIDTH_PX, height: COMPANY_LOGO_HEIGHT_PX },
    upload: (png) => upload.mutateAsync(png).catch(props.onQuota),
    onUploaded: () => notifySuccess(t('company.logoUploaded')),
  });

  return (
    <Group gap="md" align="center">
      <Box
        w={COMPANY_LOGO_WIDTH_PX}
        h={COMPANY_LOGO_HEIGHT_PX}
        style={{ border: '1px dashed var(--mantine-color-gray-4)', borderRadius: 4, display: 'grid' }}
      >
        {logoUrl ? (
          <Image src={logoUrl} alt={t('company.logo')} w={COMPANY_LOGO_WIDTH_PX} h={COMPANY_LOGO_HEIGHT_PX} />
        ) : (
          <Text size="xs" c="dimmed" style={{ placeSelf: 'center' }}>
            {t('company.noLogo')}
          </Text>
        )}
      </Box>
      <Stack gap={4}>
        <Group gap="xs">
          {props.company.isAvailable ? (
            <FileButton
              onChange={(file) => void picture.pick(file)}
              accept=".jpg,.jpeg,.png,.bmp,image/jpeg,image/png,image/bmp"
            >
              {(buttonProps) => (
                <Button variant="light" size="xs" {...buttonProps}>
                  {t(logoUrl ? 'company.changeLogo' : 'company.uploadLogo')}
                </Button>
              )}
            </FileButton>
          ) : (
            <Button variant="light" size="xs" onClick={props.showUpgrade}>
              {t('company.uploadLogo')}
            </Button>
          )}
          {logoUrl && (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              loading={remove.isPending}
              onClick={() => remove.mutateAsync().catch(notifyError)}
            >
              {t('company.removeLogo')}
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t('company.logoHint')}
        </Text>
      </Stack>
      <PictureCropModal
        imageUrl={picture.imageUrl}
        aspect={COMPANY_LOGO_ASPECT}
        title={t('company.cropTitle')}
        saveLabel={t('company.cropSave')}
        saving={upload.isPending}
        onCancel={picture.cancel}
        onSave={(area) => void picture.save(area)}
      />
    </Group>
  );
}
