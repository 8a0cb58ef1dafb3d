import { type CreateWebhookRequest, createWebhookRequest, EVENT_TYPES, type WebhookSubscription } from '@esign/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Badge,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { notifySuccess } from '../../../api/notify';
import { afterSuccess } from '../../../api/query-client';
import { useFieldError } from '../../../forms/use-field-error';
import { useTranslation } from '../../../i18n';
import { DataTable } from '../../../ui/DataTable';
import { SectionHeading } from '../SectionHeading';
import { WebhookDeliveries } from './WebhookDeliveries';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRotateWebhookSecret,
  useSendWebhookTest,
  useUpdateWebhook,
  useWebhooks,
} from './webhooks-api';

/**
 * The Webhooks section of /settings/api: the account's webhooks (URL, events, state), a new one with its secret shown once, and per
 * webhook its delivery log, a test event, a secret rotation, turning it on again and deleting it.
 */
export function WebhooksSection() {
  const { t } = useTranslation();
  const webhooks = useWebhooks();
  const [isAdding, setIsAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<WebhookSubscription | null>(null);

  return (
    <Stack component="section" aria-labelledby="webhooks-title" gap="md">
      <Group justify="space-between">
        <SectionHeading id="webhooks-title" title={t('webhooks.title')} intro={t('webhooks.intro')} />
        <Button onClick={() => setIsAdding(true)}>{t('webhooks.add')}</Button>
      </Group>
      {webhooks.data && webhooks.data.webhooks.length === 0 && <Text>{t('webhooks.none')}</Text>}
      {webhooks.data && webhooks.data.webhooks.length > 0 && (
        <DataTable
          minWidth={760}
          rows={webhooks.data.webhooks}
          rowKey={(webhook) => webhook.id}
          renderRow={(webhook) => <WebhookRow webhook={webhook} onSecret={setSecret} onLog={() => setLogOf(webhook)} />}
          columns={[
            { key: 'url', header: t('webhooks.url') },
            { key: 'events', header: t('webhooks.events') },
            { key: 'state', header: t('webhooks.state') },
            { key: 'actions' },
          ]}
        />
      )}
      <AddWebhookModal
        opened={isAdding}
        onClose={() => setIsAdding(false)}
        onCreated={(created) => {
          setIsAdding(false);
          setSecret(created);
        }}
      />
      <Modal opened={secret !== null} onClose={() => setSecret(null)} title={t('webhooks.secretTitle')} centered>
        <Stack>
          <Text size="sm">{t('webhooks.secretText')}</Text>
          <Code block data-testid="webhook-secret">
            {secret}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={secret ?? ''}>
              {({ copied, copy }) => (
                <Button onClick={copy}>{copied ? t('webhooks.copied') : t('webhooks.copy')}</Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={logOf !== null}
        onClose={() => setLogOf(null)}
        title={t('webhooks.logTitle', { url: logOf?.url ?? '' })}
        size="xl"
      >
        {logOf && <WebhookDeliveries webhookId={logOf.id} />}
      </Modal>
    </Stack>
  );
}

function WebhookRow({
  webhook,
  onSecret,
  onLog,
}: {
  webhook: WebhookSubscription;
  onSecret: (secret: string) => void;
  onLog: () => void;
}) {
  const { t } = useTranslation();
  const test = useSendWebhookTest();
  const rotate = useRotateWebhookSecret();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const [isDeleting, setIsDeleting] = useState(false);
  return (
    <Table.Tr>
      <Table.Td style={{ wordBreak: 'break-all', minWidth: 180 }}>{webhook.url}</Table.Td>
      <Table.Td>
        <Text size="xs">
          {webhook.events.length === EVENT_TYPES.length ? t('webhooks.allEvents') : webhook.events.join(', ')}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap', minWidth: 110 }}>
        {webhook.isEnabled ? (
          // Light badges: their text is dark enough on the tint (theme.ts); white on green or yellow is under 4.5:1.
          <Badge variant="light" color={webhook.failingSince ? 'yellow' : 'green'}>
            {webhook.failingSince ? t('webhooks.failing') : t('webhooks.enabled')}
          </Badge>
        ) : (
          <Badge variant="light" color="red">
            {t('webhooks.disabled')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="light" onClick={onLog}>
            {t('webhooks.log')}
          </Button>
          <Button
            size="xs"
            variant="light"
            loading={test.isPending}
            onClick={() => test.mutate(webhook.id, { onSuccess: () => notifySuccess(t('webhooks.testSent')) })}
          >
            {t('webhooks.test')}
          </Button>
          <Button
            size="xs"
            variant="light"
            loading={rotate.isPending}
            onClick={() => rotate.mutate(webhook.id, { onSuccess: (answer) => onSecret(answer.secret) })}
          >
            {t('webhooks.rotate')}
          </Button>
          {!webhook.isEnabled && (
            <Button size="xs" variant="light" onClick={() => update.mutate({ id: webhook.id, isEnabled: true })}>
              {t('webhooks.enable')}
            </Button>
          )}
          <Button size="xs" color="red" variant="light" onClick={() => setIsDeleting(true)}>
            {t('webhooks.delete')}
          </Button>
        </Group>
        <Modal opened={isDeleting} onClose={() => setIsDeleting(false)} title={t('webhooks.deleteTitle')} centered>
          <Stack>
            <Text>{t('webhooks.deleteText', { url: webhook.url })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setIsDeleting(false)}>
                {t('settings.cancel')}
              </Button>
              <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(webhook.id)}>
                {t('webhooks.delete')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      </Table.Td>
    </Table.Tr>
  );
}

function AddWebhookModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const create = useCreateWebhook();
  const form = useForm<CreateWebhookRequest>({
    resolver: zodResolver(createWebhookRequest),
    defaultValues: { url: '', events: [...EVENT_TYPES] },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    await afterSuccess(create.mutateAsync(values), (created) => {
      form.reset();
      onCreated(created.secret);
    });
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('webhooks.add')} size="lg" centered>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack>
          <TextInput
            label={t('webhooks.url')}
            placeholder="https://example.com/webhooks"
            {...form.register('url')}
            error={fieldError(errors.url?.message)}
          />
          <Controller
            control={form.control}
            name="events"
            render={({ field }) => (
              <Checkbox.Group
                label={t('webhooks.events')}
                value={field.value}
                onChange={(value) => field.onChange(value)}
                error={fieldError(errors.events?.message)}
              >
                <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
                  {EVENT_TYPES.map((type) => (
                    <Checkbox key={type} value={type} label={type} />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
            )}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('settings.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('webhooks.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
