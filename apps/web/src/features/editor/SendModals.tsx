import type { Document } from '@esign/shared';
import { Anchor, Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { apiCall } from '../../api/client';
import { notifyError } from '../../api/notify';
import { queryKeys } from '../../api/query-keys';
import { pollingInterval, useIsRealtimeLive } from '../../api/realtime';
import { useTranslation } from '../../i18n';
import { translateMessage } from '../../i18n/translate-message';
import type { TemplateKind } from '../templates/template-kinds';
import { downloadUrl } from './api';

/** Spec section 9: a document's processing is watched every 3 seconds. */
const PROCESSING_POLL_MS = 3000;

export function SendErrorsModal({
  errors,
  templateKind,
  onClose,
}: {
  errors: readonly string[];
  /** A template's or form's requirements ('Template has validation errors'). */
  templateKind: TemplateKind | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={errors.length > 0}
      onClose={onClose}
      title={templateKind ? t(templateKind.texts.validationTitle) : t('editor.sendErrorsTitle')}
    >
      {templateKind?.type === 'template' ? (
        // Spec part 1, section 4: saved with validation errors, the template stays a draft; its requirements follow.
        <Text size="sm" mb="xs">
          {t('messages.templateSavedWithErrors')}
        </Text>
      ) : null}
      <List spacing="xs" data-testid="sending-errors">
        {errors.map((error) => (
          <List.Item key={error}>{translateMessage(error, t)}</List.Item>
        ))}
      </List>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose}>{t('editor.ok')}</Button>
      </Group>
    </Modal>
  );
}

/** The file the success modal offers: the sealed result once there is one, the sent document while it waits. */
function readyFileKey(document: Document): string | null {
  if (document.resultPdfFileKey) return document.resultPdfFileKey;
  return document.status === 'awaiting' ? document.pdfFileKey : null;
}

/** 'Thanks for sending your document', with Download and Print once the file is ready. */
export function SentModal({ sent }: { sent: Document | null }) {
  const { t } = useTranslation();
  const [isBusy, setBusy] = useState(false);
  const isRealtimeLive = useIsRealtimeLive();
  const current = useQuery({
    // Its own key: the editor's copy of the document is the draft as it was opened.
    queryKey: queryKeys.documents.sent(sent?.id ?? ''),
    queryFn: ({ signal }) => apiCall('getDocument', { params: { id: sent?.id ?? '' }, signal }),
    enabled: sent !== null && readyFileKey(sent) === null,
    initialData: sent ?? undefined,
    // The seal's pushed event refreshes it at once; polling backs the socket up.
    refetchInterval: (query) =>
      query.state.data && readyFileKey(query.state.data) ? false : pollingInterval(PROCESSING_POLL_MS, isRealtimeLive),
  });
  const document = current.data ?? sent;
  const fileKey = document ? readyFileKey(document) : null;
  const fileName = `${document?.title || t('documents.fileName')}.pdf`.slice(-100);

  const download = async () => {
    if (!fileKey) return;
    setBusy(true);
    try {
      window.location.assign(await downloadUrl(fileKey, fileName));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const print = async () => {
    if (!fileKey) return;
    setBusy(true);
    try {
      // The browser's PDF viewer prints it; a new tab keeps this page (and its modal) as it is.
      const answer = await apiCall('getSignedUrl', { body: { key: fileKey } });
      window.open(answer.url, '_blank', 'noopener');
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={sent !== null}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={t('messages.thanksForSending')}
    >
      <Stack>
        <Text size="sm">{t('editor.saveCopy')}</Text>
        {fileKey ? (
          <Group>
            <Button variant="default" onClick={download} loading={isBusy}>
              {t('editor.download')}
            </Button>
            <Button variant="default" onClick={print} loading={isBusy}>
              {t('editor.print')}
            </Button>
          </Group>
        ) : (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">{t('editor.beingProcessed')}</Text>
          </Group>
        )}
        <Anchor component={Link} to="/documents">
          {t('editor.backToDocuments')}
        </Anchor>
      </Stack>
    </Modal>
  );
}

/** 'Your template is ready' ('Your form is ready'), after the first Save made it live. */
export function TemplateReadyModal({ kind, opened }: { kind: TemplateKind; opened: boolean }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={translateMessage(kind.messages.ready, t)}
    >
      <Stack>
        <Text size="sm">{t(kind.texts.readyText)}</Text>
        <Button component={Link} to={kind.listPath}>
          {t(kind.texts.back)}
        </Button>
      </Stack>
    </Modal>
  );
}
