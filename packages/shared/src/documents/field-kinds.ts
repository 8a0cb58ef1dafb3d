import type { RequisiteType } from '../account/requisites.js';
import type { DocumentField } from '../contracts/documents.js';
import { DEFAULT_FIELD_DATE_FORMAT, DEFAULT_TEXT_FONT, FONT_SIZE } from './field-appearance.js';
import type { FieldCondition } from './field-conditions.js';
import type { PostcodeCountry } from './postcodes.js';

/**
 * A field, defined once for the server, the editor, the signer page and every test: its types, what each type is
 * (FIELD_KINDS), the keys every field carries (FIELD_KEYS) and a builder of a blank one (blankField). Zod-free, so
 * the browser can use it anywhere. Sizes and coordinates are PDF points on the page as displayed (crop box turned
 * by the page's rotation), origin at the top-left corner.
 *
 * A new field type is one name in FIELD_TYPES and one entry in FIELD_KINDS (TypeScript asks for both, and for its
 * label in the web app's text catalogue), plus its components where a kind's own component is chosen.
 */

export const FIELD_TYPES = [
  'signature',
  'initials',
  'date',
  'text',
  'checkbox',
  'number',
  'name',
  'email',
  'company',
  'dropdown',
  'radio',
  'phone',
  'url',
  'formula',
  'multiselect',
  'stamp',
  'attachment',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface FieldSize {
  width: number;
  height: number;
}

/**
 * What a field's value is: a saved signature's, initials' or stamp's picture (`requisiteId`), a text (`text`), a date
 * written in the field's format (`text`), or a tick (`checked`).
 */
export type FieldValueKind = 'image' | 'text' | 'date' | 'checkbox';

/**
 * How the seal draws the value: the picture fitted into the box (a typed signature's text when there is no
 * picture), the text in the field's font and size, or a square with a check mark when checked.
 */
export type FieldStamp = 'image' | 'text' | 'checkbox';

/**
 * The editor's settings of a field besides its signer and `required` (and the font, see `hasFont`): a date's
 * format, the text a signer sees before typing, a checkbox checked for its signer. The last two are set only on
 * other signers' fields: the preparer fills their own.
 */
export type FieldSetting =
  | 'dateFormat'
  | 'placeholder'
  | 'checkedByDefault'
  /** `settings.name`: what formulas and conditions call it. */
  | 'name'
  /** `settings.min`, `max`, `decimals`, `prefix`, `suffix`. */
  | 'number'
  /** `settings.choices`: the options to choose one of (or several of, for `choices`). */
  | 'choices'
  /** `settings.minChoices`, `maxChoices`: how many options may be ticked. */
  | 'choiceCount'
  /**
   * `settings.locked`: the value given before signing (the sender's prefill, or the signer's details for a name,
   * e-mail or company) cannot be changed by the signer (issue 37).
   */
  | 'locked'
  /** `settings.country`: the country a phone number starts in. */
  | 'country'
  /** `settings.formula`. */
  | 'formula'
  /** `settings.minLength`, `maxLength`, `pattern`, `customPattern`, `patternMessage`. */
  | 'validation';

/**
 * What a text value must be (checked in `field-values.ts`, on the signer page as they type and by the server on
 * submit): any text, a number, an e-mail address, a phone number (stored E.164), an http(s) address, one of the
 * field's choices, several of them (`choices`: stored as a JSON array of the ticked options in the order of the
 * field's choices, e.g. `["Basic","Team"]`, see `choicesText`), or the value of its formula.
 */
export type FieldTextRule =
  | 'free'
  | 'number'
  | 'email'
  | 'phone'
  | 'url'
  | 'choice'
  | 'choices'
  | 'formula'
  | 'attachment';

/** The signer's own detail a field starts with (editable unless locked). */
export type FieldPrefill = 'name' | 'email' | 'company';

/**
 * How the signer gives a text value: typed, chosen from a list, one of a group of round buttons, several of a group
 * of checkboxes; or not at all; or a file uploaded (an attachment: the text is the file's name, set by the server
 * when the file arrives).
 */
export type FieldInput = 'type' | 'list' | 'group' | 'checks' | 'computed' | 'file';

export type FieldKind<Type extends FieldType = FieldType> = {
  /** Its name in the text catalogue (i18n/en.ts). */
  labelKey: `fieldTypes.${Type}`;
  /** The size a new field gets. */
  defaultSize: FieldSize;
  /** The editor resizes no smaller, and the server refuses smaller fields. */
  minSize: FieldSize;
  /** Stays square when resized. */
  isSquare: boolean;
  /** Carries a font family and size (the editor's Styles). */
  hasFont: boolean;
  stamp: FieldStamp;
  settings: readonly FieldSetting[];
} & (
  | { value: 'text'; rule: FieldTextRule; input: FieldInput; prefill: FieldPrefill | null }
  | { value: Exclude<FieldValueKind, 'text'>; rule?: never; input?: never; prefill?: never }
) &
  (
    | {
        value: 'image';
        /** The kind of saved signature the picture is. */
        requisiteType: RequisiteType;
      }
    | { value: Exclude<FieldValueKind, 'image'>; requisiteType: null }
  );

/** The typed text kinds' common parts (issue 37): everything but the rule, input, prefill and settings. */
const TYPED = {
  defaultSize: { width: 120, height: 18 },
  minSize: { width: 15, height: 15 },
  isSquare: false,
  hasFont: true,
  value: 'text',
  requisiteType: null,
  stamp: 'text',
} as const;
const VALIDATED = ['placeholder', 'name', 'validation'] as const;

/** Every field type, by what it is (spec sections 3, 5 and 9). */
export const FIELD_KINDS: { readonly [Type in FieldType]: FieldKind<Type> } = {
  signature: {
    labelKey: 'fieldTypes.signature',
    defaultSize: { width: 110, height: 25 },
    minSize: { width: 15, height: 15 },
    isSquare: false,
    hasFont: false,
    value: 'image',
    requisiteType: 'sign',
    stamp: 'image',
    settings: [],
  },
  initials: {
    labelKey: 'fieldTypes.initials',
    defaultSize: { width: 110, height: 25 },
    minSize: { width: 15, height: 15 },
    isSquare: false,
    hasFont: false,
    value: 'image',
    requisiteType: 'initial',
    stamp: 'image',
    settings: [],
  },
  date: {
    labelKey: 'fieldTypes.date',
    defaultSize: { width: 119, height: 33 },
    minSize: { width: 50, height: 20 },
    isSquare: false,
    hasFont: true,
    value: 'date',
    requisiteType: null,
    stamp: 'text',
    settings: ['dateFormat', 'locked'],
  },
  text: {
    labelKey: 'fieldTypes.text',
    defaultSize: { width: 56.25, height: 18 },
    minSize: { width: 15, height: 15 },
    isSquare: false,
    hasFont: true,
    value: 'text',
    rule: 'free',
    input: 'type',
    prefill: null,
    requisiteType: null,
    stamp: 'text',
    settings: ['placeholder', 'name', 'validation', 'locked'],
  },
  checkbox: {
    labelKey: 'fieldTypes.checkbox',
    defaultSize: { width: 25, height: 25 },
    minSize: { width: 10, height: 10 },
    isSquare: true,
    hasFont: false,
    value: 'checkbox',
    requisiteType: null,
    stamp: 'checkbox',
    settings: ['checkedByDefault', 'name', 'locked'],
  },
  number: {
    labelKey: 'fieldTypes.number',
    ...TYPED,
    defaultSize: { width: 80, height: 18 },
    rule: 'number',
    input: 'type',
    prefill: null,
    settings: ['placeholder', 'name', 'number', 'locked'],
  },
  name: {
    labelKey: 'fieldTypes.name',
    ...TYPED,
    rule: 'free',
    input: 'type',
    prefill: 'name',
    settings: [...VALIDATED, 'locked'],
  },
  email: {
    labelKey: 'fieldTypes.email',
    ...TYPED,
    defaultSize: { width: 150, height: 18 },
    rule: 'email',
    input: 'type',
    prefill: 'email',
    settings: ['placeholder', 'name', 'locked'],
  },
  company: {
    labelKey: 'fieldTypes.company',
    ...TYPED,
    rule: 'free',
    input: 'type',
    prefill: 'company',
    settings: [...VALIDATED, 'locked'],
  },
  dropdown: {
    labelKey: 'fieldTypes.dropdown',
    ...TYPED,
    rule: 'choice',
    input: 'list',
    prefill: null,
    settings: ['placeholder', 'name', 'choices', 'locked'],
  },
  radio: {
    labelKey: 'fieldTypes.radio',
    ...TYPED,
    defaultSize: { width: 100, height: 54 },
    rule: 'choice',
    input: 'group',
    prefill: null,
    settings: ['name', 'choices', 'locked'],
  },
  phone: {
    labelKey: 'fieldTypes.phone',
    ...TYPED,
    rule: 'phone',
    input: 'type',
    prefill: null,
    settings: ['placeholder', 'name', 'country', 'locked'],
  },
  url: {
    labelKey: 'fieldTypes.url',
    ...TYPED,
    defaultSize: { width: 150, height: 18 },
    rule: 'url',
    input: 'type',
    prefill: null,
    settings: ['placeholder', 'name', 'locked'],
  },
  formula: {
    labelKey: 'fieldTypes.formula',
    ...TYPED,
    defaultSize: { width: 80, height: 18 },
    rule: 'formula',
    input: 'computed',
    prefill: null,
    settings: ['name', 'formula', 'number'],
  },
  multiselect: {
    labelKey: 'fieldTypes.multiselect',
    ...TYPED,
    defaultSize: { width: 100, height: 54 },
    rule: 'choices',
    input: 'checks',
    prefill: null,
    settings: ['name', 'choices', 'choiceCount', 'locked'],
  },
  stamp: {
    labelKey: 'fieldTypes.stamp',
    defaultSize: { width: 90, height: 90 },
    minSize: { width: 20, height: 20 },
    isSquare: false,
    hasFont: false,
    value: 'image',
    requisiteType: 'stamp',
    stamp: 'image',
    settings: [],
  },
  /**
   * A file the signer uploads (PDF, PNG or JPEG, checked by content): its text is the file's name (stamped in the
   * box), written by the upload route with the file's record (`field_attachments`); the seal embeds the file and
   * the certificate lists its SHA-256.
   */
  attachment: {
    labelKey: 'fieldTypes.attachment',
    ...TYPED,
    defaultSize: { width: 150, height: 18 },
    rule: 'attachment',
    input: 'file',
    prefill: null,
    settings: [],
  },
};

/**
 * A field's settings besides its columns (one JSON value, `settings`), each used by the kinds that list it in
 * `FieldKind.settings`; null on a field that has none (every field made before issue 37).
 */
export interface FieldSettings {
  /** What formulas call the field (letters, digits, `_`, `.`, spaces; matched without regard to case). */
  name?: string | undefined;
  /** A number's (and formula's) bounds, decimals (0-6; formulas round to it) and what is printed before and after. */
  min?: number | undefined;
  max?: number | undefined;
  decimals?: number | undefined;
  prefix?: string | undefined;
  suffix?: string | undefined;
  /** A dropdown's, radio group's or multiselect's options. */
  choices?: string[] | undefined;
  /** How many options of a multiselect must be ticked at least and may be at most (when it has any ticked). */
  minChoices?: number | undefined;
  maxChoices?: number | undefined;
  /** A name, e-mail or company filled from the signer's details cannot be changed. */
  locked?: boolean | undefined;
  /** A phone number's starting country (ISO 3166 alpha-2). */
  country?: string | undefined;
  formula?: string | undefined;
  minLength?: number | undefined;
  maxLength?: number | undefined;
  pattern?: FieldPattern | undefined;
  /** The country of the `postcode` pattern (ISO 3166 alpha-2, one of POSTCODE_COUNTRIES). */
  postcodeCountry?: PostcodeCountry | undefined;
  /** The custom pattern's regular expression, and the message the signer sees when it does not match. */
  customPattern?: string | undefined;
  patternMessage?: string | undefined;
  /** Any kind: shown and required only while the field it names meets it (field-conditions.ts). */
  condition?: FieldCondition | undefined;
}

export const FIELD_PATTERNS = ['email', 'number', 'letters', 'postcode', 'custom'] as const;
export type FieldPattern = (typeof FIELD_PATTERNS)[number];

/**
 * The keys every field carries, in the contract (`documentField`, which the compiler holds to exactly these),
 * the database (`document_fields`, checked by a test) and the editor's saved set. The server's answer adds the
 * derived `signed`.
 */
export const FIELD_KEYS = [
  'id',
  'type',
  'pageNumber',
  'coordinateX',
  'coordinateY',
  'width',
  'height',
  'signerId',
  'required',
  'checked',
  'text',
  'placeholder',
  'dateFormat',
  'fontFamily',
  'fontSize',
  'requisiteId',
  'settings',
] as const;
export type FieldKey = (typeof FIELD_KEYS)[number];

/**
 * A field of a type as a new one starts, with the values given on top: page 1 at the top-left corner, the
 * type's default size, nobody's, required, no value; the default font where the type has one, the default date
 * format for a date.
 */
export function blankField(values: Pick<DocumentField, 'id' | 'type'> & Partial<DocumentField>): DocumentField {
  const kind = FIELD_KINDS[values.type];
  return {
    pageNumber: 1,
    coordinateX: 0,
    coordinateY: 0,
    ...kind.defaultSize,
    signerId: null,
    required: true,
    checked: false,
    text: null,
    placeholder: null,
    dateFormat: kind.settings.includes('dateFormat') ? DEFAULT_FIELD_DATE_FORMAT : null,
    fontFamily: kind.hasFont ? DEFAULT_TEXT_FONT : null,
    fontSize: kind.hasFont ? FONT_SIZE.default : null,
    requisiteId: null,
    settings: null,
    ...values,
  };
}

/** The field's own keys of anything that carries them (a database row, an answer with `signed`), nothing else. */
export function pickField(source: DocumentField): DocumentField {
  const field: Partial<Record<FieldKey, unknown>> = {};
  for (const key of FIELD_KEYS) field[key] = source[key];
  return field as DocumentField;
}

/** The settings of a field, none missing (a field made before issue 37 has none). */
export function fieldSettings(field: { settings?: FieldSettings | null }): FieldSettings {
  return field.settings ?? {};
}

/** The derived signed flag: the value its kind takes is set. */
export function isFieldSigned(field: {
  type: FieldType;
  requisiteId?: string | null;
  text?: string | null;
  checked?: boolean | null;
}): boolean {
  switch (FIELD_KINDS[field.type].value) {
    case 'image':
      return Boolean(field.requisiteId);
    case 'text':
    case 'date':
      return typeof field.text === 'string' && field.text.trim().length > 0;
    case 'checkbox':
      return field.checked === true;
  }
}
