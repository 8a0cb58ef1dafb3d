import { Button, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useLocation } from 'react-router';
import { useTranslation } from '../../i18n';

/** The page a signer sees after closing the sign-up offer; reached only with that state, else it goes to /. */
export function AboutPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const isFromSigning = (location.state as { fromSigning?: boolean } | null)?.fromSigning === true;
  if (!isFromSigning) return <Navigate to="/" replace />;
  return (
    <Stack align="center" maw={560} mx="auto" gap="md">
      <Title order={1}>{t('signing.aboutTitle')}</Title>
      <Text ta="center">{t('signing.about')}</Text>
      <Button component={Link} to="/signup">
        {t('common.signUp')}
      </Button>
    </Stack>
  );
}
