import { getSignedUrl } from '@esign/shared';
import { Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { apiCall } from '../../api/client';
import { notifyError } from '../../api/notify';
import { ActivityList } from './ActivityList';
import { useActivities, useDocumentDetails } from './api';
import { downloadDocument, fileKeyOf, printDocument } from './document-files';

/** /documents/{id}/preview: the document (the result once completed), its actions and its activity. */
export function DocumentPreviewPage() {
  const { t } = useTranslation();
  const documentId = useParams().documentId ?? '';
  const isMobile = useMediaQuery('(max-width: 767.98px)');
  const document = useDocumentDetails(documentId);
  const activities = useActivities(documentId);
  const key = document.data ? fileKeyOf(document.data) : null;
  const pdfUrl = useQuery({
    queryKey: ['signedUrl', key],
    queryFn: () => apiCall(getSignedUrl, { body: { key: key ?? '' } }),
    enabled: key !== null,
    staleTime: 30 * 60 * 1000,
  });
  const { hash } = useLocation();

  useEffect(() => {
    if (hash === '#document-activity' && activities.data) {
      window.document.getElementById('document-activity')?.scrollIntoView();
    }
  }, [hash, activities.data]);

  if (document.isError) return <Navigate to="/documents" replace />;
  if (!document.data) return <Loader aria-label={t('common.loading')} />;
  const title = document.data.title || t('documents.untitled');
  const act = (work: () => Promise<void>) => () => work().catch(notifyError);

  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={0}>
            <Title order={1}>{t('preview.title')}</Title>
            <Text c="dimmed">{title}</Text>
          </Stack>
          <Group gap="xs">
            <Button onClick={act(() => downloadDocument(documentId))}>{t('preview.download')}</Button>
            {isMobile ? null : (
              <>
                <Button variant="default" onClick={act(() => printDocument(documentId))}>
                  {t('preview.print')}
                </Button>
                <Button variant="subtle" component={Link} to="/documents">
                  {t('preview.back')}
                </Button>
              </>
            )}
          </Group>
        </Group>
        {key === null ? (
          <Text>{t('preview.noFile')}</Text>
        ) : pdfUrl.data ? (
          <iframe
            title={t('preview.frameTitle', { title })}
            src={pdfUrl.data.url}
            style={{
              width: '100%',
              height: isMobile ? '60vh' : '80vh',
              border: '1px solid var(--mantine-color-gray-3)',
            }}
          />
        ) : (
          <Loader aria-label={t('common.loading')} />
        )}
        <Stack gap="sm" id="document-activity">
          <Title order={2} size="h3">
            {t('preview.activityTitle')}
          </Title>
          {activities.data ? <ActivityList activities={activities.data} /> : <Loader size="sm" />}
        </Stack>
      </Stack>
    </Container>
  );
}
