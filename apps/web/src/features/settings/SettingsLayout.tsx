import { Stack, Title } from '@mantine/core';
import { Outlet } from 'react-router';
import { useTranslation } from '../../i18n';
import { ButtonNav } from '../../layouts/ButtonNav';
import type { NavEntry } from '../../layouts/navigation';

/**
 * The settings' sub-pages, in the order their links show. The owner-only pages (company, api, billing: behind
 * `OwnerOnly`) join this list as they are built.
 */
export const SETTINGS_PAGES: readonly NavEntry[] = [
  { labelKey: 'company.tab', to: '/settings/company' },
  { labelKey: 'settings.profileTab', to: '/settings/profile' },
  { labelKey: 'settings.editSignatureTab', to: '/settings/edit-signature' },
  { labelKey: 'settings.securityTab', to: '/settings/security' },
  { labelKey: 'apiKeys.tab', to: '/settings/api' },
  { labelKey: 'billing.tab', to: '/settings/billing' },
  { labelKey: 'ssoSettings.tab', to: '/settings/sso' },
  { labelKey: 'retention.tab', to: '/settings/retention' },
];

/** /settings: the title 'Settings', a link per sub-page (the current one lit), and the page. */
export function SettingsLayout() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>{t('settings.title')}</Title>
      <ButtonNav entries={SETTINGS_PAGES} label={t('settings.sections')} />
      <Outlet />
    </Stack>
  );
}
