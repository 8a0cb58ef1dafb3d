import { type BulkCsvParseResult, decodeCsvBytes, parseBulkCsv } from '@esign/shared';

/**
 * A bulk-send file is read whole in the browser; 100 rows of 100 columns are far below this, so a larger file is not
 * the spreadsheet meant (and reading it would only hold up the tab).
 */
export const CSV_MAX_BYTES = 5 * 1024 * 1024;

/** Why a dropped file is not read: not a .csv (spec: only .csv files), or too large. */
export type CsvFileProblem = 'notCsv' | 'tooLarge';

export function csvFileProblem(file: { name: string; size: number }): CsvFileProblem | null {
  if (!/\.csv$/i.test(file.name.trim())) return 'notCsv';
  if (file.size > CSV_MAX_BYTES) return 'tooLarge';
  return null;
}

/** The file's header and rows, read with the shared rules (encoding, separator, limits) the server applies too. */
export async function readCsvTable(file: Blob): Promise<BulkCsvParseResult> {
  return parseBulkCsv(decodeCsvBytes(new Uint8Array(await file.arrayBuffer())));
}
