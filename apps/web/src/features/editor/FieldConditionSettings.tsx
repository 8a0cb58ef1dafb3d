import {
  CONDITION_OPERATORS,
  type ConditionOperator,
  conditionController,
  conditionOperatorsFor,
  conditionProblems,
  conditionTakesValue,
  type DocumentField,
  FIELD_KINDS,
  type FieldCondition,
  fieldSettings,
  formulaName,
} from '@esign/shared';
import { Select, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n';

/**
 * 'Show only when' (issue 37): the field is shown, and required, only while another field, named by its
 * `settings.name`, meets a condition: the operators and the value fit that field's type (a list's options, a number).
 * One `settings.condition` patch per change, so undo, copy and auto-save carry it; a cycle or a name no field has is
 * shown here, and the server refuses it on save.
 */
export function FieldConditionSettings({
  field,
  fields,
  onPatch,
}: {
  field: DocumentField;
  fields: readonly DocumentField[];
  onPatch: (patch: Partial<DocumentField>) => void;
}) {
  const { t } = useTranslation();
  const settings = fieldSettings(field);
  const condition = settings.condition;
  const controller = useMemo(() => conditionController(fields, field), [fields, field]);
  const problem = useMemo(() => {
    const index = fields.findIndex((other) => other.id === field.id);
    return conditionProblems(index < 0 ? [...fields, field] : fields).get(index < 0 ? fields.length : index);
  }, [fields, field]);
  const names = useMemo(() => {
    const seen = new Set<string>();
    const own = settings.name ? formulaName(settings.name) : null;
    const options: { value: string; label: string }[] = [];
    for (const other of fields) {
      const name = fieldSettings(other).name;
      if (!name || other.id === field.id || formulaName(name) === own || seen.has(formulaName(name))) continue;
      seen.add(formulaName(name));
      options.push({ value: name, label: `${name} (${t(FIELD_KINDS[other.type].labelKey)})` });
    }
    // A name no field has any longer stays listed, so the sender sees what is wrong.
    if (condition && !seen.has(formulaName(condition.field))) {
      options.push({ value: condition.field, label: condition.field });
    }
    return options;
  }, [fields, field.id, settings.name, condition, t]);

  const setCondition = (next: FieldCondition | undefined) => {
    const { condition: _old, ...rest } = settings;
    const merged = next ? { ...rest, condition: next } : rest;
    onPatch({ settings: Object.keys(merged).length > 0 ? merged : null });
  };
  const operators = controller ? conditionOperatorsFor(controller.type) : CONDITION_OPERATORS;
  const onField = (name: string | null) => {
    if (!name) return setCondition(undefined);
    const target = fields.find((other) => fieldSettings(other).name === name);
    const op = conditionOperatorsFor(target?.type ?? 'text')[0] as ConditionOperator;
    setCondition({ field: name, op });
  };
  const onOperator = (op: string | null) => {
    if (!condition || !op) return;
    const { value, ...rest } = condition;
    setCondition(
      conditionTakesValue(op as ConditionOperator) && value !== undefined
        ? { ...rest, op: op as ConditionOperator, value }
        : { ...rest, op: op as ConditionOperator },
    );
  };
  const onValue = (value: string) => {
    if (!condition) return;
    const { value: _old, ...rest } = condition;
    setCondition(value.trim() === '' ? rest : { ...rest, value: value.trim() });
  };
  const choices = controller ? fieldSettings(controller).choices : undefined;

  return (
    <>
      <Select
        label={t('editor.showWhen')}
        description={t('editor.showWhenHint')}
        data={names}
        value={
          condition
            ? (names.find((option) => formulaName(option.value) === formulaName(condition.field))?.value ?? null)
            : null
        }
        onChange={onField}
        error={
          problem === 'cycle'
            ? t('messages.fieldConditionCycle')
            : problem === 'unknown'
              ? t('messages.fieldConditionUnknown')
              : undefined
        }
        clearable
        searchable
        comboboxProps={{ withinPortal: true }}
      />
      {condition && (
        <Select
          label={t('editor.conditionOperator')}
          data={operators.map((op) => ({ value: op, label: t(`editor.conditionOps.${op}`) }))}
          value={condition.op}
          onChange={onOperator}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {condition && conditionTakesValue(condition.op) ? (
        choices?.length ? (
          <Select
            label={t('editor.conditionValue')}
            data={choices}
            value={condition.value === undefined ? null : String(condition.value)}
            onChange={(value) => onValue(value ?? '')}
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          <ValueInput
            id={`condition-${field.id}-value`}
            value={condition.value === undefined ? '' : String(condition.value)}
            onCommit={onValue}
          />
        )
      ) : null}
    </>
  );
}

/** The compared value, changed once when it is left (one history entry). */
function ValueInput({ id, value, onCommit }: { id: string; value: string; onCommit: (value: string) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  return (
    <TextInput
      id={id}
      label={t('editor.conditionValue')}
      value={draft}
      maxLength={100}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={() => draft !== value && onCommit(draft)}
      onKeyDown={(event) => event.key === 'Enter' && event.currentTarget.blur()}
    />
  );
}
