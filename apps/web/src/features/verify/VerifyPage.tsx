import type { VerifyPdfResponse, VerifyVerdict } from '@esign/shared';
import { Alert, Button, List, Loader, Stack, Text, Title } from '@mantine/core';
import { type DragEvent, useId, useState } from 'react';
import { apiCall } from '../../api/client';
import { notifyError } from '../../api/notify';
import { type TranslationKey, useTranslation } from '../../i18n';
import { useUserDates } from '../settings/user-dates';
import { VerifyEvidence } from './VerifyEvidence';

const VERDICT_COLOR: Record<VerifyVerdict, string> = {
  intact: 'green',
  changedAfterSealing: 'red',
  invalid: 'red',
  notSealedHere: 'yellow',
  noSignature: 'gray',
};

/**
 * /verify, for anyone: drop a PDF and learn whether its signatures are valid, whether something was appended after
 * them, who signed it, and, for a file this service sealed, which document it is. The file goes to the server,
 * which checks it in memory and keeps nothing (said on the page).
 */
export function VerifyPage() {
  const { t } = useTranslation();
  const inputId = useId();
  const [result, setResult] = useState<{ name: string; answer: VerifyPdfResponse } | null>(null);
  const [isChecking, setChecking] = useState(false);
  const [isOver, setOver] = useState(false);

  const check = async (file: File | undefined) => {
    if (!file) return;
    const formData = new FormData();
    formData.append('file', file);
    setChecking(true);
    setResult(null);
    try {
      setResult({ name: file.name, answer: await apiCall('verifyPdf', { formData }) });
    } catch (error) {
      notifyError(error);
    } finally {
      setChecking(false);
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void check(event.dataTransfer.files[0]);
  };

  return (
    <Stack maw={640} mx="auto" gap="md" p="md">
      <Title order={1}>{t('verify.title')}</Title>
      <Text>{t('verify.intro')}</Text>
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        style={{
          display: 'block',
          padding: 32,
          textAlign: 'center',
          border: `2px dashed var(--mantine-color-${isOver ? 'blue-6' : 'gray-5'})`,
          borderRadius: 8,
          cursor: 'pointer',
        }}
      >
        <Text fw={600}>{t('verify.drop')}</Text>
        <Text size="sm" c="dimmed">
          {t('verify.privacy')}
        </Text>
        <input
          id={inputId}
          type="file"
          accept="application/pdf,.pdf"
          aria-label={t('verify.choose')}
          onChange={(event) => void check(event.currentTarget.files?.[0])}
          style={{ marginTop: 12 }}
        />
      </label>
      {isChecking ? <Loader aria-label={t('verify.checking')} role="status" /> : null}
      {result ? <VerifyResult name={result.name} answer={result.answer} /> : null}
      {result ? (
        <Button variant="default" onClick={() => setResult(null)}>
          {t('verify.another')}
        </Button>
      ) : null}
    </Stack>
  );
}

function VerifyResult({ name, answer }: { name: string; answer: VerifyPdfResponse }) {
  const { t } = useTranslation();
  const dates = useUserDates();
  const sealed = answer.sealedDocument;
  return (
    <Stack gap="sm" aria-live="polite">
      <Alert
        color={VERDICT_COLOR[answer.verdict]}
        title={t(`verify.verdict.${answer.verdict}` as TranslationKey)}
        // The verdict in the text colour: the alert's own tint on its light background is too faint to read.
        styles={{ title: { color: 'var(--mantine-color-text)', fontSize: 18 } }}
      >
        <Text size="sm">{t(`verify.explain.${answer.verdict}` as TranslationKey)}</Text>
      </Alert>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {t('verify.file', { name, sha256: answer.sha256 })}
      </Text>
      {sealed ? (
        <Stack gap={4}>
          <Title order={2} size="h4">
            {t('verify.sealedTitle')}
          </Title>
          <Text size="sm">{t('verify.document', { title: sealed.title })}</Text>
          <Text size="sm">{t('verify.completedAt', { time: dates.dateTime(sealed.completedAt) })}</Text>
          <List size="sm">
            {sealed.signers.map((signer) => (
              <List.Item key={`${signer.email}-${signer.name}`}>
                {t('common.nameAndEmail', { name: signer.name, email: signer.email })}
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
      <VerifyEvidence answer={answer} />
      {answer.signatures.length > 0 ? (
        <Stack gap={4}>
          <Title order={2} size="h4">
            {t('verify.signatures')}
          </Title>
          <List size="sm">
            {answer.signatures.map((signature, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: signatures have no id; their order is the file's
              <List.Item key={index}>
                {t(signature.isValid ? 'verify.signatureValid' : 'verify.signatureInvalid')}{' '}
                {t(signature.coversWholeFile ? 'verify.coversAll' : 'verify.notAll')}{' '}
                {signature.signer ? t('verify.signedBy', { subject: signature.signer.subject }) : ''}
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
    </Stack>
  );
}
