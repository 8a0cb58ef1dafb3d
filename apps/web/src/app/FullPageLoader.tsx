import { Center, Loader } from '@mantine/core';
import { useTranslation } from '../i18n';

export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Center component="main" h="100dvh">
      <Loader aria-label={t('common.loading')} role="status" />
    </Center>
  );
}
