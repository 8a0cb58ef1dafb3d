import { Box, Container, Group, Text } from '@mantine/core';
import { Outlet } from 'react-router';
import { useTranslation } from '../i18n';
import { ProductName } from './ProductName';

/** A simple header and footer around the page, for links opened from e-mails and the dev outbox. */
export function GuestLayout() {
  const { t } = useTranslation();
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg" h={60}>
          <Group h="100%">
            <ProductName to="/" />
          </Group>
        </Container>
      </Box>
      <Container component="main" size="lg" py="xl" w="100%" style={{ flex: 1 }}>
        <Outlet />
      </Container>
      <Box component="footer" py="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg">
          <Text size="sm">{t('common.footer')}</Text>
        </Container>
      </Box>
    </Box>
  );
}
