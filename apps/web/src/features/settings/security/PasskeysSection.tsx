import type { Passkey } from '@esign/shared';
import { Button, Card, Group, Loader, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useState } from 'react';
import { notifySuccess } from '../../../api/notify';
import { useTranslation } from '../../../i18n';
import { useUserDates } from '../user-dates';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from './api';
import { SubmitModal } from './SubmitModal';

type Editing = { kind: 'add' } | { kind: 'rename'; passkey: Passkey } | { kind: 'remove'; passkey: Passkey };

/**
 * Passkeys: listed with their dates; Add asks for a name, then the browser makes the passkey; Rename; Remove asks
 * for the password again (like turning a factor off asks for a code).
 */
export function PasskeysSection() {
  const { t } = useTranslation();
  const dates = useUserDates();
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [editing, setEditing] = useState<Editing | null>(null);
  const isSupported = browserSupportsWebAuthn();

  const onAdd = async (name: string) => {
    await add.mutateAsync(name);
    setEditing(null);
    notifySuccess(t('security.passkeyAdded'));
  };
  const onRename = async (passkey: Passkey, name: string) => {
    await rename.mutateAsync({ id: passkey.id, name });
    setEditing(null);
    notifySuccess(t('security.passkeyRenamed'));
  };
  const onRemove = async (passkey: Passkey, password: string) => {
    await remove.mutateAsync({ id: passkey.id, password });
    setEditing(null);
    notifySuccess(t('messages.passkeyRemoved'));
  };

  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={3}>{t('security.passkeysTitle')}</Title>
        <Text size="sm">{t('security.passkeysIntro')}</Text>
        {passkeys.data === undefined ? (
          <Loader size="sm" aria-label={t('common.loading')} />
        ) : passkeys.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('security.passkeysNone')}
          </Text>
        ) : (
          <Stack
            component="ul"
            aria-label={t('security.passkeysList')}
            gap="xs"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {passkeys.data.map((passkey) => (
              <Group component="li" key={passkey.id} justify="space-between" wrap="wrap" gap="xs">
                <div>
                  <Text fw={600}>{passkey.name}</Text>
                  <Text size="xs" c="dimmed">
                    {t('security.passkeyCreated', { date: dates.date(passkey.createdAt) })} ·{' '}
                    {passkey.lastUsedAt
                      ? t('security.passkeyLastUsed', { date: dates.date(passkey.lastUsedAt) })
                      : t('security.passkeyNeverUsed')}
                  </Text>
                </div>
                <Group gap="xs">
                  <Button
                    variant="default"
                    size="xs"
                    onClick={() => setEditing({ kind: 'rename', passkey })}
                    aria-label={t('security.renamePasskey', { name: passkey.name })}
                  >
                    {t('security.rename')}
                  </Button>
                  <Button
                    variant="default"
                    size="xs"
                    onClick={() => setEditing({ kind: 'remove', passkey })}
                    aria-label={t('security.removePasskey', { name: passkey.name })}
                  >
                    {t('security.remove')}
                  </Button>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
        <Group>
          {isSupported ? (
            <Button onClick={() => setEditing({ kind: 'add' })}>{t('security.addPasskey')}</Button>
          ) : (
            <Text size="sm" c="dimmed">
              {t('security.passkeysUnsupported')}
            </Text>
          )}
        </Group>
      </Stack>
      {editing?.kind === 'add' && (
        <FieldModal
          title={t('security.addPasskey')}
          intro={t('security.addPasskeyIntro')}
          label={t('security.passkeyName')}
          submit={t('security.continue')}
          onSubmit={onAdd}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'rename' && (
        <FieldModal
          title={t('security.renamePasskey', { name: editing.passkey.name })}
          label={t('security.passkeyName')}
          initial={editing.passkey.name}
          submit={t('security.save')}
          onSubmit={(name) => onRename(editing.passkey, name)}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'remove' && (
        <FieldModal
          title={t('security.removePasskey', { name: editing.passkey.name })}
          intro={t('security.removePasskeyIntro')}
          label={t('security.password')}
          isPassword
          submit={t('security.remove')}
          onSubmit={(password) => onRemove(editing.passkey, password)}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}

/** One field in a modal (a name or the password); the server's refusal, or the browser's, shows in it. */
function FieldModal(props: {
  title: string;
  intro?: string;
  label: string;
  initial?: string;
  isPassword?: boolean;
  submit: string;
  onSubmit: (value: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(props.initial ?? '');
  const Input = props.isPassword ? PasswordInput : TextInput;
  return (
    <SubmitModal
      title={props.title}
      intro={props.intro}
      submit={props.submit}
      canSubmit={value.trim() !== ''}
      onSubmit={() => props.onSubmit(props.isPassword ? value : value.trim())}
      onClose={props.onClose}
      // The browser's own refusal (cancelled, timed out, no authenticator) is no ApiError.
      browserFailure={(failure) =>
        failure instanceof Error && failure.name !== 'Error' ? t('security.passkeyNotCreated') : null
      }
    >
      <Input
        label={props.label}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        maxLength={props.isPassword ? 100 : 50}
        autoComplete={props.isPassword ? 'current-password' : 'off'}
        data-autofocus
      />
    </SubmitModal>
  );
}
