import { type DocumentFieldResponse, FIELD_KINDS, type Requisite } from '@esign/shared';
import { useCallback, useMemo, useRef, useState } from 'react';
import { type FieldValues, inSigningOrder, nextStep, ownFields } from './signing-steps';

interface SigningStepsOptions {
  /** The fields on the page (those whose condition is met). */
  shown: DocumentFieldResponse[];
  signerId: string;
  values: FieldValues;
  /** The signer's required fields not given yet. */
  left: DocumentFieldResponse[];
  onChange: (fieldId: string, value: FieldValues[string]) => void;
  /** The field the signer is at (highlighted, and where 'Next' goes on from). */
  setActiveFieldId: (fieldId: string) => void;
  /** No required field is left and the signer asked to go on: 'Almost done!'. */
  onAllGiven: () => void;
}

function scrollToField(fieldId: string) {
  const element = document.querySelector<HTMLElement>(`[data-field-id="${fieldId}"]`);
  element?.scrollIntoView({ block: 'center', behavior: 'smooth' });
}

/**
 * The signer's way through their fields: the step open (a StepSheet, or for a signature, initials or stamp the
 * saved-signature chooser itself), the signatures chosen, and on to the next required field.
 */
export function useSigningSteps({
  shown,
  signerId,
  values,
  left,
  onChange,
  setActiveFieldId,
  onAllGiven,
}: SigningStepsOptions) {
  // Signatures and initials come from the saved-signature chooser (features/requisites).
  const [chooserField, setChooserField] = useState<DocumentFieldResponse | null>(null);
  const chooserType = chooserField ? FIELD_KINDS[chooserField.type].requisiteType : null;
  const [chosen, setChosen] = useState<Record<string, Requisite>>({});
  const isChoiceMade = useRef(false);
  const onChooseSignature = useCallback(
    (field: DocumentFieldResponse) => {
      setActiveFieldId(field.id);
      setChooserField(field);
    },
    [setActiveFieldId],
  );

  // The step view: the field whose step is open, if any (StepSheet).
  const [openFieldId, setOpenFieldId] = useState<string | null>(null);
  const ordered = useMemo(() => inSigningOrder(ownFields(shown, signerId, values)), [shown, signerId, values]);
  // A signature's or initials' step is the saved-signature chooser itself; the others' is the StepSheet.
  const openStep = useCallback(
    (fieldId: string | null) => {
      setOpenFieldId(fieldId);
      const field = fieldId === null ? undefined : shown.find((candidate) => candidate.id === fieldId);
      if (field === undefined) return;
      setActiveFieldId(field.id);
      scrollToField(field.id);
      if (FIELD_KINDS[field.type].value === 'image') setChooserField(field);
    },
    [shown, setActiveFieldId],
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
      if (isSubmit) onAllGiven();
    }
  };

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
  const onChooserClose = () => {
    if (isChoiceMade.current) {
      isChoiceMade.current = false;
      return;
    }
    setChooserField(null);
    if (openFieldId === chooserField?.id) closeStep();
  };

  const openField = ordered.find((field) => field.id === openFieldId);
  return {
    ordered,
    openFieldId,
    openField,
    openStep,
    onOpen,
    closeStep,
    goNext,
    chooserType,
    chosen,
    onChooseSignature,
    onChosen,
    onChooserClose,
  };
}
