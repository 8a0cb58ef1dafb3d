import {
  DEFAULT_SIGNATURE_FONT,
  type Requisite,
  type RequisiteInput,
  type RequisiteValueType,
  requiredString,
  SIGNATURE_FONTS,
  type SignatureFontId,
} from '@esign/shared';
import { Button, Checkbox, Group, Modal, Radio, SimpleGrid, Stack, Tabs, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { notifySuccess } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { useTranslateMessage } from '../../i18n/use-translate-message';
import { type RequisitePair, useSaveRequisites } from './api';
import { DrawPad } from './DrawPad';
import { FittedText } from './FittedText';
import type { ImageValue } from './image-value';
import { defaultInitials, renderTypedSignature, TYPED_FONT_SIZE } from './typed-signature';
import { UploadPick } from './UploadPick';

const FONT_IDS = Object.keys(SIGNATURE_FONTS) as SignatureFontId[];
const typedValue = requiredString(100);

export interface SignatureModalProps {
  opened: boolean;
  onClose(): void;
  /** The pair to edit; null makes a new one. */
  pair: RequisitePair | null;
  /** The name to start from: the user's or the signer's. */
  defaultName: string;
  /** The kinds the tabs offer (a document's company signature types); every kind when not given. */
  allowedTypes?: readonly RequisiteValueType[] | undefined;
  onSaved?(pair: RequisitePair): void;
}

/** The create / edit modal: 'Type it in', 'Draw it in', 'Upload Image', the consent, and the pair saved together. */
export function SignatureModal(props: SignatureModalProps) {
  const isMobile = useMediaQuery('(max-width: 768px)');
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.pair ? t('requisites.editTitle') : t('requisites.createTitle')}
      size="xl"
      fullScreen={isMobile}
      centered
      closeButtonProps={{ 'aria-label': t('requisites.close') }}
    >
      {/* Mounted only while open, so every opening starts from the saved values. */}
      {props.opened && <SignatureForm {...props} />}
    </Modal>
  );
}

function keptImage(requisite: Requisite | undefined, valueType: RequisiteValueType): ImageValue | null {
  return requisite?.valueType === valueType && requisite.imageUrl ? { kind: 'kept', url: requisite.imageUrl } : null;
}

