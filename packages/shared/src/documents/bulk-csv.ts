import Papa from 'papaparse';
import { hasNoControlCharacters } from '../validation/inputs.js';
import {
  csvQuotesMessage,
  csvRowMessage,
  MESSAGES,
  maxColumnsMessage,
  maxRowsMessage,
} from '../validation/messages.js';
import { FIELD_KINDS, type FieldType } from './field-kinds.js';
import { normalizePhone } from './phone-numbers.js';
import { dropTrailingEmptySigner, type SignerLine, signerLineErrors } from './signer-rules.js';

/**
 * The bulk-send CSV (spec section 5, Bulk CSV, and section 9): the bulk-send page reads the dropped file with
 * these functions to show its errors, and the server reads the same bytes again before sending. Three steps:
 * `decodeCsvBytes` (bytes to text), `parseBulkCsv` (text to a header and rows, within the limits) and
 * `mapBulkCsvSigners` (the chosen name and e-mail columns to signers, with every bad row as 'Row N: message').
 *
 * Rows are counted as a spreadsheet numbers them: the header is row 1, so a data row's number is its index plus 2
 * (the spec's 'Row N'), and the limit of 101 rows is the header plus 100 data rows, the last one being 'Row 101'.
 */
export const BULK_CSV_MAX_ROWS = 101;
export const BULK_CSV_MAX_COLUMNS = 100;
/** Bulk CSV separators, guessed from the file: comma, semicolon (Excel in many European locales) or tab. */
export const BULK_CSV_SEPARATORS = [',', ';', '\t'] as const;

const NAME_MAX_LENGTH = 100;
const EMAIL_MAX_LENGTH = 254;

/**
 * Windows-1252 differs from Latin-1 only in 0x80-0x9F: these are its characters there (the WHATWG index; the five
 * bytes it leaves unassigned map to the same code points). Node 20.18.3 and later decode 'windows-1252' with a
 * Latin-1 fast path that gets these wrong (nodejs/node#56542, #60888), and builds with small ICU lack the
 * encoding, so the table is applied here rather than left to TextDecoder.
 */
const WINDOWS_1252_80_9F = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

function decodeWindows1252(bytes: Uint8Array): string {
  const chunks: string[] = [];
  for (let start = 0; start < bytes.length; start += 8192) {
    const codes = Array.from(bytes.subarray(start, start + 8192), (byte) =>
      byte >= 0x80 && byte < 0xa0 ? (WINDOWS_1252_80_9F[byte - 0x80] as number) : byte,
    );
    chunks.push(String.fromCharCode(...codes));
  }
  return chunks.join('');
}

/**
 * A file's bytes as text. A BOM (UTF-8, or UTF-16 as Excel's 'Unicode text' writes) says the encoding and is
 * dropped; bytes that are not valid UTF-8 are read as Windows-1252, what Excel's plain 'CSV' writes on Windows in
 * Western locales (ISO-8859-1 files read the same for every letter).
 */
export function decodeCsvBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

/** A parsed file: the header's cells and the data rows' cells, as written (not trimmed). */
export interface BulkCsvTable {
  header: string[];
  rows: string[][];
}

export type BulkCsvParseResult = { ok: true; table: BulkCsvTable } | { ok: false; message: string };

const isBlankRow = (row: readonly string[]) => row.every((cell) => cell.trim() === '');

/**
 * The separator, guessed with empty lines left out (papaparse's guess averages the cells per line, so a blank
 * line would pull a two-column file below its threshold); a file of one column reads as comma-separated.
 */
function guessSeparator(text: string): string {
  const { meta } = Papa.parse<string[]>(text, {
    preview: 10,
    skipEmptyLines: 'greedy',
    delimitersToGuess: [...BULK_CSV_SEPARATORS],
  });
  return meta.delimiter;
}

/**
 * The text's header and data rows: quoted separators and line breaks are kept inside their cell, empty lines at
 * the end are ignored (an empty line between rows stays, so row numbers match the spreadsheet's and the line is
 * reported as 'Empty line'). Refused: an empty file, a header without rows, more than 101 rows or 100 columns,
 * and unbalanced quotes. Parsing stops at the first row over a limit, so a huge file costs no more than that.
 */
