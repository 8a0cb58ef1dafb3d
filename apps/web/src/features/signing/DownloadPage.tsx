import { Alert, Button, Center, Loader, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { queryKeys } from '../../api/query-keys';
import { useTranslation } from '../../i18n';
import { downloadUrlByHash } from './api';

/** /documents/:documentId/download?hash= and /documents/:documentId/:signerId/download?hash= (mailed links). */
export default function DownloadPage() {
  const { t } = useTranslation();
  const { documentId = '', signerId } = useParams();
  const [params] = useSearchParams();
  const hash = params.get('hash') ?? '';
  const download = useQuery({
    queryKey: queryKeys.signing.mailedDownload(documentId, signerId, hash),
    queryFn: () => downloadUrlByHash(documentId, hash, signerId),
    enabled: hash !== '',
    retry: false,
  });
  const url = download.data?.url ?? null;

  useEffect(() => {
    if (url) window.location.assign(url);
  }, [url]);

  const isNotReady = isApiError(download.error) && download.error.code === 'CONFLICT';
  return (
    <Stack align="center" gap="md" maw={480} mx="auto">
      <Title order={1} fz="h2">
        {t('signing.downloadTitle')}
      </Title>
      {hash === '' || (download.isError && !isNotReady) ? (
        <Alert color="red" w="100%">
          {t('messages.couldNotDownload')}
        </Alert>
      ) : isNotReady ? (
        <Alert color="yellow" w="100%">
          {t('messages.downloadNotReady')}
        </Alert>
      ) : url ? (
        <>
          <Alert color="green" w="100%">
            {t('signing.downloadReady')}
          </Alert>
          <Button component="a" href={url} download>
            {t('signing.download')}
          </Button>
        </>
      ) : (
        <Center>
          <Loader aria-label={t('common.loading')} role="status" />
        </Center>
      )}
    </Stack>
  );
}
