import type { OutboxMail } from '@esign/shared';
import { Grid, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { useUserDates } from '../settings/user-dates';
import { useDevMail } from './api';
import { MailText } from './MailText';
import { OutboxFrame } from './OutboxFrame';

/** /dev/mail?token=: the development outbox (only while no SMTP server is configured, and only with its key). */
export function DevMailPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const mails = useDevMail(searchParams.get('token'));
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const selected = mails.data?.find((mail) => mail.id === selectedId) ?? mails.data?.[0];

  return (
    <OutboxFrame
      title={t('devMail.title')}
      intro={t('devMail.intro')}
      unavailable={t('devMail.unavailable')}
      empty={t('devMail.empty')}
      query={mails}
    >
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
    </OutboxFrame>
  );
}

function MailList(props: { mails: OutboxMail[]; selectedId: string; onSelect: (id: string) => void }) {
  const { t } = useTranslation();
  const dates = useUserDates();
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
              <Text size="xs">{dates.dateTime(mail.createdAt)}</Text>
            </UnstyledButton>
          </li>
        );
      })}
    </Stack>
  );
}

function MailView({ mail }: { mail: OutboxMail }) {
  const { t } = useTranslation();
  const dates = useUserDates();
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={mail.subject}>
      <Title order={2} size="h3" mb="xs">
        {mail.subject}
      </Title>
      {mail.from ? <Text size="sm">{t('devMail.from', { from: mail.from })}</Text> : null}
      <Text size="sm">{t('devMail.to', { to: mail.to })}</Text>
      <Text size="sm" mb="md">
        {t('devMail.sentAt', { time: dates.dateTime(mail.createdAt) })}
      </Text>
      <MailText text={mail.text} />
    </Paper>
  );
}
