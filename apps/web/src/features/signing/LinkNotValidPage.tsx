import { Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { lazyComponent } from '../../app/lazy-component';
import { useTranslation } from '../../i18n';
import { LanguageSwitcher } from '../../i18n/LanguageSwitcher';
import { useLinkStatus } from './api';

/**
 * A signing link that does not open (replaced by Edit & Resend, made up, of an unknown document): a signer has no
 * account, so instead of the log-in page they learn the link is no longer valid and whom to ask, by the sender's
 * name when the token was once issued for this document (the server tells nothing else of it, but whether the
 * document was declined, withdrawn or expired: EndedPage), in their language.
 */
// Only a link whose document ended needs it: loaded then.
const EndedPage = lazyComponent(async () => (await import('./EndedPage')).EndedPage);

export function LinkNotValidPage({ documentId, token }: { documentId: string; token: string | null }) {
  const { t } = useTranslation();
  const status = useLinkStatus(documentId, token);
  if (status.isLoading) {
    return (
      <Center h="100dvh">
        <Loader aria-label={t('common.loading')} role="status" />
      </Center>
    );
  }
  const senderName = status.data?.senderName ?? null;
  const reason = status.data?.reason ?? null;
  // The document ended (declined, withdrawn, expired): its page says which (only for a token issued for it).
  if (reason && senderName) {
    return (
      <Suspense fallback={null}>
        <EndedPage reason={reason} senderName={senderName} />
      </Suspense>
    );
  }
  return (
    <Stack component="main" gap="md" maw={520} mx="auto" p="md" data-testid="link-not-valid">
      <Group justify="flex-end">
        <LanguageSwitcher />
      </Group>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Title order={1} size="h2">
            {t('signing.linkNotValidTitle')}
          </Title>
          <Text>
            {senderName ? t('signing.linkNotValidAskSender', { name: senderName }) : t('signing.linkNotValidAsk')}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
