import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { useTranslation } from '../../i18n';
import { useTranslateMessage } from '../../i18n/use-translate-message';
import { useDevSms } from './api';

/** /dev/sms?token=: the development SMS outbox, beside /dev/mail (only without Twilio, and only with the key). */
export function DevSmsPage() {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  const [searchParams] = useSearchParams();
  const messages = useDevSms(searchParams.get('token'));
  const isUnavailable = isApiError(messages.error) && messages.error.code === 'NOT_FOUND';

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <div>
          <Title order={1}>{t('devSms.title')}</Title>
          <Text size="sm">{t('devSms.intro')}</Text>
        </div>
        <Button variant="default" onClick={() => messages.refetch()} loading={messages.isFetching}>
          {t('devMail.refresh')}
        </Button>
      </Group>
      {messages.isPending && <Loader aria-label={t('common.loading')} />}
      {isUnavailable && <Alert color="blue">{t('devSms.unavailable')}</Alert>}
      {messages.isError && !isUnavailable && (
        <Alert color="red" role="alert">
          {translateMessage(messages.error.message)}
        </Alert>
      )}
      {messages.data?.length === 0 && <Text>{t('devSms.empty')}</Text>}
      {messages.data !== undefined && messages.data.length > 0 && (
        <Stack component="ul" gap="sm" p={0} m={0} aria-label={t('devSms.list')} style={{ listStyle: 'none' }}>
          {messages.data.map((message) => (
            <Paper component="li" key={message.id} withBorder p="sm" radius="md">
              <Text size="sm" fw={600}>
                {t('devMail.to', { to: message.to })}
              </Text>
              <Text size="xs" c="dimmed">
                {t('devMail.sentAt', { time: new Date(message.createdAt).toLocaleString() })}
              </Text>
              <Text mt="xs">{message.body}</Text>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
