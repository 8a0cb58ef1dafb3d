import type { PdfMetadata } from '@esign/shared';
import { PDF } from '@libpdf/core';
import { CONVERSION_MESSAGES, ConversionError } from './conversion-error.js';
import { readPageSizes } from './page-sizes.js';

export interface NormalizedPdf {
  bytes: Uint8Array;
  metadata: PdfMetadata;
  warning: string | null;
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

/**
 * Validates an uploaded PDF and makes it safe to build on: a damaged file that can be recovered is rewritten,
 * an encrypted file that opens without a password is copied into an unencrypted one, and a file that
 * needs a password, is empty or is not a PDF fails with a sentence for the user. A sound file is kept as it is.
 */
export async function normalizePdf(input: Uint8Array): Promise<NormalizedPdf> {
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

  const warning = hasSignatures(pdf, input) ? CONVERSION_MESSAGES.existingSignatures : null;
  let bytes = input;
  if (pdf.isEncrypted || pdf.recoveredViaBruteForce) {
    // Copying the pages into a new file drops the encryption and writes a sound structure.
    const copy = PDF.create();
    await copy.copyPagesFrom(pdf, [...Array(pdf.getPageCount()).keys()]);
    bytes = await copy.save();
    pdf = copy;
  }
  return { bytes, metadata: readPageSizes(pdf), warning };
}
