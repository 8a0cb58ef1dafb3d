import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '../../api/api-error';
import { useTranslation } from '../../i18n';
import { useTranslateMessage } from '../../i18n/use-translate-message';

/**
 * The frame of a development outbox page (/dev/mail, /dev/sms): title, Refresh, and what the list's query says
 * (loading, not open to this address, an error, empty); the list itself is the children.
 */
export function OutboxFrame(props: {
  title: string;
  intro: string;
  unavailable: string;
  empty: string;
  query: UseQueryResult<unknown[]>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  const { query } = props;
  // NOT_FOUND: the outbox is not the transport, or the address lacks its key (the server does not say which).
  const isUnavailable = isApiError(query.error) && query.error.code === 'NOT_FOUND';
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <div>
          <Title order={1}>{props.title}</Title>
          <Text size="sm">{props.intro}</Text>
        </div>
        <Button variant="default" onClick={() => query.refetch()} loading={query.isFetching}>
          {t('devMail.refresh')}
        </Button>
      </Group>
      {query.isPending && <Loader aria-label={t('common.loading')} />}
      {isUnavailable && <Alert color="blue">{props.unavailable}</Alert>}
      {query.isError && !isUnavailable && (
        <Alert color="red" role="alert">
          {translateMessage(query.error.message)}
        </Alert>
      )}
      {query.data?.length === 0 && <Text>{props.empty}</Text>}
      {props.children}
    </Stack>
  );
}
