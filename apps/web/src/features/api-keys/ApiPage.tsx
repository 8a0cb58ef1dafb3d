import {
  API_KEY_MODES,
  API_PLAN_NAMES,
  API_PLANS,
  type ApiKeyItem,
  type ApiKeyMode,
  type ApiPlanType,
  MESSAGES,
  type PlanDuration,
} from '@esign/shared';
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Menu,
  Modal,
  Pagination,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { notifyError, notifyFailure, notifySuccess } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { DataTable } from '../../ui/DataTable';
import { InvoicesTable } from '../billing/InvoicesTable';
import { ConfirmModal } from '../documents/ActionModals';
import { RowMenu } from '../documents/RowMenu';
import { SectionHeading } from '../settings/SectionHeading';
import { useUserDates } from '../settings/user-dates';
import { WebhooksSection } from '../settings/webhooks/WebhooksSection';
import { useApiKeyActions, useApiKeys, useApiSubscription, useChooseApiPlan } from './api';

const CHOOSABLE: ApiPlanType[] = ['free', 'gold', 'platinum', 'titanium'];

async function copyKey(key: string) {
  try {
    await navigator.clipboard.writeText(key);
    notifySuccess(MESSAGES.apiKeyCopied);
  } catch {
    notifyFailure(MESSAGES.copyFailed);
  }
}

/** The origins typed in one field, separated by commas or spaces. */
function originsOf(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((origin) => origin.trim())
    .filter(Boolean);
}

/**
 * /settings/api (spec part 2, section 2): the API keys table (once the API flag is set: an API plan chosen, the free
 * one included), the webhooks (issue 23: web app and public API alike) and the API plan chooser. Card details and invoices are the billing page's.
 */
export function ApiPage() {
  const { t } = useTranslation();
  const subscription = useApiSubscription();
  const info = subscription.data;
  if (subscription.isPending) return null;
  return (
    <Stack gap="xl">
      {info?.isApiEnabled ? <ApiKeysSection /> : null}
      <WebhooksSection />
      <ApiPlanSection current={info ?? null} />
      <section aria-labelledby="api-billing">
        <SectionHeading id="api-billing" title={t('apiKeys.billingTitle')} intro={t('apiKeys.billingIntro')} />
        <Group mt="sm">
          <Button component={Link} to="/settings/billing" variant="default">
            {t('billing.tab')}
          </Button>
        </Group>
      </section>
      <section aria-labelledby="api-invoices">
        <SectionHeading id="api-invoices" title={t('billing.invoices')} />
        <InvoicesTable type="api" />
      </section>
    </Stack>
  );
}

