import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { apiCall } from '../../api/client';
import { notifyError } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { useAttachments } from './api';

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The files signers attached to the document (issue 37), each with its size and SHA-256 (as the certificate prints
 * it) and a link that downloads it through a short-lived signed URL. Nothing when there are none.
 */
export function AttachmentList({ documentId }: { documentId: string }) {
  const { t } = useTranslation();
  const attachments = useAttachments(documentId);
  if (!attachments.data?.length) return null;
  const download = (fieldId: string) => {
    apiCall('attachmentDownloadUrl', { params: { id: documentId, fieldId } })
      .then(({ url }) => window.location.assign(url))
      .catch(notifyError);
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="document-attachments">
      <Title order={2} size="h3" id="document-attachments">
        {t('preview.attachmentsTitle')}
      </Title>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {attachments.data.map((attachment) => (
          <Paper key={attachment.fieldId} withBorder p="sm" component="li" data-testid="attachment">
            <Anchor
              component="button"
              type="button"
              fw={700}
              style={{ overflowWrap: 'anywhere', textAlign: 'left' }}
              aria-label={t('preview.downloadAttachment', { name: attachment.fileName })}
              onClick={() => download(attachment.fieldId)}
            >
              {attachment.fileName}
            </Anchor>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('preview.attachmentDetails', { size: sizeText(attachment.sizeBytes), sha256: attachment.sha256 })}
            </Text>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
