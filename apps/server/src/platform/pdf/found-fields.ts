import {
  FIELD_KINDS,
  FIELD_NAME_PATTERN,
  type FieldSettings,
  type FieldType,
  type FoundField,
  parseTextTag,
  TEXT_TAG_PATTERN,
} from '@esign/shared';
import {
  type DropdownField,
  type FormField,
  type ListBoxField,
  type PDF,
  PdfArray,
  PdfRef,
  type RadioField,
  rgb,
} from '@libpdf/core';
import { braceCheck } from './brace-fonts.js';
import { readPageFrame } from './seal/page-frame.js';
import type { Box, PageFrame } from './seal/placement.js';

/** A widget of a form field (the library does not export its type). */
type WidgetAnnotation = ReturnType<FormField['getWidgets']>[number];

/**
 * Fields found in an uploaded file (issue 37): text tags (`{{signature:1}}`, syntax in packages/shared text-tags.ts)
 * and the PDF's own form fields (AcroForm). Each becomes one of our fields at its box, in the page's displayed
 * coordinates (top-left origin, as `pdfMetadata` and the editor); the tag is covered by a white box and the form's
 * widgets are removed, so nothing is drawn twice. What cannot be placed (a tag we do not understand, a push button)
 * is listed for the upload row, never silently dropped.
 */

export interface FieldsInFile {
  fields: FoundField[];
  /** What was not placed, as the user wrote it: a tag's text, or `form field "name"`. */
  unplaced: string[];
  /** True when the file was changed (tags covered, widgets removed) and must be saved. */
  isChanged: boolean;
}

