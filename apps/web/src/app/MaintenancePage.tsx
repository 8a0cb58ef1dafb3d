import { Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../i18n';

/** Shown instead of every page while the server is in maintenance mode (MAINTENANCE_MODE). */
export function MaintenancePage() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" maw={480} gap="sm">
        <Title order={1} ta="center">
          {t('common.maintenanceTitle')}
        </Title>
        <Text ta="center">{t('messages.maintenance')}</Text>
      </Stack>
    </Center>
  );
}
