import { Box, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useToastsBelow } from '../../app/toasts-below';
import { useTranslation } from '../../i18n';
import { LanguageSwitcher } from '../../i18n/LanguageSwitcher';
import type { SignerView } from './api';
import { CompanyHeader } from './CompanyHeader';

/**
 * The signer page's sticky header: the sender's company, the title, who sent it, the language, and on a wide screen
 * the actions.
 */
export function SignerHeader({ view, actions }: { view: SignerView; actions: ReactNode }) {
  const { t } = useTranslation();
  const headerRef = useToastsBelow<HTMLDivElement>();
  return (
    <Box
      ref={headerRef}
      component="header"
      pos="sticky"
      top={0}
      bg="white"
      px="md"
      py="xs"
      style={{ zIndex: 10, borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Box miw={0} style={{ flex: 1 }}>
          <Group gap="xs" wrap="nowrap">
            <CompanyHeader company={view.company} />
            <Title
              order={1}
              fz="md"
              miw={0}
              style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {view.document.title}
            </Title>
          </Group>
          <Text size="xs" c="dimmed" truncate="end">
            {view.company?.name
              ? t('signing.fromCompany', { name: view.document.senderName, company: view.company.name })
              : t('signing.from', { name: view.document.senderName })}
          </Text>
        </Box>
        <LanguageSwitcher />
        {actions}
      </Group>
    </Box>
  );
}
