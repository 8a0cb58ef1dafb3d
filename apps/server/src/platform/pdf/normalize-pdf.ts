import type { ActiveContentState, PdfMetadata } from '@esign/shared';
import { PDF, PdfDict, type PdfObject, PdfRef, PdfString } from '@libpdf/core';
import { findActiveContent, removeActiveContent } from './active-content.js';
import { CONVERSION_MESSAGES, ConversionError } from './conversion-error.js';
import { type FieldsInFile, takeFieldsFromLoaded } from './found-fields.js';
import { readPageSizes } from './page-sizes.js';

export interface NormalizedPdf {
  bytes: Uint8Array;
  metadata: PdfMetadata;
  /** A notice for the user that does not stop the part. */
  warning: string | null;
  /** What became of the file's active content: 'removed', or 'found' and kept (a signed file). Null: none. */
  activeContent: Exclude<ActiveContentState, 'kept'> | null;
  /** The file is kept as it was signed (its digital signatures stay valid): nothing may be changed in it. */
  isKeptSigned: boolean;
  /** The fields found in it (`findFields`): text tags and form fields, already covered and removed in `bytes`. */
  found: FieldsInFile | null;
}

export interface NormalizeOptions {
  /** Remove active content from a signed file too: its owner chose to, knowing that its signatures break. */
  isRemovalChosen?: boolean;
  /**
   * Find text tags and form fields (issue 37, found-fields.ts) in the file as loaded here, unless it is kept as it
   * was signed (any change would break its signatures).
   */
  findFields?: boolean;
}

function contains(bytes: Uint8Array, text: string): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(text);
}

/**
 * True when the document carries a digital signature: a signed signature field, or a certification (/Perms
 * /DocMDP) whose signature has a value. Usage rights (/Perms /UR3: what Adobe Reader lets a user do with a form) are
 * not a signature anyone made, and neither is a DocMDP entry whose signature was never written. Read from the
 * parsed structure, which costs nothing for a file without a form, where scanning the bytes of a large scan takes
 * longer than parsing it. A form the parser cannot read falls back to that scan.
 */
function hasSignatures(pdf: PDF, bytes: Uint8Array): boolean {
  try {
    const fields = pdf.getForm()?.getSignatureFields() ?? [];
    return fields.some((field) => field.isSigned()) || isCertified(pdf);
  } catch {
    return contains(bytes, '/ByteRange');
  }
}

function isCertified(pdf: PDF): boolean {
  const resolve = (object: PdfObject | undefined) =>
    object instanceof PdfRef ? (pdf.getObject(object) ?? undefined) : object;
  const perms = resolve(pdf.getCatalog().get('Perms'));
  const signature = perms instanceof PdfDict ? resolve(perms.get('DocMDP')) : undefined;
  const contents = signature instanceof PdfDict ? resolve(signature.get('Contents')) : undefined;
  return contents instanceof PdfString && contents.bytes.some((byte) => byte !== 0);
}

/** The notice for the user, by what the file had and what became of it. */
function warningFor(
  isSigned: boolean,
  isRewritten: boolean,
  activeContent: NormalizedPdf['activeContent'],
): string | null {
  if (isSigned && isRewritten && activeContent !== 'removed') return CONVERSION_MESSAGES.existingSignaturesRemoved;
  if (activeContent === 'found') return CONVERSION_MESSAGES.activeContentInSignedFile;
  if (activeContent === 'removed') {
    return isSigned ? CONVERSION_MESSAGES.activeContentRemovedFromSignedFile : CONVERSION_MESSAGES.activeContentRemoved;
  }
  return isSigned ? CONVERSION_MESSAGES.existingSignatures : null;
}

/**
 * Validates an uploaded PDF and makes it safe to build on: a damaged file that can be recovered is rewritten,
 * an encrypted file that opens without a password is copied into an unencrypted one, and a file that
 * needs a password, is empty or is not a PDF fails with a sentence for the user. Active content (see
 * `findActiveContent`) is removed and the file rewritten without it, so none of its bytes reach the seal; a
 * signed file keeps it unless its owner chooses otherwise (`isRemovalChosen`), as removing it breaks the
 * signatures. Any other sound file is kept as it is.
 */
export async function normalizePdf(input: Uint8Array, options: NormalizeOptions = {}): Promise<NormalizedPdf> {
  if (input.byteLength === 0) throw new ConversionError(CONVERSION_MESSAGES.empty);
  let pdf: PDF;
  try {
    pdf = await PDF.load(input);
  } catch {
    throw new ConversionError(
      contains(input, '/Encrypt') ? CONVERSION_MESSAGES.passwordProtected : CONVERSION_MESSAGES.damaged,
    );
  }
  if (pdf.isEncrypted && !pdf.isAuthenticated) throw new ConversionError(CONVERSION_MESSAGES.passwordProtected);
  if (pdf.getPageCount() === 0) throw new ConversionError(CONVERSION_MESSAGES.noPages);

  const isSigned = hasSignatures(pdf, input);
  const hasActiveContent = findActiveContent(pdf).length > 0;
  // A copy (below) loses the signatures anyway; otherwise removing breaks them, which only the owner decides.
  // An encrypted file is copied even when signed: the PDF library appends to it, but the seal it then signs
  // does not cover the whole file (pdfsig: 'Not total document signed'), so the signatures go, and the warning
  // says so at upload.
  const mustCopy = pdf.isEncrypted || pdf.recoveredViaBruteForce;
  const isRemoving = hasActiveContent && (!isSigned || mustCopy || options.isRemovalChosen === true);
  if (mustCopy) {
    // Copying the pages into a new file drops the encryption and writes a sound structure.
    const copy = PDF.create();
    await copy.copyPagesFrom(pdf, [...Array(pdf.getPageCount()).keys()]);
    pdf = copy;
  }
  // What the pages brought into a copy, or the whole file's: found again in the file that is saved.
  if (isRemoving) removeActiveContent(findActiveContent(pdf));
  // A full save writes only the objects still in use, so the removed scripts' bytes are gone too.
  const keepsSignatures = isSigned && !mustCopy && !isRemoving;
  const found = options.findFields && !keepsSignatures ? takeFieldsFromLoaded(pdf) : null;
  const bytes = mustCopy || isRemoving || found?.isChanged ? await pdf.save() : input;
  const activeContent = hasActiveContent ? (isRemoving ? 'removed' : 'found') : null;
  const warning = warningFor(isSigned, mustCopy, activeContent);
  const isKeptSigned = isSigned && bytes === input;
  return { bytes, metadata: readPageSizes(pdf), warning, activeContent, isKeptSigned, found };
}
