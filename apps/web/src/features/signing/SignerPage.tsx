import {
  type DocumentFieldResponse,
  expiryDateOf,
  FIELD_KINDS,
  localToday,
  MESSAGES,
  MOBILE_BREAKPOINT_PX,
  type Requisite,
  safeRedirectionUrl,
} from '@esign/shared';
import { Alert, Box, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { errorToastText, isApiError } from '../../api/api-error';
import { notifyError } from '../../api/notify';
import { lazyComponent } from '../../app/lazy-component';
import { useTranslation } from '../../i18n';
import { LanguageSwitcher } from '../../i18n/LanguageSwitcher';
import { usePageLanguage } from '../../i18n/page-language';
import { translateMessage } from '../../i18n/translate-message';
import { RequisiteOwnerNameProvider } from '../requisites/owner-name';
import { sendSignatoryOpened, useAvailableSigners, useSignDocument, useSignerDocument } from './api';
import { CompanyHeader } from './CompanyHeader';
import { postToEmbedder } from './embed';
import { LinkNotValidPage } from './LinkNotValidPage';
import { RecipientActions } from './RecipientActions';
import { returnToSender, SignerPageExtras } from './SignerPageExtras';
import { SignerPages } from './SignerPages';
import './signing.css';
import { useToastsBelow } from '../../app/toasts-below';
import {
  actionLabel,
  type FieldValues,
  initialValues,
  inSigningOrder,
  nextStep,
  ownFields,
  previousStep,
  stepsLeft,
  submission,
  withValue,
} from './signing-steps';
import { useSignToken } from './use-sign-token';

// The modals appear on demand: their code (and the saved-signature chooser's) loads when first opened, after
// the document's first page is on screen.
const SignatureChooser = lazyComponent(async () => (await import('../requisites/SignatureChooser')).SignatureChooser);
const PostSignModal = lazyComponent(async () => (await import('./PostSignModal')).PostSignModal);
const AccessCodeModal = lazyComponent(async () => (await import('./SignerModals')).AccessCodeModal);
const AgreeModal = lazyComponent(async () => (await import('./SignerModals')).AgreeModal);
const SignerSelectionModal = lazyComponent(async () => (await import('./SignerModals')).SignerSelectionModal);
const StepSheet = lazyComponent(async () => (await import('./StepSheet')).StepSheet);
const DeclineModal = lazyComponent(async () => (await import('./DeclineModal')).DeclineModal);
const EndedPage = lazyComponent(async () => (await import('./EndedPage')).EndedPage);

/** Spec section 9: the signer canvas is at most 970 px minus 12, narrower than its container by 32 or 48 px. */
function canvasWidth(roomWidth: number): number {
  const margin = roomWidth < MOBILE_BREAKPOINT_PX ? 32 : 48;
  return Math.max(0, Math.min(970 - 12, roomWidth - margin));
}

function scrollToField(fieldId: string) {
  const element = document.querySelector<HTMLElement>(`[data-field-id="${fieldId}"]`);
  element?.scrollIntoView({ block: 'center', behavior: 'smooth' });
}

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
  const failure = signers.error ?? (needsCode ? null : signerDocument.error);

  // A link that does not open says so (and whom to ask) instead of sending the signer, who has no account, to the
  // log-in page; a failure that is not the link's (the network, the server) offers to try again.
  if (token === null || signers.data?.length === 0 || isLinkRefused(failure)) {
    return <LinkNotValidPage documentId={documentId} token={token} />;
  }
  if (failure) {
    return (
      <Center h="100dvh" p="md">
        <Stack align="center" gap="sm">
          <Alert color="red">{translateMessage(errorToastText(failure) ?? MESSAGES.somethingWentWrong, t)}</Alert>
          <Button onClick={() => void (signers.isError ? signers.refetch() : signerDocument.refetch())}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Center>
    );
  }
  if (signers.data && signers.data.length > 1 && signerId === null) {
    return <SignerSelectionModal signers={signers.data} onSelect={setSignerId} />;
  }
  if (needsCode && signerId !== null) {
    return (
      <AccessCodeModal documentId={documentId} signerId={signerId} onConfirmed={() => void signerDocument.refetch()} />
    );
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

type SignerView = NonNullable<ReturnType<typeof useSignerDocument>['data']>;

function SigningView({ documentId, view }: { documentId: string; view: SignerView }) {
  const { t } = useTranslation();
  // The room the page has (not the window: a page wider than the screen would widen the window on phones).
  const { ref: mainRef, width: roomWidth } = useElementSize<HTMLDivElement>();
  const headerRef = useToastsBelow<HTMLDivElement>();
  const { signer } = view;
  const [values, setValues] = useState<FieldValues>(() => initialValues(view.fields, signer.id, localToday()));
  const [hasStarted, setHasStarted] = useState(false);
  const [activeFieldId, setActiveFieldId] = useState<string | null>(null);
  const [isAgreeOpen, setIsAgreeOpen] = useState(false);
  const [hasSigned, setHasSigned] = useState(signer.isFinished);
  const [isDone, setIsDone] = useState(signer.isFinished);
  const [isCompleted, setIsCompleted] = useState(view.document.status === 'completed');
  const sign = useSignDocument(documentId, signer.id);
  const isOpenedSent = useRef(false);
  const [isDeclineOpen, setIsDeclineOpen] = useState(false);
  const [hasDeclined, setHasDeclined] = useState(false);

  const embedOrigins = view.document.embedOrigins;
  useEffect(() => {
    if (isOpenedSent.current) return;
    isOpenedSent.current = true;
    sendSignatoryOpened(documentId, signer.id).catch(() => {});
    postToEmbedder(embedOrigins, { type: 'ready', documentId });
  }, [documentId, signer.id, embedOrigins]);

  const fields = useMemo(() => view.fields.map((field) => withValue(field, values[field.id])), [view.fields, values]);
  const left = useMemo(() => stepsLeft(view.fields, signer.id, values), [view.fields, signer.id, values]);
  // An approver or a viewer fills no fields: its act is RecipientActions' (issue 36).
  const actingRole =
    signer.recipientRole === 'approver' || signer.recipientRole === 'viewer' ? signer.recipientRole : null;
  const isEditable = view.isMyTurn && !hasSigned && actingRole === null;
  const label = actionLabel(hasStarted, left.length);

  const onChange = useCallback((fieldId: string, value: FieldValues[string]) => {
    setValues((current) => ({ ...current, [fieldId]: { ...current[fieldId], ...value } }));
    setActiveFieldId(fieldId);
  }, []);
  // Signatures and initials come from the saved-signature chooser (features/requisites).
  const [chooserField, setChooserField] = useState<DocumentFieldResponse | null>(null);
  const chooserType = chooserField ? FIELD_KINDS[chooserField.type].requisiteType : null;
  const [chosen, setChosen] = useState<Record<string, Requisite>>({});
  const isChoiceMade = useRef(false);
  const onChooseSignature = useCallback((field: DocumentFieldResponse) => {
    setActiveFieldId(field.id);
    setChooserField(field);
  }, []);
  const onChosen = (requisite: Requisite) => {
    if (chooserField === null) return;
    onChange(chooserField.id, { requisiteId: requisite.id });
    setChosen((current) => ({ ...current, [chooserField.id]: requisite }));
    setChooserField(null);
    // The chooser closes itself after a choice: that close must not undo the step opened next.
    isChoiceMade.current = true;
    // A signature given is a step done: on to the next one.
    if (openFieldId === chooserField.id) {
      goNext(chooserField.id, { remaining: left.filter((field) => field.id !== chooserField.id) });
    }
  };

  // The step view: the field whose step is open, if any (StepSheet).
  const [openFieldId, setOpenFieldId] = useState<string | null>(null);
  const ordered = useMemo(
    () => inSigningOrder(ownFields(view.fields, signer.id, values)),
    [view.fields, signer.id, values],
  );
  // A signature's or initials' step is the saved-signature chooser itself; the others' is the StepSheet.
  const openStep = useCallback(
    (fieldId: string | null) => {
      setOpenFieldId(fieldId);
      const field = fieldId === null ? undefined : view.fields.find((candidate) => candidate.id === fieldId);
      if (field === undefined) return;
      setActiveFieldId(field.id);
      scrollToField(field.id);
      if (FIELD_KINDS[field.type].value === 'image') setChooserField(field);
    },
    [view.fields],
  );
  const onOpen = useCallback((field: DocumentFieldResponse) => openStep(field.id), [openStep]);
  const closeStep = () => {
    const fieldId = openFieldId;
    setOpenFieldId(null);
    // Focus goes back to the field the step was opened for.
    if (fieldId) document.getElementById(`field-${fieldId}`)?.focus({ preventScroll: true });
  };
  /** On to the next required field not signed; with none left, 'Almost done!' when asked to submit, else nothing. */
  const goNext = (fromId: string | null, { remaining = left, isSubmit = false } = {}) => {
    const next = nextStep(remaining, ordered, fromId);
    if (next) openStep(next.id);
    else {
      setOpenFieldId(null);
      if (isSubmit) setIsAgreeOpen(true);
    }
  };

  const onAction = () => {
    if (label === 'submit') {
      setIsAgreeOpen(true);
      return;
    }
    setHasStarted(true);
    goNext(hasStarted ? activeFieldId : null);
  };

  const onAgree = (consent: string) => {
    sign.mutate(
      { fields: submission(view.fields, signer.id, values), consent },
      {
        onSuccess: (answer) => {
          setIsAgreeOpen(false);
          setHasSigned(true);
          setIsCompleted(answer.documentStatus === 'completed');
          // Only now: the server has recorded the signature, so an embed never hears of a failure that was not.
          postToEmbedder(embedOrigins, { type: 'completed', documentId, documentStatus: answer.documentStatus });
          // Signed in person on the sender's device: back to their document.
          if (view.document.inPersonHost) {
            returnToSender(view.document.id);
            return;
          }
          const redirection = safeRedirectionUrl(answer.redirectionPage);
          if (redirection) window.location.assign(redirection);
          else setIsDone(true);
        },
        onError: (error) => {
          setIsAgreeOpen(false);
          notifyError(error);
          postToEmbedder(embedOrigins, { type: 'error', documentId, message: error.message });
        },
      },
    );
  };

  const openField = ordered.find((field) => field.id === openFieldId);
  const width = canvasWidth(roomWidth);
  if (hasDeclined) {
    return (
      <Suspense fallback={null}>
        <EndedPage reason="declined" senderName={view.document.senderName} isOwnDecline />
      </Suspense>
    );
  }
  const isMobile = roomWidth > 0 && roomWidth < MOBILE_BREAKPOINT_PX;
  const actions = (
    <Group gap="xs" wrap="nowrap" justify="space-between">
      <Text size="sm" aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
        {t('signing.fieldsLeft', { count: left.length })}
      </Text>
      <Button onClick={onAction} loading={sign.isPending}>
        {t(label === 'start' ? 'signing.startSigning' : label === 'next' ? 'signing.nextStep' : 'signing.submit')}
      </Button>
    </Group>
  );
  return (
    <Box mih="100dvh" bg="gray.1">
      <Box
        ref={headerRef}
        component="header"
        pos="sticky"
        top={0}
        bg="white"
        px="md"
        py="xs"
        style={{ zIndex: 10, borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Box miw={0} style={{ flex: 1 }}>
            <Group gap="xs" wrap="nowrap">
              <CompanyHeader company={view.company} />
              <Title
                order={1}
                fz="md"
                miw={0}
                style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {view.document.title}
              </Title>
            </Group>
            <Text size="xs" c="dimmed" truncate="end">
              {view.company?.name
                ? t('signing.fromCompany', { name: view.document.senderName, company: view.company.name })
                : t('signing.from', { name: view.document.senderName })}
            </Text>
          </Box>
          <LanguageSwitcher />
          {isEditable && !isMobile ? actions : null}
        </Group>
      </Box>
      <Box
        ref={mainRef}
        component="main"
        pt="md"
        // Room below the last page for the bottom bar, or for the step sheet over it.
        pb={isEditable ? (openFieldId !== null ? 260 : isMobile ? 80 : 'md') : actingRole ? 160 : 'md'}
        style={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}
      >
        <Box w={width}>
          {view.document.testMode ? (
            <Alert color="yellow" mb="md">
              {t('messages.testModeBanner')}
            </Alert>
          ) : null}
          {view.document.allowReassign || view.document.inPersonHost ? (
            <SignerPageExtras view={view} hasSigned={hasSigned} />
          ) : null}
          {!view.isMyTurn && !hasSigned && view.rejection === null ? (
            <Alert color="blue" mb="md">
              {view.document.status !== 'awaiting'
                ? t('signing.notAwaiting')
                : t(actingRole ? 'recipientRoles.notYourTurn' : 'signing.notYourTurn')}
            </Alert>
          ) : null}
          {actingRole ? (
            <RecipientActions
              documentId={documentId}
              recipientRole={actingRole}
              signerId={signer.id}
              senderName={view.document.senderName}
              isFinished={signer.isFinished}
              rejection={view.rejection}
              isMyTurn={view.isMyTurn}
              embedOrigins={embedOrigins}
            />
          ) : null}
          {isEditable ? (
            <Group justify="space-between" mb="xs" gap="xs">
              <Text size="sm" c="dimmed">
                {view.document.expiresAt
                  ? t('lifecycle.signUntil', { date: expiryDateOf(view.document.expiresAt) })
                  : null}
              </Text>
              <Button variant="subtle" color="red" size="compact-sm" onClick={() => setIsDeclineOpen(true)}>
                {t('lifecycle.decline')}
              </Button>
            </Group>
          ) : null}
          {view.document.message ? (
            <Text size="sm" mb="md" style={{ whiteSpace: 'pre-wrap' }}>
              {view.document.message}
            </Text>
          ) : null}
          {view.document.pdfUrl && roomWidth > 0 ? (
            <SignerPages
              pdfUrl={view.document.pdfUrl}
              pdfMetadata={view.document.pdfMetadata}
              width={width}
              fields={fields}
              signerId={signer.id}
              isEditable={isEditable}
              activeFieldId={activeFieldId}
              onOpen={onOpen}
              signerName={signer.name}
              chosen={chosen}
            />
          ) : null}
        </Box>
      </Box>
      {isEditable && isMobile && openFieldId === null ? (
        <Box
          pos="fixed"
          bottom={0}
          left={0}
          right={0}
          bg="white"
          px="md"
          py="sm"
          style={{ zIndex: 10, borderTop: '1px solid var(--mantine-color-gray-3)' }}
        >
          {actions}
        </Box>
      ) : null}
      <Suspense fallback={null}>
        {openField && isEditable && FIELD_KINDS[openField.type].value !== 'image' ? (
          <StepSheet
            field={openField}
            signerName={signer.name}
            position={ordered.findIndex((field) => field.id === openField.id) + 1}
            count={ordered.length}
            isLastStep={left.length === 0}
            canGoBack={previousStep(ordered, openField.id) !== null}
            requisite={chosen[openField.id]}
            onChange={onChange}
            onChooseSignature={onChooseSignature}
            onNext={() => goNext(openField.id, { isSubmit: true })}
            onBack={() => openStep(previousStep(ordered, openField.id)?.id ?? null)}
            onClose={closeStep}
          />
        ) : null}
        {chooserType ? (
          <RequisiteOwnerNameProvider name={signer.name}>
            <SignatureChooser
              opened
              type={chooserType}
              allowedTypes={view.signatureTypes}
              onClose={() => {
                if (isChoiceMade.current) {
                  isChoiceMade.current = false;
                  return;
                }
                setChooserField(null);
                if (openFieldId === chooserField?.id) closeStep();
              }}
              onChosen={onChosen}
            />
          </RequisiteOwnerNameProvider>
        ) : null}
        {isAgreeOpen ? (
          <AgreeModal opened isPending={sign.isPending} onClose={() => setIsAgreeOpen(false)} onAgree={onAgree} />
        ) : null}
        {isDeclineOpen ? (
          <DeclineModal
            documentId={documentId}
            signerId={signer.id}
            senderName={view.document.senderName}
            onClose={() => setIsDeclineOpen(false)}
            onDeclined={() => setHasDeclined(true)}
          />
        ) : null}
        {isDone ? (
          <PostSignModal
            documentId={documentId}
            signer={signer}
            isCompleted={isCompleted}
            onClose={() => setIsDone(false)}
          />
        ) : null}
      </Suspense>
    </Box>
  );
}