function ApiPlanSection({
  current,
}: {
  current: { plan: { type: ApiPlanType; duration: PlanDuration }; isApiEnabled: boolean } | null;
}) {
  const { t } = useTranslation();
  const choose = useChooseApiPlan();
  const [duration, setDuration] = useState<PlanDuration>(current?.plan.duration ?? 'monthly');
  const isCurrent = (type: ApiPlanType) =>
    current?.isApiEnabled === true &&
    current.plan.type === type &&
    (type === 'free' || current.plan.duration === duration);
  return (
    <section aria-labelledby="api-plan">
      <SectionHeading id="api-plan" title={t('apiKeys.planTitle')} intro={t('apiKeys.planIntro')} />
      <SegmentedControl
        mt="sm"
        value={duration}
        onChange={(value) => setDuration(value as PlanDuration)}
        data={[
          { value: 'monthly', label: t('billing.durations.monthly') },
          { value: 'annually', label: t('billing.durations.annually') },
        ]}
      />
      {choose.error ? (
        <Alert color="red" mt="sm">
          {choose.error.message}
        </Alert>
      ) : null}
      <SimpleGrid mt="sm" cols={{ base: 1, xs: 2, md: 4 }}>
        {CHOOSABLE.map((type) => {
          const entry = API_PLANS[type];
          const cents = duration === 'monthly' ? entry.monthlyCents : entry.annualCents;
          return (
            <Card withBorder key={type} data-testid={`api-plan-${type}`}>
              <Stack gap={4}>
                <Title order={3} size="h4">
                  {API_PLAN_NAMES[type]}
                </Title>
                <Text fw={600}>
                  {t(duration === 'monthly' ? 'apiKeys.pricePerMonth' : 'apiKeys.pricePerYear', {
                    price: `$${cents / 100}`,
                  })}
                </Text>
                <Text size="sm">
                  {type === 'free'
                    ? t('apiKeys.freeRequests')
                    : t('apiKeys.requestsPerMonth', { count: entry.requestsPerMonth })}
                </Text>
                <Button
                  mt="xs"
                  disabled={isCurrent(type)}
                  loading={choose.isPending && choose.variables?.type === type}
                  onClick={async () => {
                    try {
                      await choose.mutateAsync({ type, duration });
                      notifySuccess(MESSAGES.planChanged);
                    } catch {
                      // Shown above the plans.
                    }
                  }}
                >
                  {isCurrent(type) ? t('apiKeys.currentPlan') : t('apiKeys.choosePlan')}
                </Button>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </section>
  );
}

function ApiKeysSection() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const keys = useApiKeys(page, true);
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const data = keys.data;
  return (
    <section aria-labelledby="api-keys">
      <Group justify="space-between">
        <SectionHeading id="api-keys" title={t('apiKeys.title')} intro={t('apiKeys.intro')} />
        <Button onClick={() => setIsCreateOpen(true)}>{t('apiKeys.create')}</Button>
      </Group>
      {data && data.totalItems === 0 ? (
        <Text c="dimmed" mt="sm">
          {t('messages.noApiKeys')}
        </Text>
      ) : null}
      {data && data.items.length > 0 ? (
        <DataTable
          minWidth={640}
          mt="sm"
          striped
          withTableBorder
          aria-label={t('apiKeys.title')}
          rows={data.items}
          rowKey={(item) => item.id}
          renderRow={(item) => <KeyRow item={item} />}
          columns={[
            { key: 'name', header: t('apiKeys.name') },
            { key: 'prefix', header: t('apiKeys.prefix') },
            { key: 'createdAt', header: t('apiKeys.createdAt') },
            { key: 'requests', header: t('apiKeys.requests') },
            { key: 'actions' },
          ]}
        />
      ) : null}
      {data && data.pageCount > 1 ? (
        <Pagination mt="sm" total={data.pageCount} value={page} onChange={setPage} />
      ) : null}
      {isCreateOpen ? <CreateKeyModal onClose={() => setIsCreateOpen(false)} /> : null}
    </section>
  );
}

function KeyRow({ item }: { item: ApiKeyItem }) {
  const { t } = useTranslation();
  const dates = useUserDates();
  const navigate = useNavigate();
  const actions = useApiKeyActions();
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  const [isOriginsOpen, setIsOriginsOpen] = useState(false);
  const run = async (work: () => Promise<{ message: string }>) => {
    try {
      notifySuccess((await work()).message);
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Table.Tr data-testid="api-key-row">
      <Table.Td>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {item.name}
          </Text>
          {item.mode === 'test' ? (
            <Badge size="sm" variant="light" color="yellow">
              {t('apiKeys.testBadge')}
            </Badge>
          ) : null}
          {item.deletedAt ? (
            <Badge size="sm" variant="light" color="gray">
              {t('apiKeys.revokedBadge')}
            </Badge>
          ) : null}
        </Group>
      </Table.Td>
      <Table.Td>
        <Code>{item.prefix}…</Code>
      </Table.Td>
      <Table.Td>{dates.date(item.createdAt)}</Table.Td>
      <Table.Td>{item.requests}</Table.Td>
      <Table.Td>
        <RowMenu title={item.name}>
          {item.requests > 0 ? (
            <Menu.Item onClick={() => navigate(`/settings/api/${item.id}/request_history`)}>
              {t('apiKeys.viewHistory')}
            </Menu.Item>
          ) : null}
          {item.deletedAt ? (
            <Menu.Item onClick={() => run(() => actions.recover.mutateAsync(item.id))}>
              {t('apiKeys.recover')}
            </Menu.Item>
          ) : (
            <Menu.Item onClick={() => run(() => actions.revoke.mutateAsync(item.id))}>{t('apiKeys.revoke')}</Menu.Item>
          )}
          <Menu.Item onClick={() => setIsOriginsOpen(true)}>{t('apiKeys.editOrigins')}</Menu.Item>
          <Menu.Item color="red" onClick={() => setIsDeleteOpen(true)}>
            {t('apiKeys.delete')}
          </Menu.Item>
        </RowMenu>
        <ConfirmModal
          opened={isDeleteOpen}
          title={t('apiKeys.deleteTitle')}
          text={t('apiKeys.deleteText', { name: item.name })}
          confirmLabel={t('apiKeys.delete')}
          isBusy={actions.remove.isPending}
          onClose={() => setIsDeleteOpen(false)}
          onConfirm={() => {
            void run(() => actions.remove.mutateAsync(item.id)).then(() => setIsDeleteOpen(false));
          }}
        />
        {isOriginsOpen ? <OriginsModal item={item} onClose={() => setIsOriginsOpen(false)} /> : null}
      </Table.Td>
    </Table.Tr>
  );
}

/** The API key create modal: a name (required) and the mode; then the key, shown this once, with Copy. */
function CreateKeyModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { create } = useApiKeyActions();
  const [name, setName] = useState('');
  const [mode, setMode] = useState<ApiKeyMode>('live');
  const [origins, setOrigins] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [key, setKey] = useState<string | null>(null);
  const submit = async () => {
    if (name.trim() === '') {
      setError(name === '' ? MESSAGES.required : MESSAGES.onlySpaces);
      return;
    }
    try {
      setKey((await create.mutateAsync({ name, mode, allowedOrigins: originsOf(origins) })).key);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : MESSAGES.somethingWentWrong);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('apiKeys.createTitle')} centered>
      {key ? (
        <Stack>
          <Text size="sm">{t('apiKeys.shownOnce')}</Text>
          <Code block data-testid="new-api-key">
            {key}
          </Code>
          <Group justify="end">
            <Button variant="default" onClick={onClose}>
              {t('apiKeys.done')}
            </Button>
            <Button onClick={() => copyKey(key)}>{t('apiKeys.copy')}</Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <TextInput
              label={t('apiKeys.nameLabel')}
              value={name}
              onChange={(event) => {
                setName(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              data-autofocus
            />
            <SegmentedControl
              value={mode}
              onChange={(value) => setMode(value as ApiKeyMode)}
              data={API_KEY_MODES.map((value) => ({ value, label: t(`apiKeys.modes.${value}`) }))}
            />
            <Text size="xs" c="dimmed">
              {t(`apiKeys.modeHints.${mode}`)}
            </Text>
            <TextInput
              label={t('apiKeys.originsLabel')}
              description={t('apiKeys.originsHint')}
              placeholder="https://crm.example.com"
              value={origins}
              onChange={(event) => setOrigins(event.currentTarget.value)}
            />
            <Group justify="end">
              <Button variant="default" onClick={onClose}>
                {t('documents.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('apiKeys.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** A key's allowed origins for embedded signing (PATCH api_keys/{id}); documents sent from now on follow them. */
function OriginsModal({ item, onClose }: { item: ApiKeyItem; onClose: () => void }) {
  const { t } = useTranslation();
  const { setOrigins } = useApiKeyActions();
  const [origins, setOriginsText] = useState(item.allowedOrigins.join(', '));
  return (
    <Modal opened onClose={onClose} title={t('apiKeys.editOrigins')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void setOrigins
            .mutateAsync({ id: item.id, allowedOrigins: originsOf(origins) })
            .then(() => {
              notifySuccess(MESSAGES.apiKeyUpdated);
              onClose();
            })
            .catch(() => {});
        }}
      >
        <Stack>
          <TextInput
            label={t('apiKeys.originsLabel')}
            description={t('apiKeys.originsHint')}
            placeholder="https://crm.example.com"
            value={origins}
            onChange={(event) => setOriginsText(event.currentTarget.value)}
            error={setOrigins.error?.message}
            data-autofocus
          />
          <Group justify="end">
            <Button variant="default" onClick={onClose}>
              {t('documents.cancel')}
            </Button>
            <Button type="submit" loading={setOrigins.isPending}>
              {t('apiKeys.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
