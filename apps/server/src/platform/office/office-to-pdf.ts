import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONVERSION_MESSAGES, ConversionError } from '../pdf/conversion-error.js';
import { type NormalizedPdf, normalizePdf } from '../pdf/normalize-pdf.js';
import { neutralizeHtml } from './neutralize-html.js';
import { checkOfficeArchive, isZip } from './office-archive.js';
import {
  LIBREOFFICE_MISSING,
  type OfficeConverter,
  OfficeLimitError,
  OfficeUnavailableError,
} from './office-converter.js';

export const OFFICE_CONVERSION_FAILED =
  'This file could not be converted to PDF. It may be damaged or in a format LibreOffice cannot read.';

/**
 * Converts an office, text, CSV, RTF or HTML file to PDF pages with LibreOffice. The file sits alone in a
 * fresh folder, and HTML is neutralised first, so the conversion reads nothing else. A file refused before the
 * conversion, or ended by LibreOffice's bounds of memory and time, fails with a ConversionError (not retried).
 */
export async function officeToPdf(
  converter: OfficeConverter,
  input: Uint8Array,
  extension: string,
): Promise<NormalizedPdf> {
  if (input.byteLength === 0) throw new ConversionError(CONVERSION_MESSAGES.empty);
  // An absurd zip is refused before LibreOffice opens it (what passes is still bounded in time and memory).
  if (isZip(input) && (await checkOfficeArchive(input)) !== 'ok') {
    throw new ConversionError(CONVERSION_MESSAGES.officeArchiveTooLarge);
  }
  const dir = await mkdtemp(join(tmpdir(), 'esign-convert-'));
  try {
    const source = join(dir, `source.${extension}`);
    const output = join(dir, 'output.pdf');
    const isHtml = extension === 'html' || extension === 'htm';
    await writeFile(source, isHtml ? neutralizeHtml(Buffer.from(input).toString('utf8')) : input);
    try {
      await converter.convert(source, output, extension);
    } catch (error) {
      if (error instanceof OfficeUnavailableError) throw new ConversionError(LIBREOFFICE_MISSING);
      // Ended for its memory or time: the file's own doing, so it fails now rather than being tried again.
      if (error instanceof OfficeLimitError) {
        throw new ConversionError(
          error.limit === 'memory' ? CONVERSION_MESSAGES.officeTooMuchMemory : CONVERSION_MESSAGES.officeTooLong,
        );
      }
      if (/could not open|cannot export/i.test((error as Error).message)) {
        throw new ConversionError(OFFICE_CONVERSION_FAILED);
      }
      throw error;
    }
    return await normalizePdf(new Uint8Array(await readFile(output)), { findFields: true });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
