import type { DocumentListItem } from '@esign/shared';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from '../../i18n';

/** The signers of a row, each with whether they have signed. */
export function SignersSummary({ item }: { item: DocumentListItem }) {
  const { t } = useTranslation();
  const shown = item.signers.filter((signer) => !signer.isPreparer);
  return (
    <Stack gap={0}>
      {shown.map((signer) => (
        <Text key={signer.id} size="xs" c={signer.isFinished ? 'green.8' : 'dimmed'}>
          {signer.name} ({signer.email}) · {signer.isFinished ? t('documents.signed') : t('documents.waiting')}
        </Text>
      ))}
    </Stack>
  );
}
