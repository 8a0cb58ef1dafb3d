import {
  checkFieldText,
  choicesText,
  type DocumentFieldResponse,
  FIELD_KINDS,
  type FieldValueProblem,
  fieldDisplayText,
  fieldSettings,
  normalizeFieldText,
  parseChoicesText,
  phoneCountries,
} from '@esign/shared';
import { type CSSProperties, type Ref, useId, useMemo, useState } from 'react';
import { type TranslationKey, useTranslation } from '../../i18n';
import { AttachmentInput } from './AttachmentInput';

/**
 * The signer's controls of the newer field kinds (issue 37), loaded only when a step of one opens (StepSheet), so
 * the signer page's first load carries none of them (nor the phone number metadata): a number, e-mail, phone or
 * web address input, a list or a group of round buttons to choose one option, a group of checkboxes to tick
 * several (a multiselect), a computed formula shown read-only,
 * and, under each, the value's problem as the signer types (the server refuses the same on submit).
 */
export interface KindInputProps {
  field: DocumentFieldResponse;
  label: string;
  /** Takes the focus when the step opens. */
  controlRef: Ref<HTMLElement>;
  isLastStep: boolean;
  onText: (text: string) => void;
  onNext: () => void;
}

const big: CSSProperties = { minHeight: 48, fontSize: 18, width: '100%', boxSizing: 'border-box', padding: '0 12px' };

export function KindInput(props: KindInputProps) {
  const { t } = useTranslation();
  const { field, label } = props;
  const kind = FIELD_KINDS[field.type];
  const settings = fieldSettings(field);
  const errorId = useId();
  const text = field.text ?? '';
  const problem = useFieldProblem(field);
  const described = problem ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  // A locked field keeps the value given before signing (issue 37): the sender's, or the signer's details.
  const locked = settings.locked === true && (Boolean(kind.prefill) || text !== '');

  // An attachment's file picker says its own problems (the upload's); its text is the file's name.
  if (kind.input === 'file') {
    return <AttachmentInput field={field} label={label} controlRef={props.controlRef} onText={props.onText} />;
  }

  let control: React.ReactNode;
  // A locked choice or phone number is shown as given, read-only; a typed one stays in its read-only input.
  const input = locked && (kind.input !== 'type' || kind.rule === 'phone') ? 'computed' : kind.input;
  switch (input) {
    case 'list':
      control = (
        <select
          ref={props.controlRef as Ref<HTMLSelectElement>}
          aria-label={label}
          className="step-input"
          value={text}
          onChange={(event) => props.onText(event.currentTarget.value)}
          style={big}
          {...described}
        >
          <option value="">{field.placeholder ?? t('fieldValues.chooseOption')}</option>
          {(settings.choices ?? []).map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      );
      break;
    case 'group':
      control = (
        <div role="radiogroup" aria-label={label} style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          {(settings.choices ?? []).map((choice, index) => (
            <ChoiceRow
              key={choice}
              choice={choice}
              inputRef={index === 0 ? (props.controlRef as Ref<HTMLInputElement>) : undefined}
              type="radio"
              name={`radio-${field.id}`}
              checked={text === choice}
              onChange={() => props.onText(choice)}
            />
          ))}
        </div>
      );
      break;
    case 'checks': {
      const ticked = parseChoicesText(text) ?? [];
      const toggle = (choice: string, isTicked: boolean) =>
        props.onText(choicesText(field, isTicked ? [...ticked, choice] : ticked.filter((item) => item !== choice)));
      control = (
        <fieldset
          aria-label={label}
          style={{ display: 'flex', flexDirection: 'column', gap: 4, border: 0, margin: 0, padding: 0, minWidth: 0 }}
          {...(problem ? { 'aria-describedby': errorId } : {})}
        >
          {(settings.choices ?? []).map((choice, index) => (
            <ChoiceRow
              key={choice}
              choice={choice}
              inputRef={index === 0 ? (props.controlRef as Ref<HTMLInputElement>) : undefined}
              type="checkbox"
              checked={ticked.includes(choice)}
              onChange={(isChecked) => toggle(choice, isChecked)}
            />
          ))}
        </fieldset>
      );
      break;
    }
    case 'computed':
      control = (
        <output
          ref={props.controlRef as Ref<HTMLOutputElement>}
          aria-label={label}
          aria-live="polite"
          data-testid={locked ? 'locked-value' : 'formula-value'}
          style={{ ...big, display: 'flex', alignItems: 'center', background: '#f1f3f5', borderRadius: 4 }}
        >
          {fieldDisplayText(field) || '—'}
        </output>
      );
      break;
    default:
      control =
        kind.rule === 'phone' ? (
          <PhoneInput {...props} described={described} />
        ) : (
          <input
            ref={props.controlRef as Ref<HTMLInputElement>}
            aria-label={label}
            className="step-input"
            value={text}
            readOnly={locked}
            placeholder={field.placeholder ?? ''}
            maxLength={settings.maxLength ?? 100}
            type={kind.rule === 'email' ? 'email' : kind.rule === 'url' ? 'url' : 'text'}
            inputMode={
              kind.rule === 'number'
                ? 'decimal'
                : kind.rule === 'email'
                  ? 'email'
                  : kind.rule === 'url'
                    ? 'url'
                    : 'text'
            }
            autoComplete={autoCompleteOf(kind.prefill ?? null, kind.rule)}
            enterKeyHint={props.isLastStep ? 'done' : 'next'}
            onChange={(event) => props.onText(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') props.onNext();
            }}
            style={big}
            {...described}
          />
        );
  }

  const unit = kind.rule === 'number' && (settings.prefix || settings.suffix);
  return (
    <div>
      {unit ? (
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, fontSize: 18 }}>
          {settings.prefix ? <span>{settings.prefix}</span> : null}
          <div style={{ flex: 1 }}>{control}</div>
          {settings.suffix ? <span>{settings.suffix}</span> : null}
        </div>
      ) : (
        control
      )}
      {kind.input === 'computed' || locked ? (
        <div style={{ fontSize: 13, color: '#495057', marginTop: 4 }}>
          {t(locked ? 'fieldValues.locked' : 'fieldValues.computed')}
        </div>
      ) : null}
      <ProblemText id={errorId} problem={problem} field={field} />
    </div>
  );
}

