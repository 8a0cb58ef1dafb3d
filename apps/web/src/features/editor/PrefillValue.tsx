import {
  checkFieldText,
  choicesText,
  type DocumentField,
  FIELD_KINDS,
  fieldSettings,
  normalizeFieldText,
  parseChoicesText,
} from '@esign/shared';
import { MultiSelect, Select, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n';

/** Whether the sender may give a field of this type a value for its signer (issue 37): not a formula's nor a file's. */
export function takesPrefill(field: Pick<DocumentField, 'type'>): boolean {
  const kind = FIELD_KINDS[field.type];
  return (kind.value === 'text' || kind.value === 'date') && kind.rule !== 'formula' && kind.rule !== 'attachment';
}

/**
 * The value the sender gives another signer's field (issue 37, prefill): one of its options for a dropdown or
 * radio, several for a multiselect, typed otherwise (a date in the field's format). The server checks it with the
 * field's rules on save; `settings.locked` (FieldKindSettings) keeps the signer from changing it.
 */
export function PrefillValue({
  field,
  id,
  onPatch,
}: {
  field: DocumentField;
  id: string;
  onPatch: (patch: Partial<DocumentField>) => void;
}) {
  const { t } = useTranslation();
  const kind = FIELD_KINDS[field.type];
  const choices = fieldSettings(field).choices ?? [];
  const label = t('editor.prefilledValue');
  const commit = (text: string | null) => {
    const next = text?.trim() ? text : null;
    if (next !== (field.text ?? null)) onPatch({ text: next });
  };
  if (kind.input === 'list' || kind.input === 'group') {
    return (
      <Select
        id={id}
        label={label}
        data={choices}
        value={field.text && choices.includes(field.text) ? field.text : null}
        onChange={commit}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  if (kind.input === 'checks') {
    return (
      <MultiSelect
        id={id}
        label={label}
        data={choices}
        value={(parseChoicesText(field.text) ?? []).filter((choice) => choices.includes(choice))}
        onChange={(ticked) => commit(ticked.length > 0 ? choicesText(field, ticked) : null)}
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  return <TypedValue id={id} label={label} field={field} onCommit={commit} />;
}

/** A typed value, committed when left (one history entry, not one per key). */
function TypedValue({
  id,
  label,
  field,
  onCommit,
}: {
  id: string;
  label: string;
  field: DocumentField;
  onCommit: (text: string) => void;
}) {
  const value = field.text ?? '';
  const [draft, setDraft] = useState(value);
  // The rule's problem with the saved value, as the server words it (it refuses the save too); a date's is the server's.
  const kind = FIELD_KINDS[field.type];
  const problem =
    value.trim() && kind.value === 'text' ? checkFieldText(field, normalizeFieldText(field, value))?.message : null;
  useEffect(() => setDraft(value), [value]);
  return (
    <TextInput
      id={id}
      label={label}
      value={draft}
      error={problem ?? undefined}
      placeholder={kind.value === 'date' ? (field.dateFormat ?? undefined) : undefined}
      maxLength={fieldSettings(field).maxLength ?? 100}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={() => draft !== value && onCommit(draft)}
      onKeyDown={(event) => event.key === 'Enter' && event.currentTarget.blur()}
    />
  );
}
