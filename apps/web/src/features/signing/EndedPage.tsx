import type { EndedStatus } from '@esign/shared';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../i18n';
import { LanguageSwitcher } from '../../i18n/LanguageSwitcher';

const TEXTS = {
  declined: ['lifecycle.endedDeclinedTitle', 'lifecycle.endedDeclinedText'],
  voided: ['lifecycle.endedVoidedTitle', 'lifecycle.endedVoidedText'],
  expired: ['lifecycle.endedExpiredTitle', 'lifecycle.endedExpiredText'],
} as const satisfies Record<EndedStatus, readonly [string, string]>;

/**
 * The page of a link whose document ended (issue 36): declined by a signer, withdrawn by the sender, or expired,
 * in the signer's language; `isOwnDecline` for the signer who just declined it.
 */
export function EndedPage(props: { reason: EndedStatus; senderName: string; isOwnDecline?: boolean }) {
  const { t } = useTranslation();
  const [title, text] = props.isOwnDecline
    ? (['lifecycle.declinedTitle', 'lifecycle.declinedText'] as const)
    : TEXTS[props.reason];
  return (
    <Stack component="main" gap="md" maw={520} mx="auto" p="md" data-testid="link-ended" data-reason={props.reason}>
      <Group justify="flex-end">
        <LanguageSwitcher />
      </Group>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Title order={1} size="h2">
            {t(title)}
          </Title>
          <Text>{t(text, { name: props.senderName })}</Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
