import {
  checkFormula,
  customPatternProblem,
  type DocumentField,
  FIELD_KINDS,
  FIELD_NAME_PATTERN,
  FIELD_PATTERNS,
  type FieldPattern,
  type FieldSettings,
  fieldSettings,
  formulaName,
  POSTCODE_COUNTRIES,
  type PostcodeCountry,
  phoneCountries,
} from '@esign/shared';
import { Checkbox, Select, Textarea, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n';

/**
 * The settings of the newer kinds (issue 37), each shown where the kind lists it in `FIELD_KINDS[type].settings`:
 * the name formulas call it, a number's bounds, decimals and units, the options to choose from, a locked value,
 * how many options of a multiselect to tick, a phone number's country, the formula, and the sender's validation
 * rules (a postcode with its country). Each change is one `settings` patch, so
 * undo, redo, copy, paste and auto-save treat it as every other change.
 */
export function FieldKindSettings({
  field,
  fields,
  isOwn = false,
  onPatch,
}: {
  field: DocumentField;
  /** Every field of the document, for the names a formula may use. */
  fields: readonly DocumentField[];
  /** The preparer's own field: they fill it themselves, so only a name, e-mail or company is locked. */
  isOwn?: boolean;
  onPatch: (patch: Partial<DocumentField>) => void;
}) {
  const { t, language } = useTranslation();
  const kind = FIELD_KINDS[field.type];
  const settings = fieldSettings(field);
  const has = (setting: (typeof kind.settings)[number]) => kind.settings.includes(setting);
  const patch = (change: Partial<FieldSettings>) => {
    const next: FieldSettings = { ...settings, ...change };
    for (const key of Object.keys(next) as (keyof FieldSettings)[]) {
      if (next[key] === undefined || next[key] === '') delete next[key];
    }
    onPatch({ settings: Object.keys(next).length > 0 ? next : null });
  };
  const postcodeCountries = useMemo(() => postcodeCountryOptions(language), [language]);
  const number = (text: string) => (text.trim() === '' || !Number.isFinite(Number(text)) ? undefined : Number(text));
  const id = `kind-${field.id}`;

  return (
    <>
      {has('name') && (
        <Committed
          id={`${id}-name`}
          label={t('editor.fieldName')}
          value={settings.name ?? ''}
          error={settings.name && !FIELD_NAME_PATTERN.test(settings.name) ? t('messages.fieldNameInvalid') : null}
          onCommit={(name) => patch({ name: name.trim() || undefined })}
        />
      )}
      {has('formula') && (
        <FormulaInput field={field} fields={fields} onCommit={(formula) => patch({ formula: formula || undefined })} />
      )}
      {has('number') && (
        <>
          <Committed
            id={`${id}-min`}
            label={t('editor.numberMin')}
            value={settings.min?.toString() ?? ''}
            onCommit={(text) => patch({ min: number(text) })}
          />
          <Committed
            id={`${id}-max`}
            label={t('editor.numberMax')}
            value={settings.max?.toString() ?? ''}
            onCommit={(text) => patch({ max: number(text) })}
          />
          <Select
            label={t('editor.numberDecimals')}
            data={['0', '1', '2', '3', '4', '5', '6']}
            value={settings.decimals?.toString() ?? null}
            onChange={(value) => patch({ decimals: value === null ? undefined : Number(value) })}
          />
          <Committed
            id={`${id}-prefix`}
            label={t('editor.numberPrefix')}
            value={settings.prefix ?? ''}
            maxLength={10}
            onCommit={(prefix) => patch({ prefix: prefix || undefined })}
          />
          <Committed
            id={`${id}-suffix`}
            label={t('editor.numberSuffix')}
            value={settings.suffix ?? ''}
            maxLength={10}
            onCommit={(suffix) => patch({ suffix: suffix || undefined })}
          />
        </>
      )}
      {has('choices') && (
        <Committed
          id={`${id}-choices`}
          label={t('editor.choices')}
          description={t('editor.choicesHint')}
          multiline
          value={(settings.choices ?? []).join('\n')}
          onCommit={(text) => {
            const choices = [
              ...new Set(
                text
                  .split('\n')
                  .map((line) => line.trim())
                  .filter(Boolean),
              ),
            ].slice(0, 50);
            patch({ choices: choices.length > 0 ? choices : undefined });
          }}
        />
      )}
      {has('choiceCount') && (
        <>
          <Committed
            id={`${id}-min-choices`}
            label={t('editor.minChoices')}
            value={settings.minChoices?.toString() ?? ''}
            error={
              (settings.minChoices ?? 0) > (settings.choices?.length ?? 0)
                ? t('messages.fieldChoiceCountInvalid')
                : null
            }
            onCommit={(text) => patch({ minChoices: count(text, 0) })}
          />
          <Committed
            id={`${id}-max-choices`}
            label={t('editor.maxChoices')}
            value={settings.maxChoices?.toString() ?? ''}
            onCommit={(text) => patch({ maxChoices: count(text, 1) })}
          />
        </>
      )}
      {has('locked') && (kind.prefill || !isOwn) && (
        <Checkbox
          label={t(kind.prefill ? 'editor.locked' : 'editor.lockedValue')}
          checked={settings.locked === true}
          onChange={(event) => patch({ locked: event.currentTarget.checked || undefined })}
        />
      )}
      {has('country') && <CountrySelect value={settings.country} onChange={(country) => patch({ country })} />}
      {has('validation') && (
        <>
          <Committed
            id={`${id}-min-length`}
            label={t('editor.minLength')}
            value={settings.minLength?.toString() ?? ''}
            onCommit={(text) => patch({ minLength: whole(text) })}
          />
          <Committed
            id={`${id}-max-length`}
            label={t('editor.maxLength')}
            value={settings.maxLength?.toString() ?? ''}
            onCommit={(text) => patch({ maxLength: whole(text, 1) })}
          />
          <Select
            label={t('editor.pattern')}
            placeholder={t('editor.patternNone')}
            data={FIELD_PATTERNS.map((pattern) => ({ value: pattern, label: t(`editor.patterns.${pattern}`) }))}
            value={settings.pattern ?? null}
            onChange={(value) => patch({ pattern: (value as FieldPattern | null) ?? undefined })}
            clearable
          />
          {settings.pattern === 'postcode' && (
            <Select
              label={t('editor.postcodeCountry')}
              data={postcodeCountries}
              value={settings.postcodeCountry ?? null}
              onChange={(value) => patch({ postcodeCountry: (value as PostcodeCountry | null) ?? undefined })}
              searchable
            />
          )}
          {settings.pattern === 'custom' && (
            <>
              <Committed
                id={`${id}-custom-pattern`}
                label={t('editor.customPattern')}
                value={settings.customPattern ?? ''}
                maxLength={200}
                error={
                  settings.customPattern && customPatternProblem(settings.customPattern) !== null
                    ? t('messages.fieldPatternInvalid')
                    : null
                }
                onCommit={(customPattern) => patch({ customPattern: customPattern || undefined })}
              />
              <Committed
                id={`${id}-pattern-message`}
                label={t('editor.patternMessage')}
                value={settings.patternMessage ?? ''}
                maxLength={200}
                onCommit={(patternMessage) => patch({ patternMessage: patternMessage || undefined })}
              />
            </>
          )}
        </>
      )}
    </>
  );
}

/** A count of options to tick (0-50), or none. */
function count(text: string, min: number): number | undefined {
  const value = Number.parseInt(text, 10);
  return Number.isFinite(value) ? Math.min(50, Math.max(min, value)) : undefined;
}

function whole(text: string, min = 0): number | undefined {
  const value = Number.parseInt(text, 10);
  return Number.isFinite(value) ? Math.min(1000, Math.max(min, value)) : undefined;
}

/** The formula, checked against the document's number fields and other formulas as the sender leaves it. */
function FormulaInput({
  field,
  fields,
  onCommit,
}: {
  field: DocumentField;
  fields: readonly DocumentField[];
  onCommit: (formula: string) => void;
}) {
  const { t } = useTranslation();
  const settings = fieldSettings(field);
  const error = useMemo(() => {
    if (!settings.formula) return null;
    const formulas: Record<string, string> = {};
    const numbers: string[] = [];
    for (const other of fields) {
      const name = fieldSettings(other).name;
      if (!name || other.id === field.id) continue;
      if (FIELD_KINDS[other.type].rule === 'number') numbers.push(name);
      if (FIELD_KINDS[other.type].rule === 'formula') formulas[formulaName(name)] = fieldSettings(other).formula ?? '';
    }
    const own = settings.name ? formulaName(settings.name) : `#${field.id}`;
    return checkFormula(own, { ...formulas, [own]: settings.formula }, numbers)?.message ?? null;
  }, [fields, field.id, settings.formula, settings.name]);
  return (
    <Committed
      id={`kind-${field.id}-formula`}
      label={t('editor.formula')}
      description={t('editor.formulaHint')}
      value={settings.formula ?? ''}
      maxLength={1000}
      error={error}
      onCommit={onCommit}
    />
  );
}

function CountrySelect({ value, onChange }: { value: string | undefined; onChange: (country?: string) => void }) {
  const { t, language } = useTranslation();
  const data = useMemo(() => countryOptions(language), [language]);
  return (
    <Select
      label={t('editor.country')}
      data={data}
      value={value ?? null}
      onChange={(country) => onChange(country ?? undefined)}
      searchable
      clearable
    />
  );
}

/** The countries the postcode preset knows, named in the given language, by name. */
function postcodeCountryOptions(language: string): { value: string; label: string }[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = null;
  }
  return POSTCODE_COUNTRIES.map((country) => ({ value: country, label: names?.of(country) ?? country })).sort((a, b) =>
    a.label.localeCompare(b.label, language),
  );
}

/** Every country a phone number can be read in, named in the given language, by name. */
export function countryOptions(language: string): { value: string; label: string }[] {
  return phoneCountries(language).map(({ country, callingCode, name }) => ({
    value: country,
    label: `${name} +${callingCode}`,
  }));
}

/** A text input (or text area) that changes the field once, when it is left: one history entry, not one per key. */
function Committed({
  id,
  label,
  description,
  value,
  error,
  maxLength = 100,
  multiline = false,
  onCommit,
}: {
  id: string;
  label: string;
  description?: string;
  value: string;
  error?: string | null;
  maxLength?: number;
  multiline?: boolean;
  onCommit: (value: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const props = {
    id,
    label,
    description,
    value: draft,
    error: error ?? undefined,
    maxLength,
    onBlur: () => draft !== value && onCommit(draft),
  };
  return multiline ? (
    <Textarea
      {...props}
      autosize
      minRows={2}
      maxLength={5000}
      onChange={(event) => setDraft(event.currentTarget.value)}
    />
  ) : (
    <TextInput
      {...props}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onKeyDown={(event) => event.key === 'Enter' && event.currentTarget.blur()}
    />
  );
}
