import { ACCESS_CODE_FAILURE_WINDOW_SECONDS, type DocumentListItem, type DocumentListSigner } from '@esign/shared';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from '../../i18n';
import { useUserDates } from '../settings/user-dates';
import { signerLines } from './signers-summary';

/** Until when a signer's link stays locked by wrong access codes, if it still is (a new link lifts it at once). */
function lockedUntil(signer: DocumentListSigner, now: number): Date | null {
  if (!signer.accessLockedAt || signer.isFinished) return null;
  const until = Date.parse(signer.accessLockedAt) + ACCESS_CODE_FAILURE_WINDOW_SECONDS * 1000;
  return until > now ? new Date(until) : null;
}

/**
 * The signers of a row, each with whether they have signed, or are locked out by wrong access codes; a template's
 * or a form's roles by name (`signerLines`).
 */
export function SignersSummary({ item }: { item: DocumentListItem }) {
  const { t } = useTranslation();
  const dates = useUserDates();
  const now = Date.now();
  return (
    <Stack gap={0}>
      {signerLines(item).map((line) => {
        if (line.kind === 'role') {
          return (
            <Text key={line.id} size="xs" c="dimmed">
              {line.role}
            </Text>
          );
        }
        const { signer } = line;
        const locked = lockedUntil(signer, now);
        const state = signer.isFinished
          ? t('documents.signed')
          : locked
            ? t('documents.accessLocked', { time: dates.time(locked) })
            : t('documents.waiting');
        return (
          <Text
            key={signer.id}
            size="xs"
            c={signer.isFinished ? 'var(--mantine-color-green-light-color)' : locked ? 'red.8' : 'dimmed'}
          >
            {t('documents.signerLine', { name: signer.name, email: signer.email, state })}
          </Text>
        );
      })}
    </Stack>
  );
}
