import { type PDF, PdfArray, PdfDict, PdfName, type PdfObject, PdfRef } from '@libpdf/core';

/** An entry of a dictionary that holds active content: deleting the entry removes it. */
export interface ActiveContentEntry {
  dict: PdfDict;
  key: string;
}

/**
 * Action types that run code or start a program: a script, a program launch, and the media and rich-media
 * actions, which can carry scripts of their own. Other actions (a page, a web address, a form reset) run nothing.
 */
const ACTIVE_ACTION_TYPES = new Set(['JavaScript', 'Launch', 'Rendition', 'RichMediaExecute']);

/** Outline items and form fields read at most (a malformed file may link them in a loop). */
const MAX_NODES = 100_000;

/**
 * Where a PDF holds active content: scripts, program launches and actions that run by themselves.
 * - the catalog's /OpenAction, unless it only opens a page (a destination, or a GoTo action alone);
 * - additional actions (/AA: run on opening, closing, saving, printing, on a page or a field's events) of the
 *   catalog, of every page, annotation and form field;
 * - document-level scripts (the /Names /JavaScript tree, run when the document opens);
 * - an annotation's, a field's or a bookmark's action (/A) that runs a script or a program, itself or through
 *   the actions it leads on to (/Next). Links to pages and web addresses stay.
 * Embedded files are not active content here: they only open when a reader chooses to.
 */
export function findActiveContent(pdf: PDF): ActiveContentEntry[] {
  const resolve = (object: PdfObject | undefined): PdfObject | undefined =>
    object instanceof PdfRef ? (pdf.getObject(object) ?? undefined) : object;
  const dictOf = (object: PdfObject | undefined) => {
    const resolved = resolve(object);
    return resolved instanceof PdfDict ? resolved : undefined;
  };
  const itemsOf = (object: PdfObject | undefined) => {
    const resolved = resolve(object);
    return resolved instanceof PdfArray ? resolved.toArray() : [];
  };

  function isActiveAction(object: PdfObject | undefined, seen = new Set<PdfDict>()): boolean {
    const resolved = resolve(object);
    // /Next is one action or an array of them.
    if (resolved instanceof PdfArray) return resolved.toArray().some((item) => isActiveAction(item, seen));
    if (!(resolved instanceof PdfDict) || seen.has(resolved)) return false;
    seen.add(resolved);
    const type = resolve(resolved.get('S'));
    if (resolved.has('JS') || (type instanceof PdfName && ACTIVE_ACTION_TYPES.has(type.value))) return true;
    return isActiveAction(resolved.get('Next'), seen);
  }

  /** An /OpenAction that only shows a page: a destination, or a GoTo action leading nowhere else. */
  function opensAPage(object: PdfObject | undefined): boolean {
    const resolved = resolve(object);
    if (!(resolved instanceof PdfDict)) return true;
    const type = resolve(resolved.get('S'));
    return type instanceof PdfName && type.value === 'GoTo' && !resolved.has('Next');
  }

  const found: ActiveContentEntry[] = [];
  const checked = new Set<PdfDict>();
  /** An annotation, a form field or a bookmark: its additional actions, and its action when that one is active. */
  function checkTriggers(dict: PdfDict) {
    if (checked.has(dict)) return;
    checked.add(dict);
    if (dict.has('AA')) found.push({ dict, key: 'AA' });
    if (dict.has('A') && isActiveAction(dict.get('A'))) found.push({ dict, key: 'A' });
  }

  const catalog = pdf.getCatalog();
  if (catalog.has('OpenAction') && !opensAPage(catalog.get('OpenAction'))) {
    found.push({ dict: catalog, key: 'OpenAction' });
  }
  if (catalog.has('AA')) found.push({ dict: catalog, key: 'AA' });
  const names = dictOf(catalog.get('Names'));
  if (names?.has('JavaScript')) found.push({ dict: names, key: 'JavaScript' });

  for (const page of pdf.getPages()) {
    if (page.dict.has('AA')) found.push({ dict: page.dict, key: 'AA' });
    for (const annotation of itemsOf(page.dict.get('Annots'))) {
      const dict = dictOf(annotation);
      if (dict) checkTriggers(dict);
    }
  }

  // Form fields, through their kids (a field's own /AA holds its keystroke, format and calculation scripts).
  const fields = itemsOf(dictOf(catalog.get('AcroForm'))?.get('Fields'));
  for (let count = 0; fields.length > 0 && count < MAX_NODES; count++) {
    const field = dictOf(fields.pop());
    if (!field || checked.has(field)) continue;
    checkTriggers(field);
    fields.push(...itemsOf(field.get('Kids')));
  }

  // Bookmarks: each item's children (/First) and next sibling (/Next).
  const outlines = [dictOf(dictOf(catalog.get('Outlines'))?.get('First'))];
  for (let count = 0; outlines.length > 0 && count < MAX_NODES; count++) {
    const item = outlines.pop();
    if (!item || checked.has(item)) continue;
    checkTriggers(item);
    outlines.push(dictOf(item.get('Next')), dictOf(item.get('First')));
  }
  return found;
}

/** Removes what `findActiveContent` found. Saved in full, the objects only those entries used are left out. */
export function removeActiveContent(entries: readonly ActiveContentEntry[]): void {
  for (const { dict, key } of entries) dict.delete(key);
}
