import {
  type DocumentFieldResponse,
  expiryDateOf,
  FIELD_KINDS,
  fieldSettings,
  localToday,
  MOBILE_BREAKPOINT_PX,
  safeRedirectionUrl,
} from '@esign/shared';
import { Alert, Box, Button, Group, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { notifyError } from '../../api/notify';
import { lazyComponent } from '../../app/lazy-component';
import { useTranslation } from '../../i18n';
import { RequisiteOwnerNameProvider } from '../requisites/owner-name';
import { type SignerView, sendSignatoryOpened, useSignDocument } from './api';
import { BottomBar } from './BottomBar';
import { postToEmbedder } from './embed';
import { returnToSender } from './return-to-sender';
import { SignerHeader } from './SignerHeader';
import { SignerPages } from './SignerPages';
import {
  actionLabel,
  type FieldValues,
  initialValues,
  previousStep,
  stepsLeft,
  submission,
  withValue,
} from './signing-steps';
import { useSigningSteps } from './use-signing-steps';

// The modals appear on demand: their code (and the saved-signature chooser's) loads when first opened, after
// the document's first page is on screen.
const SignatureChooser = lazyComponent(async () => (await import('../requisites/SignatureChooser')).SignatureChooser);
const StampChooser = lazyComponent(async () => (await import('../requisites/Stamps')).StampChooser);
const PostSignModal = lazyComponent(async () => (await import('./PostSignModal')).PostSignModal);
const AgreeModal = lazyComponent(async () => (await import('./SignerModals')).AgreeModal);
const StepSheet = lazyComponent(async () => (await import('./StepSheet')).StepSheet);
const DeclineModal = lazyComponent(async () => (await import('./DeclineModal')).DeclineModal);
const EndedPage = lazyComponent(async () => (await import('./EndedPage')).EndedPage);
// Not needed to draw the first page of a signer's view: an approver's or a viewer's act, the in-person banner and
// 'Reassign' load when shown.
const RecipientActions = lazyComponent(async () => (await import('./RecipientActions')).RecipientActions);
const SignerPageExtras = lazyComponent(async () => (await import('./SignerPageExtras')).SignerPageExtras);

/** Spec section 9: the signer canvas is at most 970 px minus 12, narrower than its container by 32 or 48 px. */
function canvasWidth(roomWidth: number): number {
  const margin = roomWidth < MOBILE_BREAKPOINT_PX ? 32 : 48;
  return Math.max(0, Math.min(970 - 12, roomWidth - margin));
}

type FieldLogic = typeof import('./field-logic');

/**
 * The rules between fields (issue 37), loaded when the document has a formula or a condition; null until they are
 * here (formulas blank, conditional fields hidden).
 */
function useFieldLogic(fields: DocumentFieldResponse[]): FieldLogic | null {
  const isNeeded = useMemo(
    () => fields.some((field) => FIELD_KINDS[field.type].rule === 'formula' || fieldSettings(field).condition),
    [fields],
  );
  const [logic, setLogic] = useState<FieldLogic | null>(null);
  useEffect(() => {
    if (!isNeeded || logic) return;
    let isCurrent = true;
    import('./field-logic').then(
      (loaded) => isCurrent && setLogic(loaded),
      () => {},
    );
    return () => {
      isCurrent = false;
    };
  }, [isNeeded, logic]);
  return logic;
}

export function SigningView({ documentId, view }: { documentId: string; view: SignerView }) {
  const { t } = useTranslation();
  // The room the page has (not the window: a page wider than the screen would widen the window on phones).
  const { ref: mainRef, width: roomWidth } = useElementSize<HTMLDivElement>();
  const { signer } = view;
  const [typed, setValues] = useState<FieldValues>(() => initialValues(view.fields, signer.id, localToday()));
  // Formula fields follow the number fields as the signer types (issue 37).
  const logic = useFieldLogic(view.fields);
  const values = useMemo(
    () => (logic ? logic.withFormulas(view.fields, signer.id, typed) : typed),
    [logic, view.fields, signer.id, typed],
  );
  // A field whose condition is not met leaves the page and the steps as the signer fills the one it hangs on.
  // Until the rules are here, a field with a condition waits hidden: it shows once its condition is known.
  const shown = useMemo(
    () =>
      logic ? logic.shownFields(view.fields, values) : view.fields.filter((field) => !fieldSettings(field).condition),
    [logic, view.fields, values],
  );
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

  const fields = useMemo(() => shown.map((field) => withValue(field, values[field.id])), [shown, values]);
  const left = useMemo(() => stepsLeft(shown, signer.id, values), [shown, signer.id, values]);
  // An approver or a viewer fills no fields: its act is RecipientActions' (issue 36).
  const actingRole =
    signer.recipientRole === 'approver' || signer.recipientRole === 'viewer' ? signer.recipientRole : null;
  const isEditable = view.isMyTurn && !hasSigned && actingRole === null;
  const label = actionLabel(hasStarted, left.length);

  const onChange = useCallback((fieldId: string, value: FieldValues[string]) => {
    setValues((current) => ({ ...current, [fieldId]: { ...current[fieldId], ...value } }));
    setActiveFieldId(fieldId);
  }, []);
  const steps = useSigningSteps({
    shown,
    signerId: signer.id,
    values,
    left,
    onChange,
    setActiveFieldId,
    onAllGiven: () => setIsAgreeOpen(true),
  });
  const { ordered, openFieldId, openField, chosen } = steps;

  const onAction = () => {
    if (label === 'submit') {
      setIsAgreeOpen(true);
      return;
    }
    setHasStarted(true);
    steps.goNext(hasStarted ? activeFieldId : null);
  };

  const onAgree = (consent: string) => {
    sign.mutate(
      { fields: submission(shown, signer.id, values), consent },
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
      <SignerHeader view={view} actions={isEditable && !isMobile ? actions : null} />
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
            <Suspense fallback={null}>
              <SignerPageExtras view={view} hasSigned={hasSigned} />
            </Suspense>
          ) : null}
          {!view.isMyTurn && !hasSigned && view.rejection === null ? (
            <Alert color="blue" mb="md">
              {view.document.status !== 'awaiting'
                ? t('signing.notAwaiting')
                : t(actingRole ? 'recipientRoles.notYourTurn' : 'signing.notYourTurn')}
            </Alert>
          ) : null}
          {actingRole ? (
            <Suspense fallback={null}>
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
            </Suspense>
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
              onOpen={steps.onOpen}
              signerName={signer.name}
              chosen={chosen}
            />
          ) : null}
        </Box>
      </Box>
      {isEditable && isMobile && openFieldId === null ? <BottomBar>{actions}</BottomBar> : null}
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
            onChooseSignature={steps.onChooseSignature}
            onNext={() => steps.goNext(openField.id, { isSubmit: true })}
            onBack={() => steps.openStep(previousStep(ordered, openField.id)?.id ?? null)}
            onClose={steps.closeStep}
          />
        ) : null}
        {steps.chooserType === 'stamp' ? (
          <StampChooser opened onClose={steps.onChooserClose} onChosen={steps.onChosen} />
        ) : steps.chooserType ? (
          <RequisiteOwnerNameProvider name={signer.name}>
            <SignatureChooser
              opened
              type={steps.chooserType}
              allowedTypes={view.signatureTypes}
              onClose={steps.onChooserClose}
              onChosen={steps.onChosen}
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