export function parseBulkCsv(text: string): BulkCsvParseResult {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let filledCount = 0;
  let message: string | null = null;
  Papa.parse<string[]>(source, {
    delimiter: guessSeparator(source),
    skipEmptyLines: false,
    step: (result, parser) => {
      const row = result.data;
      rows.push(row);
      if (result.errors.some((error) => error.type === 'Quotes')) message = csvQuotesMessage(rows.length);
      else if (row.length > BULK_CSV_MAX_COLUMNS) message = maxColumnsMessage(BULK_CSV_MAX_COLUMNS);
      else if (!isBlankRow(row)) {
        filledCount = rows.length;
        if (filledCount > BULK_CSV_MAX_ROWS) message = maxRowsMessage(BULK_CSV_MAX_ROWS);
      }
      if (message) parser.abort();
    },
  });
  if (message) return { ok: false, message };
  const [header, ...data] = rows.slice(0, filledCount);
  if (!header) return { ok: false, message: MESSAGES.bulkCsvEmpty };
  if (data.length === 0) return { ok: false, message: MESSAGES.bulkCsvNoRows };
  return { ok: true, table: { header, rows: data } };
}

/** The chosen columns (indexes into the header) and the labels of the template's text fields to prefill. */
export interface BulkCsvColumns {
  nameColumn: number;
  emailColumn: number;
  /** Issue 38: the column of the signers' mobile numbers (an SMS code's), when the file has one. */
  phoneColumn?: number | undefined;
  prefillLabels?: readonly string[];
}

export interface BulkCsvSigner {
  /** The row's number in the spreadsheet: its data index plus 2. */
  row: number;
  name: string;
  email: string;
  /** Text-field label (as given in `prefillLabels`) to the row's non-empty value in the column of that header. */
  prefill: Record<string, string>;
  /** The row's mobile number in E.164, from the phone column (issue 38). */
  phone?: string;
}

export interface BulkCsvRowError {
  row: number;
  message: string;
  /** 'Row N: message'. */
  text: string;
}

export type BulkCsvMapResult =
  | { ok: true; signers: BulkCsvSigner[]; errors: BulkCsvRowError[] }
  | { ok: false; message: string };

/**
 * Spreadsheet programs run a cell starting with = + - @ as a formula (and skip a leading tab or carriage return
 * first). Such a name is refused rather than stripped of its first character: the name goes into mails and the
 * signed PDF, and quietly sending '=HYPERLINK(...)' as 'HYPERLINK(...)' or '-Anna' as 'Anna' would put a name the
 * sender never saw into a legal document; refused, the row is listed with the others and the sender fixes the
 * file. The name is trimmed first, so a leading tab, carriage return or space does not hide the character.
 */
const FORMULA_START = /^[=+\-@]/;

function nameError(name: string): string | null {
  if (FORMULA_START.test(name)) return MESSAGES.signerNameFormula;
  if (!hasNoControlCharacters(name)) return MESSAGES.controlCharacters;
  if (name.length > NAME_MAX_LENGTH) return MESSAGES.maxLength100;
  return null;
}

function emailError(email: string): string | null {
  return email.length > EMAIL_MAX_LENGTH || !hasNoControlCharacters(email) ? MESSAGES.signerEmailInvalid : null;
}

/**
 * Columns other than the name and e-mail ones whose header is one of the labels (trimmed, any case): the label (as
 * given) and its column, the first such column of each label. The bulk-send page shows them.
 */
export function bulkCsvPrefillColumns(
  header: readonly string[],
  columns: BulkCsvColumns,
): [label: string, column: number][] {
  const labels = new Map<string, string>();
  for (const label of columns.prefillLabels ?? []) {
    const key = label.trim().toLowerCase();
    if (key !== '' && !labels.has(key)) labels.set(key, label);
  }
  const found = new Map<string, number>();
  header.forEach((cell, column) => {
    const label = labels.get(cell.trim().toLowerCase());
    if (label === undefined || column === columns.nameColumn || column === columns.emailColumn) return;
    if (!found.has(label)) found.set(label, column);
  });
  return [...found];
}

/**
 * The table's signers and every bad row. One message per row at most: first the signer list's line rules
 * (signer-rules.ts: 'Empty line', 'Signer has no name', 'Signer has no email', 'Email is invalid', 'Signer is
 * duplicated'), then the name's own (formula, control characters, 100 characters), then the e-mail's length and
 * the prefill values' control characters. Rows with neither name nor e-mail at the end are dropped, as in the
 * prepare form; a table left with no row is refused.
 */
