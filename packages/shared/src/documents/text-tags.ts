import { FIELD_KINDS, FIELD_TYPES, type FieldSettings, type FieldType } from './field-kinds.js';
import { FIELD_NAME_PATTERN } from './field-values.js';

/**
 * Text tags (issue 37): a field written into an uploaded file's text, placed over the tag's box on upload.
 *
 *   {{type:signer}}  {{type:signer;option;option...}}
 *
 * `type` is a field type (FIELD_TYPES) but formula; `signer` the signer's number, 1 for the first signer, 2 for the
 * second... Options: `required` (the default) or `optional`; `name=Plan` (the field's name, for the types that have
 * one); `options=Basic|Pro|Team` (a dropdown's, radio group's or multiselect's choices, which they must have).
 * Spaces around the parts are ignored; type and option names are matched without regard to case. Anything else is not a tag we
 * understand: it is reported on the upload, never silently dropped.
 */

/** The most signers a tag can name. */
export const TEXT_TAG_MAX_SIGNER = 99;
/** Everything between double braces on one line: a tag, understood or not. */
export const TEXT_TAG_PATTERN = /\{\{([^{}\n]{1,300})\}\}/g;

export interface TextTag {
  type: FieldType;
  /** 1-based: the document's first signer (after the preparer) is 1. */
  signer: number;
  required: boolean;
  /** The settings the tag gave (name, choices); null when none. */
  settings: FieldSettings | null;
}

/** Why a tag was not understood: a type we do not have, or a tag that does not follow the syntax. */
export type TextTagProblem = 'unknownType' | 'malformed';

export type ParsedTextTag = { tag: TextTag; problem?: never } | { tag?: never; problem: TextTagProblem };

/** Types a tag cannot make: a formula needs its expression, written in the editor. */
const UNTAGGABLE: readonly FieldType[] = ['formula'];

function typeOf(name: string): FieldType | null {
  const type = FIELD_TYPES.find((candidate) => candidate === name.toLowerCase());
  return type && !UNTAGGABLE.includes(type) ? type : null;
}

/** Reads the inside of one tag (without its braces). */
export function parseTextTag(inner: string): ParsedTextTag {
  const [head = '', ...options] = inner.split(';').map((part) => part.trim());
  const word = /^([A-Za-z]+)\s*(?::|$)/.exec(head)?.[1];
  if (word === undefined) return bad();
  const type = typeOf(word);
  if (!type) return { problem: 'unknownType' };
  const match = /^[A-Za-z]+\s*:\s*(\d{1,2})$/.exec(head);
  if (!match) return bad();
  const signer = Number(match[1]);
  if (signer < 1 || signer > TEXT_TAG_MAX_SIGNER) return bad();

  const kind = FIELD_KINDS[type];
  let required = true;
  const settings: FieldSettings = {};
  const seen = new Set<string>();
  for (const option of options) {
    const separator = option.indexOf('=');
    const key = (separator < 0 ? option : option.slice(0, separator)).trim().toLowerCase();
    const value = separator < 0 ? null : option.slice(separator + 1).trim();
    if (seen.has(key)) return bad();
    seen.add(key);
    if ((key === 'required' || key === 'optional') && value === null) {
      if (seen.has(key === 'required' ? 'optional' : 'required')) return bad();
      required = key === 'required';
    } else if (key === 'name' && value && kind.settings.includes('name') && FIELD_NAME_PATTERN.test(value)) {
      if (value.length > 50) return bad();
      settings.name = value;
    } else if (key === 'options' && value && kind.settings.includes('choices')) {
      const choices = value.split('|').map((choice) => choice.trim());
      if (choices.some((choice) => choice.length === 0 || choice.length > 100) || choices.length > 50) return bad();
      if (new Set(choices).size !== choices.length) return bad();
      settings.choices = choices;
    } else {
      return bad();
    }
  }
  if (kind.settings.includes('choices') && !settings.choices) return bad();
  return { tag: { type, signer, required, settings: Object.keys(settings).length > 0 ? settings : null } };
}

function bad(): ParsedTextTag {
  return { problem: 'malformed' };
}

export interface TextTagMatch {
  /** The whole tag as written, braces included. */
  text: string;
  /** Where it starts and ends in the searched text. */
  start: number;
  end: number;
  parsed: ParsedTextTag;
}

/** Every tag in a text (one line of a page), understood or not, in order. */
export function findTextTags(text: string): TextTagMatch[] {
  return [...text.matchAll(TEXT_TAG_PATTERN)].map((match) => ({
    text: match[0],
    start: match.index,
    end: match.index + match[0].length,
    parsed: parseTextTag(match[1] ?? ''),
  }));
}

/**
 * A field found in an uploaded file (a text tag or one of the PDF's form fields), as the part keeps it until it is
 * placed on the document: on the part's own page, its box in the page's displayed coordinates (top-left origin).
 */
export interface FoundField {
  type: FieldType;
  /** 0-based page of the part's PDF. */
  pageIndex: number;
  box: { x: number; y: number; width: number; height: number };
  required: boolean;
  settings: FieldSettings | null;
  /** The signer's number (1 = the document's first signer after the preparer). */
  signer: number;
}
