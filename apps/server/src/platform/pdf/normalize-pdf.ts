import type { ActiveContentState, PdfMetadata } from '@esign/shared';
import { PDF } from '@libpdf/core';
import { findActiveContent, removeActiveContent } from './active-content.js';
import { CONVERSION_MESSAGES, ConversionError } from './conversion-error.js';
import { readPageSizes } from './page-sizes.js';

export interface NormalizedPdf {
  bytes: Uint8Array;
  metadata: PdfMetadata;
  /** A notice for the user that does not stop the part. */
  warning: string | null;
  /** What became of the file's active content: 'removed', or 'found' and kept (a signed file). Null: none. */
  activeContent: Exclude<ActiveContentState, 'kept'> | null;
}

export interface NormalizeOptions {
  /** Remove active content from a signed file too: its owner chose to, knowing that its signatures break. */
  isRemovalChosen?: boolean;
}

function contains(bytes: Uint8Array, text: string): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(text);
}

/**
 * True when the document carries a digital signature: a signed signature field, or document permissions
 * (/Perms: a certification or usage-rights signature). Read from the parsed structure, which costs nothing
 * for a file without a form, where scanning the bytes of a large scan takes longer than parsing it. A form
 * the parser cannot read falls back to that scan.
 */
function hasSignatures(pdf: PDF, bytes: Uint8Array): boolean {
  try {
    if (pdf.getCatalog().has('Perms')) return true;
    const fields = pdf.getForm()?.getSignatureFields() ?? [];
    return fields.some((field) => field.isSigned());
  } catch {
    return contains(bytes, '/ByteRange');
  }
}

/** The notice for the user, by what the file had and what became of it. */
function warningFor(isSigned: boolean, activeContent: NormalizedPdf['activeContent']): string | null {
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
  const bytes = mustCopy || isRemoving ? await pdf.save() : input;
  const activeContent = hasActiveContent ? (isRemoving ? 'removed' : 'found') : null;
  return { bytes, metadata: readPageSizes(pdf), warning: warningFor(isSigned, activeContent), activeContent };
}
