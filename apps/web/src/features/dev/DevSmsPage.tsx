import { Paper, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { useUserDates } from '../settings/user-dates';
import { useDevSms } from './api';
import { OutboxFrame } from './OutboxFrame';

/** /dev/sms?token=: the development SMS outbox, beside /dev/mail (only without Twilio, and only with the key). */
export function DevSmsPage() {
  const { t } = useTranslation();
  const dates = useUserDates();
  const [searchParams] = useSearchParams();
  const messages = useDevSms(searchParams.get('token'));

  return (
    <OutboxFrame
      title={t('devSms.title')}
      intro={t('devSms.intro')}
      unavailable={t('devSms.unavailable')}
      empty={t('devSms.empty')}
      query={messages}
    >
      {messages.data !== undefined && messages.data.length > 0 && (
        <Stack component="ul" gap="sm" p={0} m={0} aria-label={t('devSms.list')} style={{ listStyle: 'none' }}>
          {messages.data.map((message) => (
            <Paper component="li" key={message.id} withBorder p="sm" radius="md">
              <Text size="sm" fw={600}>
                {t('devMail.to', { to: message.to })}
              </Text>
              <Text size="xs" c="dimmed">
                {t('devMail.sentAt', { time: dates.dateTime(message.createdAt) })}
              </Text>
              <Text mt="xs">{message.body}</Text>
            </Paper>
          ))}
        </Stack>
      )}
    </OutboxFrame>
  );
}