function SignatureForm({ onClose, pair, defaultName, allowedTypes, onSaved }: SignatureModalProps) {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  const save = useSaveRequisites();
  const isOffered = (kind: RequisiteValueType) => !allowedTypes || allowedTypes.includes(kind);
  const [tab, setTab] = useState<RequisiteValueType>(
    ([pair?.sign.valueType ?? 'text', 'text', 'draw', 'upload'] as const).find(isOffered) ?? 'text',
  );
  const [name, setName] = useState(pair?.sign.valueType === 'text' ? (pair.sign.text ?? '') : defaultName);
  const [initials, setInitials] = useState(
    pair?.initial.valueType === 'text' ? (pair.initial.text ?? '') : defaultInitials(defaultName),
  );
  const [isInitialsEdited, setInitialsEdited] = useState(pair !== null);
  const [fontId, setFontId] = useState<SignatureFontId>(
    (pair?.sign.fontFamily as SignatureFontId | null) ?? DEFAULT_SIGNATURE_FONT,
  );
  const [drawn, setDrawn] = useState({
    sign: keptImage(pair?.sign, 'draw'),
    initial: keptImage(pair?.initial, 'draw'),
  });
  const [uploaded, setUploaded] = useState({
    sign: keptImage(pair?.sign, 'upload'),
    initial: keptImage(pair?.initial, 'upload'),
  });
  const [hasConsent, setConsent] = useState(false);
  const [touched, setTouched] = useState({ name: false, initials: false });

  const nameCheck = typedValue.safeParse(name);
  const initialsCheck = typedValue.safeParse(initials);
  const images = tab === 'draw' ? drawn : uploaded;
  const hasBothValues =
    tab === 'text' ? nameCheck.success && initialsCheck.success : images.sign !== null && images.initial !== null;
  const canSubmit = hasConsent && hasBothValues && !save.isPending;

  const onNameChange = (value: string) => {
    setName(value);
    if (!isInitialsEdited) setInitials(defaultInitials(value));
  };

  async function item(type: 'sign' | 'initial'): Promise<RequisiteInput> {
    const id = pair ? pair[type].id : undefined;
    const base = { ...(id ? { id } : {}), type, valueType: tab };
    if (tab === 'text') {
      const text = (type === 'sign' ? name : initials).trim();
      return {
        ...base,
        text,
        fontFamily: fontId,
        fontSize: TYPED_FONT_SIZE,
        image: await renderTypedSignature(text, fontId),
      };
    }
    const image = images[type];
    return image?.kind === 'new' ? { ...base, image: image.dataUrl } : base;
  }

  const onSubmit = async () => {
    if (!canSubmit) return;
    const saved = await save.mutateAsync({
      requisites: [await item('sign'), await item('initial')],
      consent: t('requisites.consent'),
    });
    const sign = saved.find((entry) => entry.type === 'sign');
    const initial = saved.find((entry) => entry.type === 'initial');
    notifySuccess(t(pair ? 'requisites.updated' : 'requisites.created'));
    if (sign && initial) onSaved?.({ sign, initial });
    onClose();
  };

  const fieldError = (check: typeof nameCheck, isTouched: boolean) =>
    isTouched && !check.success ? translateMessage(check.error.issues[0]?.message ?? '') : undefined;

  return (
    <Stack gap="md">
      <Tabs value={tab} onChange={(value) => value && setTab(value as RequisiteValueType)}>
        <Tabs.List grow>
          {isOffered('text') && <Tabs.Tab value="text">{t('requisites.typeTab')}</Tabs.Tab>}
          {isOffered('draw') && <Tabs.Tab value="draw">{t('requisites.drawTab')}</Tabs.Tab>}
          {isOffered('upload') && <Tabs.Tab value="upload">{t('requisites.uploadTab')}</Tabs.Tab>}
        </Tabs.List>

        <Tabs.Panel value="text" pt="md">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <TextInput
                label={t('requisites.fullName')}
                value={name}
                onChange={(event) => onNameChange(event.currentTarget.value)}
                onBlur={() => setTouched((was) => ({ ...was, name: true }))}
                error={fieldError(nameCheck, touched.name)}
                required
              />
              <TextInput
                label={t('requisites.initialsLabel')}
                value={initials}
                onChange={(event) => {
                  setInitials(event.currentTarget.value);
                  setInitialsEdited(true);
                }}
                onBlur={() => setTouched((was) => ({ ...was, initials: true }))}
                error={fieldError(initialsCheck, touched.initials)}
                required
              />
            </SimpleGrid>
            <Radio.Group
              label={t('requisites.fontChoice')}
              value={fontId}
              onChange={(value) => setFontId(value as SignatureFontId)}
            >
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
                {FONT_IDS.map((id) => (
                  <Radio.Card key={id} value={id} radius="sm" p="xs" aria-label={SIGNATURE_FONTS[id]}>
                    <Group wrap="nowrap" gap="xs">
                      <Radio.Indicator size="xs" />
                      <div style={{ flex: 1, minWidth: 0 }}>
                        <FittedText text={name.trim() || defaultName || SIGNATURE_FONTS[id]} fontId={id} height={48} />
                      </div>
                    </Group>
                  </Radio.Card>
                ))}
              </SimpleGrid>
            </Radio.Group>
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="draw" pt="md">
          <Stack gap="sm">
            <DrawPad
              label={t('requisites.drawSignature')}
              value={drawn.sign}
              onChange={(value) => setDrawn((was) => ({ ...was, sign: value }))}
            />
            <DrawPad
              label={t('requisites.drawInitials')}
              value={drawn.initial}
              onChange={(value) => setDrawn((was) => ({ ...was, initial: value }))}
            />
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="upload" pt="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <UploadPick
              label={t('requisites.signature')}
              value={uploaded.sign}
              onChange={(value) => setUploaded((was) => ({ ...was, sign: value }))}
            />
            <UploadPick
              label={t('requisites.initials')}
              value={uploaded.initial}
              onChange={(value) => setUploaded((was) => ({ ...was, initial: value }))}
            />
          </SimpleGrid>
        </Tabs.Panel>
      </Tabs>

      <Checkbox
        label={t('requisites.consent')}
        checked={hasConsent}
        onChange={(event) => setConsent(event.currentTarget.checked)}
      />
      <Button onClick={() => void onSubmit()} disabled={!canSubmit} loading={save.isPending} fullWidth>
        {pair ? t('requisites.updateSignature') : t('requisites.createSignature')}
      </Button>
    </Stack>
  );
}