/** The box of a user-space rectangle on the page as displayed (the inverse of the seal's placement). */
export function displayedBox(frame: PageFrame, box: Box): Box {
  const { x: x0, y: y0, width, height } = frame.visible;
  const x1 = x0 + width;
  const y1 = y0 + height;
  const toDisplayed = (ux: number, uy: number) => {
    switch (frame.rotation) {
      case 0:
        return { x: ux - x0, y: y1 - uy };
      case 90:
        return { x: uy - y0, y: ux - x0 };
      case 180:
        return { x: x1 - ux, y: uy - y0 };
      case 270:
        return { x: y1 - uy, y: x1 - ux };
    }
  };
  const a = toDisplayed(box.x, box.y);
  const b = toDisplayed(box.x + box.width, box.y + box.height);
  return {
    x: round(Math.min(a.x, b.x)),
    y: round(Math.min(a.y, b.y)),
    width: round(Math.abs(b.x - a.x)),
    height: round(Math.abs(b.y - a.y)),
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** At least the type's minimum size, grown from the box's top-left corner. */
function atLeastMinimum(type: FieldType, box: Box): Box {
  const min = FIELD_KINDS[type].minSize;
  return { ...box, width: Math.max(box.width, min.width), height: Math.max(box.height, min.height) };
}

/** Reads the text tags and the form fields of a loaded PDF, covers the tags and removes the form's widgets. */
export function takeFieldsFromPdf(pdf: PDF): FieldsInFile {
  const tags = takeTextTags(pdf);
  const form = takeFormFields(pdf);
  return {
    fields: [...tags.fields, ...form.fields],
    unplaced: [...tags.unplaced, ...form.unplaced],
    isChanged: tags.isChanged || form.isChanged,
  };
}

/** A little white around a tag's glyphs, so no antialiased edge shows. */
const COVER_MARGIN = 1;

function takeTextTags(pdf: PDF): FieldsInFile {
  const fields: FoundField[] = [];
  const unplaced: string[] = [];
  // The pattern is global: findText gives every match of a page, a tag spread over several text runs of a line
  // included. Only pages whose fonts can draw a brace are read (reading a page's text is the slow part).
  const mayHoldTag = braceCheck(pdf);
  const matches = pdf
    .getPages()
    .filter(mayHoldTag)
    .flatMap((page) => page.findText(new RegExp(TEXT_TAG_PATTERN.source, 'g')));
  for (const match of matches) {
    const page = pdf.getPage(match.pageIndex);
    if (!page) continue;
    const { bbox } = match;
    page.drawRectangle({
      x: bbox.x - COVER_MARGIN,
      y: bbox.y - COVER_MARGIN,
      width: bbox.width + 2 * COVER_MARGIN,
      height: bbox.height + 2 * COVER_MARGIN,
      color: rgb(1, 1, 1),
    });
    const parsed = parseTextTag(match.text.slice(2, -2));
    if (!parsed.tag) {
      unplaced.push(match.text);
      continue;
    }
    const box = displayedBox(readPageFrame(pdf, match.pageIndex), bbox);
    fields.push({
      type: parsed.tag.type,
      pageIndex: match.pageIndex,
      box: atLeastMinimum(parsed.tag.type, box),
      required: parsed.tag.required,
      settings: parsed.tag.settings,
      signer: parsed.tag.signer,
    });
  }
  return { fields, unplaced, isChanged: matches.length > 0 };
}

/** Our type of a form field's type; null: none (a push button). */
function typeOfFormField(field: FormField): FieldType | null {
  switch (field.type) {
    case 'text':
      return 'text';
    case 'checkbox':
      return 'checkbox';
    case 'radio':
      return 'radio';
    case 'dropdown':
    case 'listbox':
      return 'dropdown';
    case 'signature':
      return 'signature';
    default:
      return null;
  }
}

/** A form field's name as our field name: letters, digits, `_`, `.` and spaces, starting with a letter. */
function fieldNameOf(name: string, taken: Set<string>): string | undefined {
  let base = name
    .replace(/[^A-Za-z0-9_. ]/g, '_')
    .slice(0, 45)
    .trim();
  if (!/^[A-Za-z]/.test(base)) base = `F${base}`.slice(0, 45);
  if (!FIELD_NAME_PATTERN.test(base)) return undefined;
  let candidate = base;
  for (let index = 2; taken.has(candidate.toLowerCase()); index++) candidate = `${base} ${index}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

function choicesOf(field: FormField): string[] {
  let options: string[] = [];
  if (field.type === 'radio') options = (field as RadioField).getOptions();
  else if (field.type === 'dropdown' || field.type === 'listbox') {
    options = (field as DropdownField | ListBoxField).getOptions().map((option) => option.display || option.value);
  }
  const trimmed = options.map((option) => option.trim().slice(0, 100)).filter((option) => option.length > 0);
  return [...new Set(trimmed)].slice(0, 50);
}

function takeFormFields(pdf: PDF): FieldsInFile {
  const form = pdf.getForm();
  if (!form) return { fields: [], unplaced: [], isChanged: false };
  // A widget's page: its /P when it names one, else the page whose /Annots lists it (/P is optional).
  const pageIndexByRef = new Map<string, number>();
  const pageIndexByWidget = new Map<string, number>();
  for (let index = 0; index < pdf.getPageCount(); index++) {
    const page = pdf.getPage(index);
    if (!page) continue;
    pageIndexByRef.set(page.ref.toString(), index);
    const annots = page.dict.get('Annots');
    const list = annots instanceof PdfRef ? pdf.getObject(annots) : annots;
    if (!(list instanceof PdfArray)) continue;
    for (let at = 0; at < list.length; at++) {
      const item = list.at(at);
      if (item instanceof PdfRef) pageIndexByWidget.set(item.toString(), index);
    }
  }
  const pageOf = (widget: WidgetAnnotation) =>
    (widget.pageRef ? pageIndexByRef.get(widget.pageRef.toString()) : undefined) ??
    (widget.ref ? pageIndexByWidget.get(widget.ref.toString()) : undefined);
  const fields: FoundField[] = [];
  const unplaced: string[] = [];
  const taken = new Set<string>();
  const removed: FormField[] = [];
  for (const field of form.getFields()) {
    const type = typeOfFormField(field);
    const widgets = field.getWidgets().filter((widget) => !widget.isHidden() && pageOf(widget) !== undefined);
    const first = widgets[0];
    const pageIndex = first ? pageOf(first) : undefined;
    if (!type || !first || pageIndex === undefined) {
      unplaced.push(`form field "${field.name}"`);
      continue;
    }
    // A radio group is one of our fields over all its buttons on the first one's page; any other field takes its
    // first widget's box.
    const onPage = widgets.filter((widget) => pageOf(widget) === pageIndex);
    const rect = type === 'radio' ? unionOf(onPage) : boxOf(first);
    const settings: FieldSettings = {};
    if (FIELD_KINDS[type].settings.includes('choices')) {
      const choices = choicesOf(field);
      if (choices.length === 0) {
        unplaced.push(`form field "${field.name}"`);
        continue;
      }
      settings.choices = choices;
    }
    if (FIELD_KINDS[type].settings.includes('name')) {
      const name = fieldNameOf(field.name, taken);
      if (name) settings.name = name;
    }
    fields.push({
      type,
      pageIndex,
      box: atLeastMinimum(type, displayedBox(readPageFrame(pdf, pageIndex), rect)),
      required: field.isRequired(),
      settings: Object.keys(settings).length > 0 ? settings : null,
      signer: 1,
    });
    removed.push(field);
  }
  for (const field of removed) form.removeField(field);
  return { fields, unplaced, isChanged: removed.length > 0 };
}

function boxOf(widget: WidgetAnnotation): Box {
  const [x1, y1, x2, y2] = widget.rect;
  return { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
}

function unionOf(widgets: WidgetAnnotation[]): Box {
  const boxes = widgets.map(boxOf);
  const x = Math.min(...boxes.map((box) => box.x));
  const y = Math.min(...boxes.map((box) => box.y));
  const right = Math.max(...boxes.map((box) => box.x + box.width));
  const top = Math.max(...boxes.map((box) => box.y + box.height));
  return { x, y, width: right - x, height: top - y };
}

/**
 * The fields of a loaded PDF (normalize-pdf.ts reads them as it loads the file). Finding fields is a help, never a
 * reason for an upload to fail: a file whose text or form the library cannot read gets no fields found.
 */
export function takeFieldsFromLoaded(pdf: PDF): FieldsInFile | null {
  try {
    return takeFieldsFromPdf(pdf);
  } catch {
    return null;
  }
}