/** The inline problem of a plain text field with the sender's rules (its input stays in StepSheet). */
export function TextProblem({ field }: { field: DocumentFieldResponse }) {
  const id = useId();
  return <ProblemText id={id} problem={useFieldProblem(field)} field={field} />;
}

function useFieldProblem(field: DocumentFieldResponse): FieldValueProblem | null {
  return useMemo(() => {
    if (!field.text?.trim() || FIELD_KINDS[field.type].rule === 'formula') return null;
    return checkFieldText(field, normalizeFieldText(field, field.text));
  }, [field]);
}

function ProblemText({
  id,
  problem,
  field,
}: {
  id: string;
  problem: FieldValueProblem | null;
  field: DocumentFieldResponse;
}) {
  const { t } = useTranslation();
  if (!problem) return null;
  const settings = fieldSettings(field);
  // The sender's own message for a custom pattern is shown as written; the others in the signer's language.
  const text =
    problem.key === 'fieldPatternMismatch' && settings.patternMessage
      ? problem.message
      : t(
          `fieldValues.${problem.key}` as TranslationKey,
          // A multiselect's counts of ticks, a number's bounds.
          FIELD_KINDS[field.type].rule === 'choices'
            ? { min: settings.minChoices ?? '', max: settings.maxChoices ?? '' }
            : { min: settings.min ?? '', max: settings.max ?? '' },
        );
  return (
    <div id={id} role="alert" data-testid="field-problem" style={{ color: '#c92a2a', fontSize: 14, marginTop: 6 }}>
      {text}
    </div>
  );
}

function autoCompleteOf(prefill: string | null, rule: string | undefined): string {
  if (prefill === 'name') return 'name';
  if (prefill === 'email' || rule === 'email') return 'email';
  if (prefill === 'company') return 'organization';
  if (rule === 'url') return 'url';
  return 'off';
}

/**
 * A country picker (its name and calling code) above the number, each the sheet's width: beside it, 110 px wide,
 * 'United States +1' showed as 'United Sta' at 375 px, its calling code cut off. The number is kept in E.164 once it
 * reads as one.
 */
function PhoneInput(props: KindInputProps & { described: object }) {
  const { t, language } = useTranslation();
  const { field } = props;
  const settings = fieldSettings(field);
  const countries = useMemo(() => phoneCountries(language), [language]);
  const [country, setCountry] = useState(settings.country ?? '');
  const typed = field.text ?? '';
  // Kept as typed; read in the chosen country (when it has no '+') into E.164 once the signer leaves it.
  const settle = (text: string, inCountry = country) => {
    const normal = normalizeFieldText({ ...field, settings: { ...settings, country: inCountry || undefined } }, text);
    if (normal.startsWith('+') && normal !== text) props.onText(normal);
  };
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <select
        aria-label={t('fieldValues.country')}
        className="step-input"
        value={country}
        onChange={(event) => {
          setCountry(event.currentTarget.value);
          if (typed) settle(typed, event.currentTarget.value);
        }}
        style={{ ...big, padding: '0 8px' }}
      >
        <option value="">+</option>
        {countries.map((option) => (
          <option key={option.country} value={option.country}>
            {`${option.name} +${option.callingCode}`}
          </option>
        ))}
      </select>
      <input
        ref={props.controlRef as Ref<HTMLInputElement>}
        aria-label={props.label}
        className="step-input"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={typed}
        maxLength={30}
        placeholder={field.placeholder ?? ''}
        enterKeyHint={props.isLastStep ? 'done' : 'next'}
        onChange={(event) => props.onText(event.currentTarget.value)}
        onBlur={() => settle(typed)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          settle(typed);
          props.onNext();
        }}
        style={big}
        {...props.described}
      />
    </div>
  );
}

/** One option of a radio group or of a multiselect's checkboxes: a 44 px row, its box 28 px (touch targets). */
function ChoiceRow(props: {
  choice: string;
  type: 'radio' | 'checkbox';
  name?: string;
  checked: boolean;
  onChange: (isChecked: boolean) => void;
  inputRef: Ref<HTMLInputElement> | undefined;
}) {
  return (
    <label className="step-check" style={{ display: 'flex', alignItems: 'center', gap: 12, minHeight: 44 }}>
      <input
        ref={props.inputRef}
        type={props.type}
        name={props.name}
        value={props.choice}
        checked={props.checked}
        onChange={(event) => props.onChange(event.currentTarget.checked)}
        style={{ width: 28, height: 28, margin: 0 }}
      />
      <span style={{ fontSize: 18 }}>{props.choice}</span>
    </label>
  );
}
