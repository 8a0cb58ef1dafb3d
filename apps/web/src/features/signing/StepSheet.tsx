import { type DocumentFieldResponse, FIELD_KINDS, type Requisite } from '@esign/shared';
import { Box, Button, Group, Text } from '@mantine/core';
import { type KeyboardEvent, Suspense, useCallback, useId, useRef } from 'react';
import { lazyComponent } from '../../app/lazy-component';
import { useTranslation } from '../../i18n';
import { RequisiteImage } from '../requisites/RequisiteImage';
import { fieldAccessibleName, fieldLabel } from './field-names';
import type { FieldValues } from './signing-steps';

// The newer kinds' controls (issue 37) load when a step of one first opens: the old five's stay here.
const KindInput = lazyComponent(async () => (await import('./KindInputs')).KindInput);
const TextProblem = lazyComponent(async () => (await import('./KindInputs')).TextProblem);
/** Fetches the newer kinds' controls ahead of their first step. */
export const preloadKindInputs = () => Promise.all([KindInput.preload(), TextProblem.preload()]);

/** A field whose control is one of the newer kinds' (KindInputs.tsx): every type but the first five. */
export function hasKindInput(field: Pick<DocumentFieldResponse, 'type'>): boolean {
  return FIELD_KINDS[field.type].value === 'text' && field.type !== 'text';
}

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
  // Focus moves to the control of each new step, when it mounts: a newer kind's control (KindInputs) loads lazily,
  // after the step has opened.
  const focusedStep = useRef<string | null>(null);
  const controlRef = useCallback(
    (element: (HTMLInputElement & HTMLButtonElement) | null) => {
      if (!element || focusedStep.current === field.id) return;
      focusedStep.current = field.id;
      element.focus();
    },
    [field.id],
  );

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      props.onClose();
    }
  };
  const label = fieldLabel(t, field);
  const big = { minHeight: 48, fontSize: 18 } as const;
  // A locked field keeps the value given before signing (issue 37): shown, not changed (KindInput shows its own).
  const locked = field.settings?.locked === true && (kind.value === 'checkbox' || Boolean(field.text));
  const lockedNote = locked ? (
    <Text size="xs" c="dimmed" mt={4}>
      {t('fieldValues.locked')}
    </Text>
  ) : null;

  let control: React.ReactNode;
  switch (kind.value) {
    case 'text':
    case 'date':
      control = hasKindInput(field) ? (
        <Suspense fallback={<div style={{ ...big }} />}>
          <KindInput
            field={field}
            label={label}
            controlRef={controlRef}
            isLastStep={props.isLastStep}
            onText={(text) => props.onChange(field.id, { text })}
            onNext={props.onNext}
          />
        </Suspense>
      ) : (
        <>
          <input
            ref={controlRef}
            aria-label={label}
            className="step-input"
            value={field.text ?? ''}
            readOnly={locked}
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
          {lockedNote}
          {field.settings && field.text ? (
            <Suspense fallback={null}>
              <TextProblem field={field} />
            </Suspense>
          ) : null}
        </>
      );
      break;
    case 'checkbox':
      control = (
        <>
          <label className="step-check" style={{ ...big, display: 'flex', alignItems: 'center', gap: 12 }}>
            <input
              ref={controlRef}
              type="checkbox"
              checked={field.checked}
              disabled={locked}
              onChange={(event) => props.onChange(field.id, { checked: event.currentTarget.checked })}
              style={{ width: 44, height: 44, margin: 0 }}
            />
            <span>{label}</span>
          </label>
          {lockedNote}
        </>
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
