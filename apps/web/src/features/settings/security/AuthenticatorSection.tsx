import type { User } from '@esign/shared';
import { Button, Card, Code, Group, Image, List, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { notifySuccess } from '../../../api/notify';
import { afterSuccess } from '../../../api/query-client';
import { useTranslation } from '../../../i18n';
import { useDisableAuthenticator, useEnableAuthenticator, useVerifyAuthenticator } from './api';
import { CodeModal } from './CodeModal';

/**
 * Google Authenticator: Set Up shows the QR image (and its key for typing in), a code from the app turns it on and
 * the ten backup codes are shown once; Disable asks for a current code.
 */
export function AuthenticatorSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const enable = useEnableAuthenticator();
  const verify = useVerifyAuthenticator();
  const disable = useDisableAuthenticator();
  const [setup, setSetup] = useState<{ qrCode: string; secret: string } | null>(null);
  const [isDisabling, setIsDisabling] = useState(false);
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);

  const onSetUp = () => afterSuccess(enable.mutateAsync(), setSetup);

  const onVerify = async (code: string) => {
    const answer = await verify.mutateAsync(code);
    setSetup(null);
    setBackupCodes(answer.backupCodes);
    notifySuccess(t('messages.googleAuthenticatorVerified'));
  };

  const onDisable = async (code: string) => {
    await disable.mutateAsync(code);
    setIsDisabling(false);
    notifySuccess(t('messages.googleAuthenticatorDisabled'));
  };

  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={3}>{t('security.authenticatorTitle')}</Title>
        <Text size="sm">{user.isGoogle2fa ? t('security.authenticatorOn') : t('security.authenticatorOff')}</Text>
        <Group>
          {user.isGoogle2fa ? (
            <Button variant="default" onClick={() => setIsDisabling(true)}>
              {t('security.disable')}
            </Button>
          ) : (
            <Button onClick={onSetUp} loading={enable.isPending}>
              {t('security.setUp')}
            </Button>
          )}
        </Group>
      </Stack>
      {setup !== null && (
        <CodeModal
          title={t('security.authenticatorTitle')}
          intro={t('security.scanIntro')}
          label={t('security.authenticatorCode')}
          onSubmit={onVerify}
          onClose={() => setSetup(null)}
        >
          <Stack align="center" gap="xs">
            <Image src={setup.qrCode} alt={t('security.qrAlt')} w={200} h={200} />
            <Text size="sm">
              {t('security.secretLabel')}: <Code data-testid="authenticator-secret">{setup.secret}</Code>
            </Text>
          </Stack>
        </CodeModal>
      )}
      {isDisabling && (
        <CodeModal
          title={t('security.authenticatorTitle')}
          intro={t('security.disableIntro')}
          label={t('security.authenticatorCode')}
          onSubmit={onDisable}
          onClose={() => setIsDisabling(false)}
        />
      )}
      <Modal
        opened={backupCodes !== null}
        onClose={() => setBackupCodes(null)}
        title={t('security.backupTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
        closeOnClickOutside={false}
      >
        <Stack gap="md">
          <Text size="sm">{t('security.backupIntro')}</Text>
          <List aria-label={t('security.backupList')} listStyleType="none" ff="monospace" spacing={4}>
            {backupCodes?.map((code) => (
              <List.Item key={code}>{code}</List.Item>
            ))}
          </List>
          <Button onClick={() => setBackupCodes(null)}>{t('security.backupDone')}</Button>
        </Stack>
      </Modal>
    </Card>
  );
}
