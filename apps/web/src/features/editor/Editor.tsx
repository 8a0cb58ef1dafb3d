import {
  canOwnFields,
  type Document,
  type DocumentField,
  FIELD_KINDS,
  type FieldType,
  type Requisite,
  type User,
} from '@esign/shared';
import { Box, Button, Group, Modal, Paper, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n';
import { usePdfDocument } from '../pdf/use-pdf-document';
import { UpgradeModal } from '../plans/UpgradeModal';
import { SignatureChooser, StampChooser, useRequisites } from '../requisites';
import { useSignerAvatars } from '../settings/api';
import { useUserDates } from '../settings/user-dates';
import { templateKindOf } from '../templates/template-kinds';
import { EditorHeader } from './EditorHeader';
import { dismissEarlyPage } from './early-page';
import { editorReducer, initialEditorState, patchField, putField, removeField } from './editor-state';
import { FieldSettings } from './FieldSettings';
import { FieldsBar } from './FieldsBar';
import {
  assignQuestion,
  avoidStacking,
  copyField,
  createField,
  fieldsById,
  firstUnsignedOwnField,
  reassignField,
} from './field-rules';
import { EDITOR_FRAME, type Box as FieldBoxGeometry, openingZoom } from './layout';
import { type EditorViewport, PageArea } from './PageArea';
import { SendErrorsModal, SentModal, TemplateReadyModal } from './SendModals';
import type { EditorCommand } from './shortcuts';
import { ThumbnailsPanel } from './ThumbnailsPanel';
import { useEditorKeys, useEscapeKey } from './use-editor-keys';
import { useFieldAutoSave } from './use-field-auto-save';
import { useSend } from './use-send';

export interface EditorProps {
  document: Document;
  user: User;
  /** A template's or form's editor: roles instead of signers, Save instead of Send, back to its list. */
  template?: { toApi: boolean };
}

/** 'Prepare for Signing': the full-screen field editor of one draft document or template. */
export function Editor({ document, user, template }: EditorProps) {
  const { t } = useTranslation();
  const dates = useUserDates();
  const navigate = useNavigate();
  const [savedFields] = useState(() => fieldsById(document.fields));
  const [state, dispatch] = useReducer(editorReducer, savedFields, initialEditorState);
  const stateRef = useRef(state);
  stateRef.current = state;
  const [zoom, setZoom] = useState(() => openingZoom(window.innerWidth));
  const [clipboard, setClipboard] = useState<DocumentField | null>(null);
  const [isPopupOpen, setPopupOpen] = useState(false);
  const [isLeaving, setLeaving] = useState(false);
  const viewportRef = useRef<EditorViewport | null>(null);
  const { pdf } = usePdfDocument(document.pdfFileKey);
  const [hasFirstPage, setFirstPage] = useState(false);
  // The page drawn before the app started (early-page.ts) gives way once this editor has drawn its own.
  useEffect(() => {
    if (!hasFirstPage) return;
    dismissEarlyPage();
    // For the benchmarks: the editor is ready to use (its controls, fields and first page are on screen).
    performance.mark('esign:editor-ready');
  }, [hasFirstPage]);
  const templateKind = template ? templateKindOf(document.type) : undefined;
  const saver = useFieldAutoSave(document, savedFields, state.fields);
  // 'Sign every required field assigned to you': the sender is taken to the first of them, selected.
  const showFirstUnsignedOwn = useCallback(() => {
    const preparerId = document.signers.find((signer) => signer.isPreparer)?.id ?? null;
    const field = firstUnsignedOwnField(Object.values(stateRef.current.fields), preparerId);
    if (field === undefined) return;
    viewportRef.current?.scrollToField(field);
    dispatch({ type: 'select', id: field.id });
  }, [document.signers]);
  const sending = useSend(document, user, saver, () => stateRef.current.fields, {
    toApi: template?.toApi ?? false,
    onOwnFieldsUnsigned: showFirstUnsignedOwn,
  });

  const pages = useMemo(() => document.pdfMetadata?.pages ?? [], [document.pdfMetadata]);
  // Only signers own fields (issue 36): approvers, viewers and cc recipients are not offered.
  const signers = useMemo(
    () =>
      document.signers
        .filter((signer) => canOwnFields(signer.recipientRole))
        .sort((a, b) => Number(b.isPreparer) - Number(a.isPreparer) || a.order - b.order),
    [document.signers],
  );
  // A template's signers are roles: no accounts, no pictures.
  const avatars = useSignerAvatars(template ? undefined : document.id);
  const signersById = useMemo(() => new Map(signers.map((signer) => [signer.id, signer])), [signers]);
  const lastSignerId = useRef<string | null>(
    (document.type === 'me' ? signers.find((signer) => signer.isPreparer) : signers.find((s) => !s.isPreparer))?.id ??
      null,
  );
  const fieldsByPage = useMemo(() => {
    const byPage = new Map<number, DocumentField[]>();
    for (const field of Object.values(state.fields)) {
      const list = byPage.get(field.pageNumber);
      if (list) list.push(field);
      else byPage.set(field.pageNumber, [field]);
    }
    return byPage;
  }, [state.fields]);
  const selected = state.selectedId ? (state.fields[state.selectedId] ?? null) : null;

  const select = useCallback((id: string | null) => {
    if (id !== null && id !== stateRef.current.selectedId) setPopupOpen(true);
    dispatch({ type: 'select', id });
  }, []);

  const addField = useCallback(
    (type: FieldType, at?: { pageNumber: number; point: { x: number; y: number } }) => {
      const place = viewportRef.current?.placement();
      const pageNumber = at?.pageNumber ?? place?.pageNumber;
      const page = pageNumber ? pages[pageNumber - 1] : undefined;
      const center = at?.point ?? place?.center;
      if (pageNumber === undefined || page === undefined || center === undefined) return;
      const signerId = lastSignerId.current;
      const created = createField({
        id: crypto.randomUUID(),
        type,
        pageNumber,
        center,
        page,
        signer: signerId ? (signersById.get(signerId) ?? null) : null,
        today: dates.today(),
      });
      const field = avoidStacking(created, Object.values(stateRef.current.fields), page);
      setPopupOpen(true);
      dispatch({ type: 'change', update: putField(field), select: field.id });
    },
    [pages, signersById, dates],
  );

  const onBoxChange = useCallback((id: string, box: FieldBoxGeometry) => {
    dispatch({ type: 'change', update: patchField(id, box) });
  }, []);
  const onValueChange = useCallback((id: string, patch: Partial<DocumentField>) => {
    dispatch({ type: 'change', update: patchField(id, patch) });
  }, []);
  const onDropNew = useCallback(
    (type: FieldType, pageNumber: number, point: { x: number; y: number }) => addField(type, { pageNumber, point }),
    [addField],
  );
  const onDeselect = useCallback(() => dispatch({ type: 'select', id: null }), []);
  // The saved-signature chooser, opened by a double-click on the preparer's signature or initials.
  const [chooserFieldId, setChooserFieldId] = useState<string | null>(null);
  const onChooseRequisite = useCallback((id: string) => setChooserFieldId(id), []);
  const chooserField = chooserFieldId ? state.fields[chooserFieldId] : undefined;
  const chooserType = chooserField ? FIELD_KINDS[chooserField.type].requisiteType : null;
  const requisites = useRequisites({ withDeleted: true });
  const [chosen, setChosen] = useState<readonly Requisite[]>([]);
  const requisitesById = useMemo(
    () => new Map([...(requisites.data ?? []), ...chosen].map((requisite) => [requisite.id, requisite])),
    [requisites.data, chosen],
  );

  const onAssign = (signerId: string | null) => {
    if (selected === null) return;
    const from = selected.signerId ? (signersById.get(selected.signerId) ?? null) : null;
    const to = signerId ? (signersById.get(signerId) ?? null) : null;
    lastSignerId.current = signerId;
    dispatch({ type: 'change', update: putField(reassignField(selected, from, to, dates.today())) });
  };
  const onPatch = (patch: Partial<DocumentField>) => selected && onValueChange(selected.id, patch);

  const paste = () => {
    const place = viewportRef.current?.placement();
    if (clipboard === null || !place) return;
    const copy = avoidStacking(
      copyField(clipboard, crypto.randomUUID(), place.pageNumber, place.center, place.page),
      Object.values(state.fields),
      place.page,
    );
    setPopupOpen(true);
    dispatch({ type: 'change', update: putField(copy), select: copy.id });
  };
  const run = (command: EditorCommand) => {
    if (command === 'undo' || command === 'redo') dispatch({ type: command });
    else if (command === 'copy') setClipboard(selected);
    else if (command === 'paste') paste();
    else if (command === 'delete' && selected) {
      dispatch({ type: 'change', update: removeField(selected.id), select: null });
    }
  };
  const isDialogOpen =
    chooserType !== null ||
    isLeaving ||
    sending.errors.length > 0 ||
    sending.upgradeText !== null ||
    sending.finished !== null;
  useEditorKeys(run, !isDialogOpen);
  useEscapeKey(() => setPopupOpen(false), isPopupOpen && selected !== null && !isDialogOpen);

  const leave = () => navigate(templateKind?.listPath ?? '/documents');
  const settings = (variant: 'panel' | 'popup') =>
    selected && (
      <FieldSettings
        field={selected}
        fields={Object.values(state.fields)}
        {...{ signers, onAssign, onPatch, variant, avatars }}
      />
    );

  return (
    <Box h="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <EditorHeader
        canUndo={state.history.undos.length > 0}
        canRedo={state.history.redos.length > 0}
        canCopy={selected !== null}
        canPaste={clipboard !== null}
        zoom={zoom}
        isSending={sending.isSending}
        templateKind={templateKind}
        onUndo={() => run('undo')}
        onRedo={() => run('redo')}
        onCopy={() => run('copy')}
        onPaste={() => run('paste')}
        onZoom={setZoom}
        onCancel={() => (saver.hasUnsaved() ? setLeaving(true) : leave())}
        onSend={() => void sending.send()}
      />
      <Box style={{ flex: 1, display: 'flex', minHeight: 0 }}>
        <FieldsBar onAdd={addField} />
        <PageArea
          pages={pages}
          zoom={zoom}
          pdf={pdf}
          fieldsByPage={fieldsByPage}
          selectedId={state.selectedId}
          signersById={signersById}
          requisitesById={requisitesById}
          viewportRef={viewportRef}
          onSelect={select}
          onDeselect={onDeselect}
          onBoxChange={onBoxChange}
          onValueChange={onValueChange}
          onChooseRequisite={onChooseRequisite}
          onDropNew={onDropNew}
          onFirstRender={setFirstPage}
          popupPageNumber={selected && isPopupOpen ? selected.pageNumber : null}
          popup={
            selected && isPopupOpen ? (
              <Paper shadow="md" p="sm" withBorder role="dialog" aria-label={t(assignQuestion(selected.type))}>
                <Group justify="flex-end" mb={-8}>
                  <Button size="compact-xs" variant="subtle" onClick={() => setPopupOpen(false)}>
                    {t('editor.close')}
                  </Button>
                </Group>
                {settings('popup')}
              </Paper>
            ) : null
          }
        />
        <Box
          component="section"
          aria-label={t('editor.selectedField')}
          w={EDITOR_FRAME.settingsWidth}
          p="sm"
          style={panelStyle}
        >
          {settings('panel') ?? (
            <Text size="sm" c="dimmed">
              {t('editor.noFieldSelected')}
            </Text>
          )}
        </Box>
        <ThumbnailsPanel
          pages={pages}
          pdf={hasFirstPage ? pdf : null}
          onPick={(page) => viewportRef.current?.scrollToPage(page)}
        />
      </Box>
      <Modal opened={isLeaving} onClose={() => setLeaving(false)} title={t('editor.leaveTitle')}>
        <Text>{t('messages.allChangesLost')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setLeaving(false)}>
            {t('editor.stay')}
          </Button>
          <Button color="red" onClick={leave}>
            {t('editor.leave')}
          </Button>
        </Group>
      </Modal>
      {/* Mounted only while open: its list and modals are work the editor's first page must not wait for. */}
      {chooserField !== undefined && chooserType === 'stamp' && (
        <StampChooser
          opened
          onClose={() => setChooserFieldId(null)}
          onChosen={(requisite) => {
            setChosen((current) => [...current, requisite]);
            dispatch({ type: 'change', update: patchField(chooserField.id, { requisiteId: requisite.id }) });
            setChooserFieldId(null);
          }}
        />
      )}
      {chooserField !== undefined && chooserType !== null && chooserType !== 'stamp' && (
        <SignatureChooser
          opened
          type={chooserType}
          asksConsent
          onClose={() => setChooserFieldId(null)}
          onChosen={(requisite) => {
            setChosen((current) => [...current, requisite]);
            dispatch({ type: 'change', update: patchField(chooserField.id, { requisiteId: requisite.id }) });
            setChooserFieldId(null);
          }}
        />
      )}
      <SendErrorsModal errors={sending.errors} templateKind={templateKind} onClose={sending.clearErrors} />
      <UpgradeModal text={sending.upgradeText} onClose={sending.closeUpgrade} />
      <SentModal sent={sending.finished?.kind === 'sent' ? sending.finished.document : null} />
      {templateKind ? (
        <TemplateReadyModal kind={templateKind} opened={sending.finished?.kind === 'templateReady'} />
      ) : null}
    </Box>
  );
}

const panelStyle = { borderLeft: EDITOR_FRAME.line, overflowY: 'auto' } as const;
