import {
  getCountries,
  getCountryCallingCode,
  isValidPhoneNumber,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';
import { MESSAGES, type MessageKey } from '../validation/messages.js';
import { FIELD_KINDS, type FieldSettings, type FieldType, fieldSettings } from './field-kinds.js';
import {
  choicesText,
  customPatternProblem,
  decimalsOf,
  EMAIL,
  type FieldValueProblem,
  LETTERS,
  parseChoicesText,
  parseFieldNumber,
  SIGNER_TEXT_MAX_LENGTH,
} from './field-values.js';
import { isPostcode } from './postcodes.js';

/** A problem with a value: its MESSAGES key and message (by default the key's sentence). */
export const problem = (key: MessageKey, message: string = MESSAGES[key]): FieldValueProblem => ({ key, message });

/**
 * What a signer's text value must be (issue 37), one place for the signer page (inline, as the signer types) and the
 * server (on submit, with the same message): what each kind's `rule` takes, the sender's validation settings and the
 * text a value is stored as. It carries the phone number metadata (libphonenumber-js), so the browser loads it only
 * with the controls that check values (the signer's lazy KindInputs, the editor).
 */

type ValueField = { type: FieldType; settings?: FieldSettings | null };

/**
 * The text a value is stored as: trimmed; a number with a dot for decimals and no spaces; a phone number in E.164
 * (`+14155550123`, read in the field's country when it has no `+`); a multiselect's options as `choicesText` writes
 * them ('' for none). A value that does not read stays as typed (the check refuses it).
 */
export function normalizeFieldText(field: ValueField, text: string): string {
  const trimmed = text.trim();
  const kind = FIELD_KINDS[field.type];
  if (kind.rule === 'number' || kind.rule === 'formula') {
    return parseFieldNumber(trimmed) === null ? trimmed : trimmed.replace(/\s/g, '').replace(',', '.');
  }
  if (kind.rule === 'choices') {
    const ticked = parseChoicesText(trimmed);
    return ticked === null ? trimmed : choicesText(field, ticked);
  }
  if (kind.rule === 'phone') {
    const country = fieldSettings(field).country;
    const phone = parsePhoneNumberFromString(trimmed, country ? { defaultCountry: country as never } : undefined);
    return phone?.isValid() ? phone.number : trimmed;
  }
  return trimmed;
}

/**
 * What is wrong with a signer's text for a field of a text kind (after normalizeFieldText), or null. An empty text
 * is fine here (whether a field must be filled is its `required`); a formula's value is checked by formulaTexts.
 */
export function checkFieldText(field: ValueField, text: string): FieldValueProblem | null {
  const kind = FIELD_KINDS[field.type];
  const settings = fieldSettings(field);
  if (text.length === 0) return null;
  if (kind.rule === 'choices') return checkChoices(text, settings);
  if (text.length > SIGNER_TEXT_MAX_LENGTH) return problem('maxLength100');
  switch (kind.rule) {
    case undefined:
    case 'free':
    case 'formula':
    // An attachment's text is the uploaded file's name, written by the server (the signer's text is not taken).
    case 'attachment':
      break;
    case 'number':
      return checkNumber(text, settings);
    case 'email':
      if (!EMAIL.test(text)) return problem('invalidEmail');
      break;
    case 'phone':
      if (!text.startsWith('+') || !isValidPhoneNumber(text)) return problem('fieldPhoneInvalid');
      break;
    case 'url':
      if (!/^https?:\/\/[^\s/?#]+\.[^\s/?#]+\S*$/i.test(text)) return problem('invalidUrl');
      break;
    case 'choice':
      if (!(settings.choices ?? []).includes(text)) return problem('fieldChoiceInvalid');
      break;
  }
  if (!kind.settings.includes('validation')) return null;
  if (settings.minLength !== undefined && [...text].length < settings.minLength) return problem('fieldTooShort');
  if (settings.maxLength !== undefined && [...text].length > settings.maxLength) return problem('fieldTooLong');
  switch (settings.pattern) {
    case undefined:
      return null;
    case 'email':
      return EMAIL.test(text) ? null : problem('invalidEmail');
    case 'number':
      return parseFieldNumber(text) === null ? problem('fieldNumberInvalid') : null;
    case 'letters':
      return LETTERS.test(text) ? null : problem('fieldLettersOnly');
    case 'postcode':
      // A postcode preset without its country checks nothing (the editor asks for one).
      return !settings.postcodeCountry || isPostcode(settings.postcodeCountry, text)
        ? null
        : problem('fieldPostcodeInvalid');
    case 'custom': {
      const pattern = settings.customPattern;
      if (!pattern || customPatternProblem(pattern) !== null) return null;
      // The whole value must match, as an HTML pattern attribute does.
      return new RegExp(`^(?:${pattern})$`, 'u').test(text)
        ? null
        : problem('fieldPatternMismatch', settings.patternMessage?.trim() || MESSAGES.fieldPatternMismatch);
    }
  }
}

/**
 * A multiselect's stored text: options of the field, each once, as many as its `minChoices` and `maxChoices` allow
 * (an empty text, none ticked, is left to `required`).
 */
function checkChoices(text: string, settings: FieldSettings): FieldValueProblem | null {
  const ticked = parseChoicesText(text);
  const choices = settings.choices ?? [];
  if (ticked === null || new Set(ticked).size !== ticked.length || ticked.some((t) => !choices.includes(t))) {
    return problem('fieldChoicesInvalid');
  }
  if (ticked.length === 0) return null;
  if (settings.minChoices !== undefined && ticked.length < settings.minChoices) return problem('fieldChoicesTooFew');
  if (settings.maxChoices !== undefined && ticked.length > settings.maxChoices) return problem('fieldChoicesTooMany');
  return null;
}

function checkNumber(text: string, settings: FieldSettings): FieldValueProblem | null {
  const value = parseFieldNumber(text);
  if (value === null) return problem('fieldNumberInvalid');
  if (settings.min !== undefined && value < settings.min) return problem('fieldNumberTooSmall');
  if (settings.max !== undefined && value > settings.max) return problem('fieldNumberTooLarge');
  if (decimalsOf(text) > (settings.decimals ?? 6)) return problem('fieldNumberDecimals');
  return null;
}

/**
 * The countries a phone number can be read in (ISO 3166 alpha-2), each with its calling code and its name in the
 * given language (the code where the browser has no names), by name.
 */
export function phoneCountries(language: string): { country: string; callingCode: string; name: string }[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = null;
  }
  return getCountries()
    .map((country) => ({ country, callingCode: getCountryCallingCode(country), name: names?.of(country) ?? country }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
}
