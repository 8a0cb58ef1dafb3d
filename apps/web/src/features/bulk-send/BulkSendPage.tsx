import { Stack, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { BatchStatus } from './BatchStatus';
import { BulkSendForm } from './BulkSendForm';

const BATCH_PARAM = 'batch';

/**
 * /bulk-send, 'Get Your Template Signed by Many': a live one-signer template sent to every row of a CSV file. Once
 * sent, the batch's id stays in the address (?batch=), so a reload still shows how each row went.
 */
export function BulkSendPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const batchId = searchParams.get(BATCH_PARAM);
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>{t('bulkSend.title')}</Title>
      {batchId ? (
        <BatchStatus batchId={batchId} onNew={() => setSearchParams({})} />
      ) : (
        <BulkSendForm onSent={(id) => setSearchParams({ [BATCH_PARAM]: id })} />
      )}
    </Stack>
  );
}
