import { Avatar, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { notifyError } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { useSignerAvatars } from '../settings/api';
import { ActivityList } from './ActivityList';
import { AttachmentList } from './AttachmentList';
import { useActivities, useDocumentDetails } from './api';
import { downloadDocument, fileKeyOf, printDocument } from './document-files';
import { LegalHoldControl, RemovedDocumentView } from './LegalHold';
import { LifecyclePanel } from './LifecyclePanel';
import { PreviewPages } from './PreviewPages';
import { ReassignSwitch } from './ReassignSwitch';
import { SignerActions } from './SignerActions';

/** /documents/{id}/preview: the document (the result once completed), its actions and its activity. */
export function DocumentPreviewPage() {
  const { t } = useTranslation();
  const documentId = useParams().documentId ?? '';
  const isMobile = useMediaQuery('(max-width: 767.98px)');
  const document = useDocumentDetails(documentId);
  const activities = useActivities(documentId);
  const avatars = useSignerAvatars(documentId);
  const key = document.data ? fileKeyOf(document.data) : null;
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
  const activityList = (
    <Stack gap="sm" id="document-activity">
      <AttachmentList documentId={document.data.id} />
      <Title order={2} size="h3">
        {t('preview.activityTitle')}
      </Title>
      {activities.data ? <ActivityList activities={activities.data} /> : <Loader size="sm" />}
    </Stack>
  );

  // Removed by the retention rule or an erasure (issue 39): only the stub is left to show.
  if (document.data.removal) {
    return (
      <Container size="lg" py="md">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Stack gap={0}>
              <Title order={1}>{t('preview.title')}</Title>
              <Text c="dimmed">{title}</Text>
            </Stack>
            <Button variant="subtle" component={Link} to="/documents">
              {t('preview.back')}
            </Button>
          </Group>
          <RemovedDocumentView document={document.data} />
          {activityList}
        </Stack>
      </Container>
    );
  }

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
        <LegalHoldControl document={document.data} />
        {activities.data ? <LifecyclePanel document={document.data} activities={activities.data} /> : null}
        {key === null ? <Text>{t('preview.noFile')}</Text> : <PreviewPages document={document.data} fileKey={key} />}
        <Stack gap="xs" component="section" aria-labelledby="document-signers">
          <Title order={2} size="h3" id="document-signers">
            {t('preview.signersTitle')}
          </Title>
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {document.data.signers.map((signer) => (
              <Group key={signer.id} gap="xs" component="li" wrap="wrap">
                <Avatar src={avatars.get(signer.id)} name={signer.name || signer.email} size="sm" alt="" />
                <Text size="sm">{t('common.nameAndEmail', { name: signer.name, email: signer.email })}</Text>
                <SignerActions document={document.data} signer={signer} />
              </Group>
            ))}
          </Stack>
          {document.data.status === 'awaiting' ? <ReassignSwitch document={document.data} /> : null}
        </Stack>
        {activityList}
      </Stack>
    </Container>
  );
}
