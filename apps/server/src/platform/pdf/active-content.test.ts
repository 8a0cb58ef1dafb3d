// Active content survived into the sealed PDF: upload kept a sound PDF byte for byte, its /OpenAction JavaScript
// included, and the seal only appends to it. Normalisation now removes scripts, launch actions and automatic
// actions from the file it stores, unless removing them would break the file's own signatures.
import { PDF } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import {
  type ActiveContentKind,
  includesText,
  pdfOpeningAtPage2,
  pdfWith,
  SCRIPT_MARKERS,
  signed,
} from '../../../test/active-content.js';
import { pdfsig } from '../../../test/poppler.js';
import { findActiveContent } from './active-content.js';
import { CONVERSION_MESSAGES } from './conversion-error.js';
import { normalizePdf } from './normalize-pdf.js';

const ALL_KINDS: ActiveContentKind[] = [
  'openActionJavaScript',
  'catalogAdditionalActions',
  'namesJavaScript',
  'pageAdditionalActions',
  'launchLink',
  'javaScriptLink',
  'fieldAdditionalActions',
];

describe('active content at upload', () => {
  it('removes an /OpenAction script from the stored bytes and tells the user', async () => {
    const input = await pdfWith(['openActionJavaScript']);
    expect(includesText(input, SCRIPT_MARKERS.openAction)).toBe(true);
    const result = await normalizePdf(input);
    expect(includesText(result.bytes, SCRIPT_MARKERS.openAction)).toBe(false);
    expect(includesText(result.bytes, '/JavaScript')).toBe(false);
    expect((await PDF.load(result.bytes)).getCatalog().has('OpenAction')).toBe(false);
    expect(result.warning).toBe(CONVERSION_MESSAGES.activeContentRemoved);
    expect(result.activeContent).toBe('removed');
    expect(result.metadata.pages).toHaveLength(2);
  });

  it.each(ALL_KINDS)('finds and removes %s', async (kind) => {
    const input = await pdfWith([kind]);
    expect(findActiveContent(await PDF.load(input)).length).toBeGreaterThan(0);
    const result = await normalizePdf(input);
    expect(result.activeContent).toBe('removed');
    expect(findActiveContent(await PDF.load(result.bytes))).toEqual([]);
    for (const marker of Object.values(SCRIPT_MARKERS)) expect(includesText(result.bytes, marker)).toBe(false);
    for (const word of ['/JavaScript', '/Launch', 'calc.exe']) expect(includesText(result.bytes, word)).toBe(false);
  });

  it('keeps everything else: pages, a link to a web page, the form field without its script', async () => {
    const result = await normalizePdf(await pdfWith(ALL_KINDS));
    const pdf = await PDF.load(result.bytes);
    expect(pdf.getPageCount()).toBe(2);
    expect(includesText(result.bytes, 'https://example.com/terms')).toBe(true);
    // The link whose action only led on to a script loses that action, not the annotation.
    expect(pdf.getPage(0)?.dict.getArray('Annots')?.length).toBe(3);
    expect(
      pdf
        .getForm()
        ?.getFields()
        .map((field) => field.name),
    ).toEqual(['amount']);
  });

  it.each(['destination', 'goTo'] as const)('keeps an /OpenAction that only opens a page (%s)', async (form) => {
    const input = await pdfOpeningAtPage2(form);
    const result = await normalizePdf(input);
    expect(result.bytes).toBe(input);
    expect(result.activeContent).toBeNull();
    expect(result.warning).toBeNull();
  });

  it('keeps a plain PDF byte for byte', async () => {
    const input = await pdfWith();
    const result = await normalizePdf(input);
    expect(result.bytes).toBe(input);
    expect(result.activeContent).toBeNull();
  });

  it('keeps a signed file with active content as uploaded, and offers the choice', async () => {
    const input = await signed(await pdfWith(['openActionJavaScript', 'pageAdditionalActions']));
    expect(pdfsig(input)).toContain('Signature is Valid.');
    const result = await normalizePdf(input);
    expect(result.bytes).toBe(input);
    expect(result.activeContent).toBe('found');
    expect(result.warning).toBe(CONVERSION_MESSAGES.activeContentInSignedFile);
  });

  it('removes it from a signed file when the owner chose to, and says the signatures broke', async () => {
    const input = await signed(await pdfWith(['openActionJavaScript', 'pageAdditionalActions']));
    const result = await normalizePdf(input, { isRemovalChosen: true });
    expect(result.activeContent).toBe('removed');
    expect(result.warning).toBe(CONVERSION_MESSAGES.activeContentRemovedFromSignedFile);
    expect(includesText(result.bytes, SCRIPT_MARKERS.openAction)).toBe(false);
    expect(includesText(result.bytes, SCRIPT_MARKERS.pageOpen)).toBe(false);
    expect(findActiveContent(await PDF.load(result.bytes))).toEqual([]);
  });
});
