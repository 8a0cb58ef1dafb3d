import type { VerificationChannel } from '@esign/shared';
import { Alert, Button, Center, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/api-error';
import { useTranslation } from '../../i18n';
import { usePageLanguage } from '../../i18n/page-language';
import { filteredValue } from '../../ui/filtered-value';
import { focusOnMount } from '../../ui/focus-on-mount';
import { loadPdfjs } from '../pdf/pdf-loader';
import { useSignerIdentity } from './api';
import { useCheckIdentityCode, useSendIdentityCode } from './mutations';

/** The code of a channel is sent by itself once per browser tab; 'Send a new code' sends another. */
const sentKey = (documentId: string, signerId: string, channel: VerificationChannel) =>
  `esign.identity-sent.${documentId}.${signerId}.${channel}`;

/**
 * Issue 38: before the document opens, the recipient types the six-digit code mailed or texted to it (each channel
 * the sender chose, one after the other). Loaded only when the server answers IDENTITY_CHECK_REQUIRED.
 */
export function IdentityCheck(props: { documentId: string; signerId: string; onVerified: () => void }) {
  const { documentId, signerId, onVerified } = props;
  const { t } = useTranslation();
  const identity = useSignerIdentity(documentId, signerId);
  usePageLanguage(identity.data?.language ?? null);
  const send = useSendIdentityCode(documentId, signerId);
  const check = useCheckIdentityCode(documentId, signerId);
  const [code, setCode] = useState('');
  const [resent, setResent] = useState(false);
  const current = identity.data?.checks.find((item) => !item.verified) ?? null;
  const channel = current?.channel ?? null;
  const autoSent = useRef<string | null>(null);

  // pdf.js and its worker load while the person reads the code: the document is drawn at once after it.
  useEffect(() => {
    loadPdfjs().catch(() => {});
  }, []);

  // The first code of a channel goes out when its step shows (not again on a reload of the tab).
  useEffect(() => {
    if (!channel || autoSent.current === channel) return;
    autoSent.current = channel;
    const key = sentKey(documentId, signerId, channel);
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
    send.mutate(channel);
  }, [channel, documentId, signerId, send]);

  useEffect(() => {
    if (identity.data && !current) onVerified();
  }, [identity.data, current, onVerified]);

  if (!identity.data || !current) {
    return (
      <Center h="100dvh">
        <Loader aria-label={t('common.loading')} role="status" />
      </Center>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    check.mutate(
      { channel: current.channel, code: code.trim() },
      {
        onSuccess: () => {
          setCode('');
          setResent(false);
          check.reset();
          // The last check passed: the document opens now; else the next channel's step (read again).
          const left = identity.data?.checks.filter((item) => !item.verified && item.channel !== current.channel);
          if (left?.length === 0) onVerified();
          else void identity.refetch();
        },
      },
    );
  };
  const resend = () => {
    setResent(false);
    check.reset();
    send.mutate(current.channel, { onSuccess: () => setResent(true) });
  };
  const sendError =
    send.error && isApiError(send.error) && send.error.status === 429 ? t('signing.identityTooMany') : null;
  const checkError = check.error ? t('signing.identityWrong') : null;

  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder p="lg" w="100%" maw={420}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Title order={1} size="h3">
              {t('signing.identityTitle')}
            </Title>
            <Text size="sm">
              {t(current.channel === 'sms' ? 'signing.identitySentSms' : 'signing.identitySentEmail', {
                to: current.to,
              })}
            </Text>
            <TextInput
              label={t('signing.identityCodeLabel')}
              value={code}
              onChange={(event) =>
                setCode(filteredValue(event.currentTarget, (value) => value.replace(/\D/g, '').slice(0, 6)))
              }
              autoComplete="one-time-code"
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={6}
              error={checkError}
              size="lg"
              data-autofocus
              ref={focusOnMount}
            />
            <Button type="submit" size="lg" loading={check.isPending} disabled={code.length !== 6}>
              {t('signing.identityConfirm')}
            </Button>
            <Button variant="subtle" onClick={resend} loading={send.isPending}>
              {t('signing.identityResend')}
            </Button>
            {resent ? (
              <Text size="sm" role="status">
                {t('signing.identityResent')}
              </Text>
            ) : null}
            {sendError ? <Alert color="red">{sendError}</Alert> : null}
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
