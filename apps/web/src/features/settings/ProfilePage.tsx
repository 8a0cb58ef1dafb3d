import {
  canChangeEmail,
  DATE_FORMATS,
  isTimeZone,
  NOTIFICATION_FLAGS,
  type UpdateProfileRequest,
  type User,
  updateProfileRequest,
} from '@esign/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Divider, Group, PasswordInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { notifySuccess } from '../../api/notify';
import { setServerFieldErrors } from '../../forms/form-errors';
import { useFieldError } from '../../forms/use-field-error';
import { useTranslation } from '../../i18n';
import { useCurrentUser } from '../auth/api';
import { AvatarField } from './AvatarField';
import { useUpdateProfile } from './api';
import { DeleteAccount } from './DeleteAccount';
import { EmailField } from './EmailField';
import { SectionHeading } from './SectionHeading';
import { useTimeZoneOptions } from './time-zone-options';

/** The form's values of a user: the saved ones, both password fields empty. */
export function profileValuesOf(user: User): UpdateProfileRequest {
  const flags = Object.fromEntries(NOTIFICATION_FLAGS.map((flag) => [flag, user[flag]]));
  return {
    name: user.name,
    dateFormat: user.dateFormat,
    timezone: user.timezone && isTimeZone(user.timezone) ? user.timezone : null,
    password: '',
    passwordConfirmation: '',
    ...flags,
  } as UpdateProfileRequest;
}

const FIELDS = ['name', 'dateFormat', 'timezone', 'password', 'passwordConfirmation'] as const;
/** The time zone select's value for none (the device's own). */
const DEVICE_ZONE = 'device';

/**
 * /settings/profile: one form of Personal Information, Preferences and Notifications, then 2-Factor Authentication
 * (a link to its setup on the Security page) and Delete Account.
 */
export function ProfilePage() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  // A new form when the saved user changes, so the saved values are its pristine state.
  return <ProfileForm key={user.id} user={user} />;
}

function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const update = useUpdateProfile();
  const form = useForm<UpdateProfileRequest>({
    resolver: zodResolver(updateProfileRequest),
    mode: 'onChange',
    defaultValues: profileValuesOf(user),
  });
  const { errors, isDirty, isValid, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({
        ...values,
        ...(values.password ? {} : { password: undefined, passwordConfirmation: undefined }),
      });
      form.reset(profileValuesOf(saved));
      notifySuccess(t('messages.profileUpdated'));
    } catch (error) {
      setServerFieldErrors(error, form.setError, FIELDS);
    }
  });

  const zoneOptions = useTimeZoneOptions({ value: DEVICE_ZONE, label: t('settings.browserTimezone') }, user.timezone);

  return (
    <Stack gap="xl">
      <form onSubmit={onSubmit} noValidate aria-labelledby="personal-information">
        <Stack gap="lg">
          <SectionHeading title={t('settings.personalInformation')} id="personal-information" />
          <AvatarField user={user} />
          <TextInput
            label={t('settings.fullName')}
            autoComplete="name"
            {...form.register('name', {
              onBlur: (event: { target: HTMLInputElement }) =>
                form.setValue('name', event.target.value.trim(), { shouldDirty: true, shouldValidate: true }),
            })}
            error={fieldError(errors.name?.message)}
          />
          <EmailField key={user.email} currentEmail={user.email} isDisabled={!canChangeEmail(user)} />
          <Group grow align="flex-start">
            <PasswordInput
              label={t('settings.newPassword')}
              autoComplete="new-password"
              {...form.register('password', { deps: ['passwordConfirmation'] })}
              error={fieldError(errors.password?.message)}
            />
            <PasswordInput
              label={t('settings.repeatPassword')}
              autoComplete="new-password"
              {...form.register('passwordConfirmation')}
              error={fieldError(errors.passwordConfirmation?.message)}
            />
          </Group>
          <Text size="xs" c="dimmed" mt={-8}>
            {t('settings.passwordHint')}
          </Text>

          <Divider />
          <SectionHeading title={t('settings.preferences')} />
          <Group grow align="flex-start">
            <Controller
              control={form.control}
              name="dateFormat"
              render={({ field }) => (
                <Select
                  label={t('settings.dateFormat')}
                  data={[...DATE_FORMATS]}
                  value={field.value}
                  onChange={(value) => value && field.onChange(value)}
                  allowDeselect={false}
                />
              )}
            />
            <Controller
              control={form.control}
              name="timezone"
              render={({ field }) => (
                <Select
                  label={t('settings.timezone')}
                  data={zoneOptions}
                  value={field.value ?? DEVICE_ZONE}
                  onChange={(value) => field.onChange(value === DEVICE_ZONE || !value ? null : value)}
                  allowDeselect={false}
                  searchable
                  limit={1000}
                  maxDropdownHeight={320}
                />
              )}
            />
          </Group>

          <Divider />
          <SectionHeading title={t('settings.notifications')} intro={t('settings.notificationsIntro')} />
          <Stack gap="sm">
            {NOTIFICATION_FLAGS.map((flag) => (
              <Controller
                key={flag}
                control={form.control}
                name={flag}
                render={({ field }) => (
                  <Switch
                    label={t(`settings.flags.${flag}`)}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                  />
                )}
              />
            ))}
          </Stack>

          <Group>
            <Button type="submit" disabled={!isDirty || !isValid || isSubmitting} loading={isSubmitting}>
              {t('settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Divider />
      {/* The spec's '2-Factor Authentication' section of the profile: its setup lives on the Security page. */}
      <Stack gap="sm" align="flex-start">
        <SectionHeading title={t('security.title')} intro={t('security.intro')} />
        <Button component={Link} to="/settings/security" variant="light">
          {t('settings.twoFactorLink')}
        </Button>
      </Stack>
      <Divider />
      <DeleteAccount />
    </Stack>
  );
}
