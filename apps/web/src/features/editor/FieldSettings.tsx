import {
  type DocumentField,
  FIELD_DATE_FORMATS,
  FIELD_KINDS,
  type FieldDateFormat,
  FONT_IDS,
  FONT_SIZE,
  FONTS,
  type FontId,
  type Signer,
} from '@esign/shared';
import {
  Alert,
  Avatar,
  Checkbox,
  ColorSwatch,
  Group,
  NumberInput,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { type Translate, useTranslation } from '../../i18n';
import { FieldConditionSettings } from './FieldConditionSettings';
import { FieldKindSettings } from './FieldKindSettings';
import { assignQuestion } from './field-rules';
import { PrefillValue, takesPrefill } from './PrefillValue';
import { signerCssColor } from './signer-colors';

export interface FieldSettingsProps {
  field: DocumentField;
  signers: readonly Signer[];
  onAssign: (signerId: string | null) => void;
  onPatch: (patch: Partial<DocumentField>) => void;
  /** Every field of the document (a formula's names); none: the formula is checked alone. */
  fields?: readonly DocumentField[];
  /** 'panel': the selected-field panel beside the pages; 'popup': the popup on the page. */
  variant: 'panel' | 'popup';
  /** The pictures of signers who have accounts, by signer id. */
  avatars?: ReadonlyMap<string, string>;
}

export function signerLabel(signer: Signer, t: Translate): string {
  if (signer.isPreparer) return t('messages.meNowSigner');
  // A template's signer is a role until a document is made from it.
  if (signer.role && !signer.email) return signer.role;
  const name = signer.name ? t('common.nameAndEmail', { name: signer.name, email: signer.email }) : signer.email;
  // Spec part 1, section 6: a signer who is neither the current user nor the preparer gets the link by e-mail.
  return `${name} ${t('messages.sendViaEmail')}`;
}

/** A signer's picture beside their name, when their account has one. */
function SignerAvatar({ url }: { url: string | undefined }) {
  return url ? <Avatar src={url} size={18} radius="xl" alt="" /> : null;
}

const FONT_OPTIONS = FONT_IDS.map((id) => ({ value: id, label: FONTS[id] }));

/** The settings of the selected field, with the spec's conditions for each control. */
export function FieldSettings({ field, signers, onAssign, onPatch, variant, avatars, fields }: FieldSettingsProps) {
  const { t } = useTranslation();
  const signer = signers.find((candidate) => candidate.id === field.signerId) ?? null;
  const isOwn = signer?.isPreparer === true;
  const kind = FIELD_KINDS[field.type];
  const idPrefix = `${variant}-${field.id}`;

  return (
    <Stack gap="sm">
      {variant === 'panel' ? (
        <Select
          label={t('editor.assignedTo')}
          placeholder={t('editor.unassigned')}
          data={signers.map((candidate) => ({ value: candidate.id, label: signerLabel(candidate, t) }))}
          value={field.signerId}
          onChange={(value) => onAssign(value)}
          leftSection={<ColorSwatch color={signerCssColor(signer)} size={14} />}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          renderOption={({ option }) => (
            <Group gap={6} wrap="nowrap">
              <SignerAvatar url={avatars?.get(option.value)} />
              <span>{option.label}</span>
            </Group>
          )}
        />
      ) : (
        <Radio.Group
          label={t(assignQuestion(field.type))}
          value={field.signerId ?? ''}
          onChange={(value) => onAssign(value || null)}
        >
          <Stack gap={6} mt={6}>
            {signers.map((candidate) => (
              <Radio
                key={candidate.id}
                value={candidate.id}
                label={
                  <Group gap={6} wrap="nowrap">
                    <ColorSwatch color={signerCssColor(candidate)} size={12} />
                    <SignerAvatar url={avatars?.get(candidate.id)} />
                    <span>{signerLabel(candidate, t)}</span>
                  </Group>
                }
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {isOwn && (
        <Alert color="yellow" p="xs">
          <Text size="xs">{t('messages.meNowAttention')}</Text>
        </Alert>
      )}
      {kind.hasFont && (
        <>
          {variant === 'popup' && (
            <Text size="sm" fw={500}>
              {t('editor.styles')}
            </Text>
          )}
          <Select
            label={t('editor.fontFamily')}
            data={FONT_OPTIONS}
            value={field.fontFamily}
            onChange={(value) => value && onPatch({ fontFamily: value as FontId })}
            allowDeselect={false}
            searchable
          />
          <CommittedNumber
            label={t('editor.fontSize')}
            value={field.fontSize ?? FONT_SIZE.default}
            onCommit={(fontSize) => onPatch({ fontSize })}
          />
        </>
      )}
      {kind.settings.includes('dateFormat') && (
        <Select
          label={t('editor.dateFormat')}
          data={[...FIELD_DATE_FORMATS]}
          value={field.dateFormat}
          onChange={(value) => value && onPatch({ dateFormat: value as FieldDateFormat })}
          allowDeselect={false}
        />
      )}
      {kind.settings.includes('placeholder') && !isOwn && (
        <CommittedText
          id={`${idPrefix}-placeholder`}
          label={t('editor.placeholder')}
          value={field.placeholder ?? ''}
          onCommit={(placeholder) => onPatch({ placeholder: placeholder === '' ? null : placeholder })}
        />
      )}
      {signer && !isOwn && takesPrefill(field) && (
        <PrefillValue id={`${idPrefix}-prefill`} field={field} onPatch={onPatch} />
      )}
      <FieldKindSettings field={field} fields={fields ?? [field]} isOwn={isOwn} onPatch={onPatch} />
      <FieldConditionSettings field={field} fields={fields ?? [field]} onPatch={onPatch} />
      <Checkbox
        label={t('editor.required')}
        checked={field.required}
        onChange={(event) => onPatch({ required: event.currentTarget.checked })}
      />
      {kind.settings.includes('checkedByDefault') && !isOwn && (
        <Checkbox
          label={t('editor.checkedByDefault')}
          checked={field.checked}
          onChange={(event) => onPatch({ checked: event.currentTarget.checked })}
        />
      )}
    </Stack>
  );
}

/** A text input that changes the field once, when it is left (one history entry, not one per key). */
function CommittedText({
  id,
  label,
  value,
  onCommit,
}: {
  id: string;
  label: string;
  value: string;
  onCommit: (value: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  return (
    <TextInput
      id={id}
      label={label}
      value={draft}
      maxLength={100}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={() => draft !== value && onCommit(draft)}
      onKeyDown={(event) => event.key === 'Enter' && event.currentTarget.blur()}
    />
  );
}

function CommittedNumber({
  label,
  value,
  onCommit,
}: {
  label: string;
  value: number;
  onCommit: (value: number) => void;
}) {
  const [draft, setDraft] = useState<number | string>(value);
  useEffect(() => setDraft(value), [value]);
  const commit = (next: number | string) => {
    const number = typeof next === 'number' ? next : Number.parseInt(next, 10);
    if (!Number.isFinite(number)) return setDraft(value);
    const clamped = Math.min(FONT_SIZE.max, Math.max(FONT_SIZE.min, Math.round(number)));
    setDraft(clamped);
    if (clamped !== value) onCommit(clamped);
  };
  return (
    <NumberInput
      label={label}
      value={draft}
      min={FONT_SIZE.min}
      max={FONT_SIZE.max}
      step={1}
      allowDecimal={false}
      onChange={setDraft}
      onBlur={() => commit(draft)}
      onKeyDown={(event) => event.key === 'Enter' && commit(draft)}
    />
  );
}
