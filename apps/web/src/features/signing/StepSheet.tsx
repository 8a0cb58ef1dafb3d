import { type DocumentFieldResponse, FIELD_KINDS, type Requisite } from '@esign/shared';
import { Box, Button, Group, Text } from '@mantine/core';
import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../i18n';
import { RequisiteImage } from '../requisites/RequisiteImage';
import { fieldAccessibleName, fieldLabel } from './field-names';
import type { FieldValues } from './signing-steps';

export interface StepSheetProps {
  field: DocumentFieldResponse;
  signerName: string;
  /** 1-based position among the signer's own fields, and their count. */
  position: number;
  count: number;
  /** No required field is left unsigned: the forward button submits. */
  isLastStep: boolean;
  canGoBack: boolean;
  requisite: Requisite | undefined;
  onChange: (fieldId: string, value: FieldValues[string]) => void;
  onChooseSignature: (field: DocumentFieldResponse) => void;
  onNext: () => void;
  onBack: () => void;
  onClose: () => void;
}

/**
 * The current step, focused: a sheet at the bottom of the screen (a panel at the bottom centre on wide screens) with
 * the field's name, one large control (a text or date input, a checkbox, or the signature chooser's button) and
 * Back and Next. Focus moves to the control when a step opens; Enter in an input goes on; Escape closes.
 */
export function StepSheet(props: StepSheetProps) {
  const { t } = useTranslation();
  const { field } = props;
  const kind = FIELD_KINDS[field.type];
  const titleId = useId();
  const controlRef = useRef<HTMLInputElement & HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves to the control of each new step
  useEffect(() => {
    controlRef.current?.focus();
  }, [field.id]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      props.onClose();
    }
  };
  const label = fieldLabel(t, field);
  const big = { minHeight: 48, fontSize: 18 } as const;

  let control: React.ReactNode;
  switch (kind.value) {
    case 'text':
    case 'date':
      control = (
        <input
          ref={controlRef}
          aria-label={label}
          className="step-input"
          value={field.text ?? ''}
          placeholder={kind.value === 'date' ? (field.dateFormat ?? undefined) : (field.placeholder ?? '')}
          maxLength={kind.value === 'date' ? 10 : 100}
          inputMode={kind.value === 'date' ? 'numeric' : 'text'}
          enterKeyHint={props.isLastStep ? 'done' : 'next'}
          onChange={(event) => props.onChange(field.id, { text: event.currentTarget.value })}
          onKeyDown={(event) => {
            if (event.key === 'Enter') props.onNext();
          }}
          style={{ ...big, width: '100%', boxSizing: 'border-box', padding: '0 12px' }}
        />
      );
      break;
    case 'checkbox':
      control = (
        <label className="step-check" style={{ ...big, display: 'flex', alignItems: 'center', gap: 12 }}>
          <input
            ref={controlRef}
            type="checkbox"
            checked={field.checked}
            onChange={(event) => props.onChange(field.id, { checked: event.currentTarget.checked })}
            style={{ width: 44, height: 44, margin: 0 }}
          />
          <span>{label}</span>
        </label>
      );
      break;
    case 'image':
      control = (
        <Button
          ref={controlRef}
          size="lg"
          fullWidth
          variant={field.signed ? 'default' : 'filled'}
          onClick={() => props.onChooseSignature(field)}
        >
          {field.signed && props.requisite ? (
            <RequisiteImage requisite={props.requisite} alt={label} height={36} />
          ) : (
            t(kind.requisiteType === 'initial' ? 'signing.initials' : 'signing.signature')
          )}
        </Button>
      );
      break;
  }

  return (
    <Box
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-testid="step-sheet"
      onKeyDown={onKeyDown}
      pos="fixed"
      bottom={0}
      left="50%"
      bg="white"
      p="md"
      w="100%"
      maw={520}
      style={{
        transform: 'translateX(-50%)',
        zIndex: 20,
        borderTopLeftRadius: 12,
        borderTopRightRadius: 12,
        boxShadow: '0 -4px 16px rgba(0,0,0,0.18)',
      }}
    >
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Text id={titleId} fw={600} size="sm">
          {fieldAccessibleName(t, field, props.signerName)}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t('signing.stepOf', { step: props.position, count: props.count })}
        </Text>
      </Group>
      {control}
      <Group justify="space-between" mt="md" wrap="nowrap">
        <Button variant="default" size="md" onClick={props.onBack} disabled={!props.canGoBack}>
          {t('signing.back')}
        </Button>
        <Button variant="subtle" size="md" onClick={props.onClose}>
          {t('signing.close')}
        </Button>
        <Button size="md" onClick={props.onNext}>
          {props.isLastStep ? t('signing.submit') : t('signing.next')}
        </Button>
      </Group>
    </Box>
  );
}
