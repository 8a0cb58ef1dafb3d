import type { RequisiteType } from '../account/requisites.js';
import type { DocumentField } from '../contracts/documents.js';
import { DEFAULT_FIELD_DATE_FORMAT, DEFAULT_TEXT_FONT, FONT_SIZE } from './field-appearance.js';

/**
 * A field, defined once for the server, the editor, the signer page and every test: its types, what each type is
 * (FIELD_KINDS), the keys every field carries (FIELD_KEYS) and a builder of a blank one (blankField). Zod-free, so
 * the browser can use it anywhere. Sizes and coordinates are PDF points on the page as displayed (crop box turned
 * by the page's rotation), origin at the top-left corner.
 *
 * A new field type is one name in FIELD_TYPES and one entry in FIELD_KINDS (TypeScript asks for both, and for its
 * label in the web app's text catalogue), plus its components where a kind's own component is chosen.
 */

export const FIELD_TYPES = ['signature', 'initials', 'date', 'text', 'checkbox'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface FieldSize {
  width: number;
  height: number;
}

/**
 * What a field's value is: a saved signature's or initials' picture (`requisiteId`), a text (`text`), a date
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
export type FieldSetting = 'dateFormat' | 'placeholder' | 'checkedByDefault';

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
  | {
      value: 'image';
      /** The kind of saved signature the picture is. */
      requisiteType: RequisiteType;
    }
  | { value: Exclude<FieldValueKind, 'image'>; requisiteType: null }
);

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
    settings: ['dateFormat'],
  },
  text: {
    labelKey: 'fieldTypes.text',
    defaultSize: { width: 56.25, height: 18 },
    minSize: { width: 15, height: 15 },
    isSquare: false,
    hasFont: true,
    value: 'text',
    requisiteType: null,
    stamp: 'text',
    settings: ['placeholder'],
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
    settings: ['checkedByDefault'],
  },
};

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
    ...values,
  };
}

/** The field's own keys of anything that carries them (a database row, an answer with `signed`), nothing else. */
export function pickField(source: DocumentField): DocumentField {
  const field: Partial<Record<FieldKey, unknown>> = {};
  for (const key of FIELD_KEYS) field[key] = source[key];
  return field as DocumentField;
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