export function mapBulkCsvSigners(table: BulkCsvTable, columns: BulkCsvColumns): BulkCsvMapResult {
  const width = table.header.length;
  const isColumn = (column: number) => Number.isInteger(column) && column >= 0 && column < width;
  if (!isColumn(columns.nameColumn) || !isColumn(columns.emailColumn)) {
    return { ok: false, message: MESSAGES.bulkCsvColumnsRequired };
  }
  if (columns.nameColumn === columns.emailColumn) return { ok: false, message: MESSAGES.bulkCsvSameColumn };

  const cell = (row: readonly string[], column: number) => (row[column] ?? '').trim();
  const lines: SignerLine[] = dropTrailingEmptySigner(
    table.rows.map((row) => ({ name: cell(row, columns.nameColumn), email: cell(row, columns.emailColumn) })),
  );
  if (lines.length === 0) return { ok: false, message: MESSAGES.bulkCsvNoRows };

  const lineErrors = new Map(signerLineErrors(lines).map((error) => [error.index, error.message]));
  const prefill = bulkCsvPrefillColumns(table.header, columns);
  const phoneColumn = columns.phoneColumn !== undefined && isColumn(columns.phoneColumn) ? columns.phoneColumn : null;
  const signers: BulkCsvSigner[] = [];
  const errors: BulkCsvRowError[] = [];
  lines.forEach((line, index) => {
    const row = index + 2;
    const values = prefill
      .map(([label, column]) => [label, cell(table.rows[index] ?? [], column)] as const)
      .filter(([, value]) => value !== '');
    const typedPhone = phoneColumn === null ? '' : cell(table.rows[index] ?? [], phoneColumn);
    const phone = typedPhone === '' ? null : normalizePhone(typedPhone);
    const message =
      lineErrors.get(index) ??
      nameError(line.name) ??
      emailError(line.email) ??
      (typedPhone !== '' && phone === null ? MESSAGES.verificationPhoneInvalid : null) ??
      (values.every(([, value]) => hasNoControlCharacters(value)) ? null : MESSAGES.controlCharacters);
    if (message) errors.push({ row, message, text: csvRowMessage(row, message) });
    else {
      const signer = { row, name: line.name, email: line.email, prefill: Object.fromEntries(values) };
      signers.push(phone ? { ...signer, phone } : signer);
    }
  });
  return { ok: true, signers, errors };
}

/** Headers read as the signers' mobile numbers (issue 38), compared trimmed and in any case. */
const PHONE_HEADERS = [
  'phone',
  'mobile',
  'mobile phone',
  'phone number',
  'sms',
  'téléphone',
  'telefon',
  'teléfono',
  'telefono',
  'telefoon',
  'telefone',
];

/** The column of the signers' mobile numbers, by its header ('Phone', 'Mobile'...); undefined when there is none. */
export function bulkCsvPhoneColumn(header: readonly string[]): number | undefined {
  const index = header.findIndex((cell) => PHONE_HEADERS.includes(cell.trim().toLowerCase()));
  return index === -1 ? undefined : index;
}

/** At most 100 signers per bulk send: the 101 rows of the file less its header. */
export const BULK_SEND_MAX_ROWS = BULK_CSV_MAX_ROWS - 1;

/** A row as the bulk-send page sends it: the mapped name and e-mail, and text-field label to value. */
export interface BulkSendRowInput {
  name: string;
  email: string;
  /** The signer's mobile number, for an SMS code (issue 38). */
  phone?: string | undefined;
  prefill?: Record<string, string> | undefined;
}

/**
 * The rows the bulk-send page sends, read again through `mapBulkCsvSigners`, so the server refuses what the page
 * would (the same 'Row N: message', the rows numbered from 2 in the order sent, as the file numbers them). The rows
 * become a table: two columns for the name and the e-mail (headed by nothing, so no label takes them), then one per
 * prefill label in the order first met.
 */
export function checkBulkSendRows(rows: readonly BulkSendRowInput[]): BulkCsvMapResult {
  const labels: string[] = [];
  for (const row of rows) {
    for (const label of Object.keys(row.prefill ?? {})) if (!labels.includes(label)) labels.push(label);
  }
  const table: BulkCsvTable = {
    header: ['', '', '', ...labels],
    rows: rows.map((row) => [
      row.name,
      row.email,
      row.phone ?? '',
      ...labels.map((label) => row.prefill?.[label] ?? ''),
    ]),
  };
  return mapBulkCsvSigners(table, { nameColumn: 0, emailColumn: 1, phoneColumn: 2, prefillLabels: labels });
}

/**
 * The labels (placeholders) of a template role's text fields, which CSV columns of the same header fill (as the
 * server's prefill does: text fields of a signer, by placeholder), each once, in the order of the fields. The
 * pickers' answer carries them for each role (`GET documents/all/templates`).
 */
export function prefillLabels(
  fields: readonly { type: FieldType; signerId: string | null; placeholder: string | null }[],
  roleId: string,
): string[] {
  const labels = new Map<string, string>();
  for (const field of fields) {
    const label = field.placeholder?.trim() ?? '';
    const kind = FIELD_KINDS[field.type];
    // A formula's value is computed and an attachment's is a file: neither is prefilled (issue 37).
    if (kind.value !== 'text' || kind.rule === 'formula' || kind.rule === 'attachment') continue;
    if (field.signerId !== roleId || label === '') continue;
    if (!labels.has(label.toLowerCase())) labels.set(label.toLowerCase(), label);
  }
  return [...labels.values()];
}
