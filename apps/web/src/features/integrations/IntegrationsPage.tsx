import { deactivatedMessage, INTEGRATION_TITLES, type IntegrationState } from '@esign/shared';
import { Badge, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { notifyError, notifyInfo, notifySuccess } from '../../api/notify';
import { queryKeys } from '../../api/query-keys';
import { useTranslation } from '../../i18n';
import { useDeactivateIntegration, useIntegrations } from './api';
import { announceResult, authorizeInPopup, popupResult } from './popup';

/**
 * The authorisation window's return: as a popup it posts the result to the page that opened it and closes;
 * opened on its own (popups blocked) it shows the result here. The query is cleared either way.
 */
function useAuthorizationResult(onResult: () => void) {
  const [search, setSearch] = useSearchParams();
  useEffect(() => {
    const result = popupResult(search);
    if (result === null) return;
    const opener = window.opener as Window | null;
    if (opener && opener !== window) {
      opener.postMessage(result, window.location.origin);
      window.close();
      return;
    }
    announceResult(result);
    onResult();
    setSearch({}, { replace: true });
  }, [search, onResult, setSearch]);
}

/** /integrations: 'Integrations', its subtitle and the four services' cards. */
export function IntegrationsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const integrations = useIntegrations();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.integrations.all() }),
    [queryClient],
  );
  useAuthorizationResult(refresh);

  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            {t('integrations.title')}
          </Title>
          <Text c="dimmed">{t('integrations.subtitle')}</Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {(integrations.data ?? []).map((state) => (
            <IntegrationCard key={state.type} state={state} onChange={refresh} />
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}

function IntegrationCard({ state, onChange }: { state: IntegrationState; onChange: () => void }) {
  const { t } = useTranslation();
  const deactivate = useDeactivateIntegration();
  const [isWaiting, setIsWaiting] = useState(false);
  const service = INTEGRATION_TITLES[state.type];
  const titleId = `integration-${state.type}`;

  const onActivate = async () => {
    setIsWaiting(true);
    try {
      const result = await authorizeInPopup(state.type);
      if (result) announceResult(result);
    } catch (error) {
      notifyError(error);
    } finally {
      setIsWaiting(false);
      onChange();
    }
  };

  const onDeactivate = () =>
    deactivate.mutate(state.type, {
      onSuccess: (answer) => {
        notifySuccess(deactivatedMessage(state.type));
        if (answer.url) notifyInfo(t('integrations.manageAtService', { service }));
      },
    });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4" id={titleId}>
            {service}
          </Title>
          {state.isConnected ? (
            <Badge color="green" variant="light">
              {t('integrations.connected')}
            </Badge>
          ) : null}
          {!state.isConfigured ? (
            <Badge color="gray" variant="light">
              {t('integrations.notConfigured')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm">{t(`integrations.descriptions.${state.type}`)}</Text>
        {state.isRevoked ? (
          <Text size="sm" c="red.8">
            {t('integrations.revoked')}
          </Text>
        ) : null}
        {state.disabledReason ? (
          <Text size="sm" c="dimmed">
            {state.disabledReason}
          </Text>
        ) : null}
        <Group mt="auto">
          {state.isConnected ? (
            <Button variant="light" color="red" loading={deactivate.isPending} onClick={onDeactivate}>
              {t('integrations.deactivate')}
            </Button>
          ) : (
            <Button disabled={!state.isConfigured} loading={isWaiting} onClick={() => void onActivate()}>
              {t('integrations.activate')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
