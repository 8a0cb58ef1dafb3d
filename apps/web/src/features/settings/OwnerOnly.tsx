import { canManageAccountSettings } from '@esign/shared';
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, Outlet } from 'react-router';
import { useTranslation } from '../../i18n';
import { useCurrentUser } from '../auth/api';

/**
 * The settings pages only an account's owner may open (company, api, request history, billing, plan): others see
 * 'Oops! You don't have access.' with the spec's text and a way back. A route element around those pages.
 */
export function OwnerOnly() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  if (user && canManageAccountSettings(user)) return <Outlet />;
  return (
    <Stack gap="md" align="flex-start" maw={560}>
      <Title order={2}>{t('messages.noAccess')}</Title>
      <Text>{t('messages.noAccessToSettings')}</Text>
      <Button component={Link} to="/">
        {t('settings.backToMain')}
      </Button>
    </Stack>
  );
}

/** /settings opens the company page (the spec's default), or the profile for a teammate, who may not open it. */
export function SettingsHome() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return <Navigate to={canManageAccountSettings(user) ? '/settings/company' : '/settings/profile'} replace />;
}
