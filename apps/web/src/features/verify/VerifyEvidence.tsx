import type { VerifyPdfResponse } from '@esign/shared';
import { Alert, List, Stack, Text, Title } from '@mantine/core';
import { type TranslationKey, useTranslation } from '../../i18n';
import { useUserDates } from '../settings/user-dates';

const LEVEL_KEY = { 'B-B': 'bb', 'B-T': 'bt', 'B-LT': 'blt', 'B-LTA': 'blta' } as const;

/**
 * What the file proves, in plain words and in the reader's language: the PAdES level reached, each trusted time and
 * who issued it, the validation data inside and what its OCSP answers said, whether the seal's certificate is
 * self-signed, each incremental update and what it added, and, for a file sealed here, whether its audit trail
 * matches the service's.
 */
export function VerifyEvidence({ answer }: { answer: VerifyPdfResponse }) {
  const { t } = useTranslation();
  const dates = useUserDates();
  const { evidence } = answer;
  const seal = answer.signatures.filter((signature) => signature.kind === 'signature').at(-1);
  if (!evidence.level && !evidence.auditTrail) return null;
  const stamps = answer.signatures.flatMap((signature) =>
    signature.timestamp ? [{ kind: signature.kind, ...signature.timestamp }] : [],
  );
  return (
    <Stack gap={4}>
      <Title order={2} size="h4">
        {t('verifyEvidence.title')}
      </Title>
      {evidence.auditTrail?.match === 'changed' ? (
        <Alert
          color="red"
          title={t('verifyEvidence.audit.changed')}
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          {evidence.auditTrail.brokenAtEvent !== null ? (
            <Text size="sm">{t('verifyEvidence.audit.changedAt', { number: evidence.auditTrail.brokenAtEvent })}</Text>
          ) : null}
        </Alert>
      ) : null}
      <List size="sm" spacing={4}>
        {evidence.level ? (
          <List.Item>{t(`verifyEvidence.level.${LEVEL_KEY[evidence.level]}` as TranslationKey)}</List.Item>
        ) : null}
        {stamps.length === 0 && evidence.level ? <List.Item>{t('verifyEvidence.noTrustedTime')}</List.Item> : null}
        {stamps.map((stamp, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: timestamps have no id; their order is the file's
          <List.Item key={index}>
            {t(stamp.kind === 'documentTimestamp' ? 'verifyEvidence.archiveTime' : 'verifyEvidence.signatureTime', {
              time: dates.dateTime(stamp.time),
              authority: stamp.authority,
            })}
          </List.Item>
        ))}
        {evidence.validationData ? (
          <List.Item>
            {t('verifyEvidence.validationData', {
              certificates: evidence.validationData.certificates,
              ocsp: evidence.validationData.ocspResponses,
              crls: evidence.validationData.crls,
            })}
          </List.Item>
        ) : evidence.level ? (
          <List.Item>{t('verifyEvidence.noValidationData')}</List.Item>
        ) : null}
        {evidence.validationData?.ocsp.map((ocsp, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: answers have no id; their order is the file's
          <List.Item key={`ocsp-${index}`}>
            {t(`verifyEvidence.ocsp.${ocsp.status}`, { time: dates.dateTime(ocsp.producedAt) })}
          </List.Item>
        ))}
        {seal?.signer ? (
          <List.Item>
            {seal.isSelfSigned
              ? t('verifyEvidence.selfSigned')
              : t('verifyEvidence.issued', { issuer: seal.signer.issuer })}
          </List.Item>
        ) : null}
        {evidence.auditTrail && evidence.auditTrail.match !== 'changed' ? (
          <List.Item>
            {t(`verifyEvidence.audit.${evidence.auditTrail.match}`, { count: evidence.auditTrail.events })}
          </List.Item>
        ) : null}
      </List>
      {evidence.updates.length > 0 ? (
        <>
          <Title order={3} size="h5">
            {t('verifyEvidence.updatesTitle')}
          </Title>
          <List size="sm" type="ordered" spacing={4}>
            {evidence.updates.map((update, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: updates have no id; their order is the file's
              <List.Item key={index}>
                {t('verifyEvidence.update', {
                  number: index + 1,
                  what: update.kinds.map((kind) => t(`verifyEvidence.kinds.${kind}`)).join(', '),
                  coverage: t(update.isCovered ? 'verifyEvidence.covered' : 'verifyEvidence.notCovered'),
                })}
              </List.Item>
            ))}
          </List>
          <Text size="sm" c="dimmed">
            {t('verifyEvidence.fine')}
          </Text>
        </>
      ) : null}
    </Stack>
  );
}
