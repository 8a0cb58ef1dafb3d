import { SIGNER_MESSAGES } from '@esign/shared';
import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { errorToastText, isApiError } from '../../api/api-error';
import { lazyComponent, useLoadedCode } from '../../app/lazy-component';
import { useTranslation } from '../../i18n';
import { usePageLanguage } from '../../i18n/page-language';
import { translateMessage } from '../../i18n/translate-message';
import { useAvailableSigners, useSignerDocument, useSignerIdentity } from './api';
import './signing.css';
import { SigningView } from './SigningView';
import { useSignToken } from './use-sign-token';

// The steps before the document appear on demand.
const AccessCodeModal = lazyComponent(async () => (await import('./SignerModals')).AccessCodeModal);
const IdentityCheck = lazyComponent(async () => (await import('./IdentityCheck')).IdentityCheck);
const SignerSelectionModal = lazyComponent(async () => (await import('./SignerModals')).SignerSelectionModal);
// A link that does not open is not needed to draw the first page of a signer's view.
const LinkNotValidPage = lazyComponent(async () => (await import('./LinkNotValidPage')).LinkNotValidPage);

/** Marks <html> while the signer page is open: its touch-target sizes (signing.css) reach the modals' portals. */
function useSignerPageMark() {
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.signerPage = '';
    return () => {
      delete root.dataset.signerPage;
    };
  }, []);
}

/** The answers that mean the link itself does not open: not found, not this signer's, refused (not a 429). */
function isLinkRefused(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429;
}

/** The signer page: /documents/:documentId/sign?signAccessToken=, for anyone holding the link. */
export default function SignerPage() {
  const { t } = useTranslation();
  const { documentId = '' } = useParams();
  useSignerPageMark();
  const token = useSignToken(documentId);
  const signers = useAvailableSigners(documentId, token);
  const [signerId, setSignerId] = useState<string | null>(null);

  useEffect(() => {
    if (signers.data?.length === 1) setSignerId(signers.data[0]?.id ?? null);
  }, [signers.data]);

  const signerDocument = useSignerDocument(documentId, signerId, true);
  usePageLanguage(signerDocument.data?.document.language ?? null);
  const needsCode = isApiError(signerDocument.error) && signerDocument.error.code === 'ACCESS_CODE_REQUIRED';
  const needsIdentity = isApiError(signerDocument.error) && signerDocument.error.code === 'IDENTITY_CHECK_REQUIRED';
  const failure = signers.error ?? (needsCode || needsIdentity ? null : signerDocument.error);
  // A step before the document (an access code, an identity check) shows once its code, and the checks it asks for,
  // are here, fetched together behind the page's loader.
  const isCodeStepReady = useLoadedCode(AccessCodeModal, needsCode);
  const identity = useSignerIdentity(documentId, signerId, needsIdentity);
  const isIdentityStepReady = useLoadedCode(IdentityCheck, needsIdentity) && !identity.isPending;
  const { refetch } = signerDocument;
  const refetchDocument = useCallback(() => void refetch(), [refetch]);

  // A link that does not open says so (and whom to ask) instead of sending the signer, who has no account, to the
  // log-in page; a failure that is not the link's (the network, the server) offers to try again.
  if (token === null || signers.data?.length === 0 || isLinkRefused(failure)) {
    return (
      <Suspense fallback={null}>
        <LinkNotValidPage documentId={documentId} token={token} />
      </Suspense>
    );
  }
  if (failure) {
    return (
      <Center h="100dvh" p="md">
        <Stack align="center" gap="sm">
          <Alert color="red">
            {translateMessage(errorToastText(failure) ?? SIGNER_MESSAGES.somethingWentWrong, t)}
          </Alert>
          <Button onClick={() => void (signers.isError ? signers.refetch() : signerDocument.refetch())}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Center>
    );
  }
  if (signers.data && signers.data.length > 1 && signerId === null) {
    return (
      <Suspense fallback={null}>
        <SignerSelectionModal signers={signers.data} onSelect={setSignerId} />
      </Suspense>
    );
  }
  if (needsCode && signerId !== null && isCodeStepReady) {
    return (
      <AccessCodeModal documentId={documentId} signerId={signerId} onConfirmed={() => void signerDocument.refetch()} />
    );
  }
  if (needsIdentity && signerId !== null && isIdentityStepReady) {
    return <IdentityCheck documentId={documentId} signerId={signerId} onVerified={refetchDocument} />;
  }
  if (!signerDocument.data || signerId === null) {
    return (
      <Center h="100dvh">
        <Loader aria-label={t('common.loading')} role="status" />
      </Center>
    );
  }
  return <SigningView key={signerId} documentId={documentId} view={signerDocument.data} />;
}
