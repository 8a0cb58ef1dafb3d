import { CONVERSION_POLL_INTERVAL_MS } from '@esign/shared';
import { Anchor, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../api/api-error';
import { queryKeys } from '../../api/query-keys';
import { pollingInterval, useIsRealtimeLive, useSignerRealtime } from '../../api/realtime';
import { useTranslation } from '../../i18n';
import { useCurrentUser } from '../auth/api';
import { downloadUrlByToken, signerConversionStatus } from './api';
import { storedSignToken } from './use-sign-token';

/**
 * The sealed PDF's URL once it exists; null while the document is being processed: the signer's
 * `convertion_status` is asked again when the seal's event is pushed (every 3 s while the socket is down), and the
 * download asked for once it says sealed, so the last signer
 * gets the file as soon as it is made, without reloading.
 */
export function useSealedDownload(documentId: string, signerId: string) {
  const queryClient = useQueryClient();
  const isRealtimeLive = useIsRealtimeLive();
  // The seal's event (pushed to the document's room) asks again at once; polling backs the socket up.
  useSignerRealtime(documentId, storedSignToken(documentId), (type) => {
    if (type === 'document.sealed' || type === 'connected') {
      void queryClient.invalidateQueries({ queryKey: queryKeys.signing.conversionStatus(signerId) });
    }
  });
  const status = useQuery({
    queryKey: queryKeys.signing.conversionStatus(signerId),
    queryFn: () => signerConversionStatus(signerId),
    refetchInterval: (query) =>
      query.state.data?.isSealed ? false : pollingInterval(CONVERSION_POLL_INTERVAL_MS, isRealtimeLive),
    retry: false,
  });
  const isSealed = status.data?.isSealed === true;
  const download = useQuery({
    queryKey: queryKeys.signing.sealedDownload(documentId, signerId),
    queryFn: async () => {
      try {
        return (await downloadUrlByToken(documentId, signerId)).url;
      } catch (error) {
        if (isApiError(error) && error.code === 'CONFLICT') return null;
        throw error;
      }
    },
    enabled: isSealed,
    retry: false,
  });
  return { ...download, data: isSealed ? (download.data ?? null) : null };
}

/** Download and Print of the sealed PDF, or 'being processed' while it is not ready. */
export function SealedDocumentActions({ documentId, signerId }: { documentId: string; signerId: string }) {
  const { t } = useTranslation();
  const download = useSealedDownload(documentId, signerId);
  const url = download.data ?? null;
  if (url === null) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">{t('signing.processing')}</Text>
      </Group>
    );
  }
  return (
    <Group>
      <Button component="a" href={url} download>
        {t('signing.download')}
      </Button>
      <Button variant="default" onClick={() => window.open(url, '_blank', 'noopener')}>
        {t('signing.print')}
      </Button>
    </Group>
  );
}

interface PostSignModalProps {
  documentId: string;
  signer: { id: string; name: string; email: string; userId: string | null };
  /** Every signer has signed: the sealed PDF comes (or is there) to download and print. */
  isCompleted: boolean;
  onClose: () => void;
}

/**
 * After signing: the logged-in signer sees the authorised view; anyone else is offered a free account, and
 * closing that offer goes to /about. Both can download and print the sealed PDF once it is ready.
 */
export function PostSignModal({ documentId, signer, isCompleted, onClose }: PostSignModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const currentUser = useCurrentUser();
  const isAuthorised = currentUser.data !== undefined && currentUser.data.id === signer.userId;
  const signUpQuery = new URLSearchParams({ name: signer.name, email: signer.email });
  const close = () => {
    if (isAuthorised) onClose();
    else navigate('/about', { state: { fromSigning: true } });
  };
  return (
    <Modal
      opened
      onClose={close}
      title={t('signing.successTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('signing.close') }}
    >
      <Stack>
        <Text size="sm">{isCompleted ? t('signing.completedText') : t('signing.successText')}</Text>
        {isCompleted ? <SealedDocumentActions documentId={documentId} signerId={signer.id} /> : null}
        {isAuthorised ? (
          <>
            <Text size="sm">{t('signing.authorisedText')}</Text>
            <Button variant="light" component={Link} to="/documents">
              {t('signing.goToDocuments')}
            </Button>
          </>
        ) : (
          <>
            <Text size="sm">{t('signing.signUpOffer')}</Text>
            <Button component={Link} to={`/signup?${signUpQuery}`}>
              {t('common.signUp')}
            </Button>
            <Anchor component={Link} to="/login" size="sm">
              {t('signing.haveAccount')}
            </Anchor>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="subtle" onClick={close}>
            {t('signing.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
