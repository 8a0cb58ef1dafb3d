import type { OutboxMail } from '@esign/shared';
import { Alert, Button, Grid, Group, Loader, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { useTranslation } from '../../i18n';
import { useTranslateMessage } from '../../i18n/use-translate-message';
import { useDevMail } from './api';
import { MailText } from './MailText';

/** /dev/mail?token=: the development outbox (only while no SMTP server is configured, and only with its key). */
export function DevMailPage() {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  const [searchParams] = useSearchParams();
  const mails = useDevMail(searchParams.get('token'));
  const [selectedId, setSelectedId] = useState<string | null>(null);

  // NOT_FOUND: SMTP is configured, or the address lacks the outbox's key (the server does not say which).
  const isUnavailable = isApiError(mails.error) && mails.error.code === 'NOT_FOUND';
  const selected = mails.data?.find((mail) => mail.id === selectedId) ?? mails.data?.[0];

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <div>
          <Title order={1}>{t('devMail.title')}</Title>
          <Text size="sm">{t('devMail.intro')}</Text>
        </div>
        <Button variant="default" onClick={() => mails.refetch()} loading={mails.isFetching}>
          {t('devMail.refresh')}
        </Button>
      </Group>
      {mails.isPending && <Loader aria-label={t('common.loading')} />}
      {isUnavailable && <Alert color="blue">{t('devMail.unavailable')}</Alert>}
      {mails.isError && !isUnavailable && (
        <Alert color="red" role="alert">
          {translateMessage(mails.error.message)}
        </Alert>
      )}
      {mails.data?.length === 0 && <Text>{t('devMail.empty')}</Text>}
      {mails.data !== undefined && selected !== undefined && (
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <MailList mails={mails.data} selectedId={selected.id} onSelect={setSelectedId} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <MailView mail={selected} />
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}

function formatTime(iso: string): string {
  return new Date(iso).toLocaleString();
}

function MailList(props: { mails: OutboxMail[]; selectedId: string; onSelect: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <Stack component="ul" gap={0} p={0} m={0} aria-label={t('devMail.mailList')} style={{ listStyle: 'none' }}>
      {props.mails.map((mail) => {
        const isSelected = mail.id === props.selectedId;
        return (
          <li key={mail.id}>
            <UnstyledButton
              onClick={() => props.onSelect(mail.id)}
              aria-current={isSelected ? 'true' : undefined}
              w="100%"
              p="sm"
              bg={isSelected ? 'blue.0' : undefined}
              style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
            >
              <Text size="sm" fw={600} truncate>
                {mail.subject}
              </Text>
              <Text size="sm" truncate>
                {t('devMail.to', { to: mail.to })}
              </Text>
              <Text size="xs">{formatTime(mail.createdAt)}</Text>
            </UnstyledButton>
          </li>
        );
      })}
    </Stack>
  );
}

function MailView({ mail }: { mail: OutboxMail }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={mail.subject}>
      <Title order={2} size="h3" mb="xs">
        {mail.subject}
      </Title>
      <Text size="sm">{t('devMail.to', { to: mail.to })}</Text>
      <Text size="sm" mb="md">
        {t('devMail.sentAt', { time: formatTime(mail.createdAt) })}
      </Text>
      <MailText text={mail.text} />
    </Paper>
  );
}
