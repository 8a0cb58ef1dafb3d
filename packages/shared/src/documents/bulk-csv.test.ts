import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../validation/messages.js';
import {
  BULK_CSV_MAX_COLUMNS,
  BULK_CSV_MAX_ROWS,
  type BulkCsvTable,
  bulkCsvPrefillColumns,
  checkBulkSendRows,
  decodeCsvBytes,
  mapBulkCsvSigners,
  parseBulkCsv,
  prefillLabels,
} from './bulk-csv.js';

const utf8 = (text: string) => new TextEncoder().encode(text);

function table(text: string): BulkCsvTable {
  const result = parseBulkCsv(text);
  if (!result.ok) throw new Error(result.message);
  return result.table;
}

/** The table of `header` and `rows`, mapped with the name in column 0 and the e-mail in column 1. */
function map(rows: string[][], prefillLabels?: string[], header = ['Name', 'Email']) {
  return mapBulkCsvSigners({ header, rows }, { nameColumn: 0, emailColumn: 1, prefillLabels });
}

function texts(rows: string[][]): string[] {
  const result = map(rows);
  if (!result.ok) throw new Error(result.message);
  return result.errors.map((error) => error.text);
}

describe('decodeCsvBytes', () => {
  it('drops a UTF-8 BOM', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('Name,Email\nZoë,zoe@example.com')]);
    expect(decodeCsvBytes(bytes)).toBe('Name,Email\nZoë,zoe@example.com');
  });

  it('reads bytes that are not UTF-8 as Windows-1252', () => {
    // 'Zoë Müller;José;€5' as Excel writes it in Western Windows locales: one byte per letter.
    const bytes = new Uint8Array([
      ...utf8('Zo'),
      0xeb,
      ...utf8(' M'),
      0xfc,
      ...utf8('ller;Jos'),
      0xe9,
      ...utf8(';'),
      0x80,
      ...utf8('5'),
    ]);
    expect(decodeCsvBytes(bytes)).toBe('Zoë Müller;José;€5');
  });

  it('reads the bytes where Windows-1252 differs from Latin-1 as Windows-1252 does', () => {
    // The WHATWG index: smart quotes, dashes and the like; the five unassigned bytes keep their code points.
    const bytes = new Uint8Array([0x93, 0x4f, 0x27, 0x4e, 0x92, 0x96, 0x9f, 0x81, 0x8c, 0x8a, 0x9e]);
    expect(decodeCsvBytes(bytes)).toBe("\u201cO'N\u2019\u2013\u0178\u0081\u0152\u0160\u017e");
  });

  it('reads a UTF-16 file by its BOM', () => {
    const bytes = new Uint8Array([0xff, 0xfe, 0x5a, 0x00, 0xeb, 0x00]);
    expect(decodeCsvBytes(bytes)).toBe('Zë');
  });
});

describe('parseBulkCsv', () => {
  it('keeps quoted commas and line breaks inside their cell', () => {
    expect(table('Name,Email\r\n"Smith, Anna",anna@example.com\r\n"Bob\nJr",bob@example.com\r\n')).toEqual({
      header: ['Name', 'Email'],
      rows: [
        ['Smith, Anna', 'anna@example.com'],
        ['Bob\nJr', 'bob@example.com'],
      ],
    });
  });

  it('reads semicolon and tab separated files', () => {
    const expected = { header: ['Name', 'Email'], rows: [['Anna, Jr', 'anna@example.com']] };
    expect(table('Name;Email\r\nAnna, Jr;anna@example.com\r\n\r\n')).toEqual(expected);
    expect(table('Name\tEmail\nAnna, Jr\tanna@example.com\n')).toEqual(expected);
    expect(table('Name;Email\n\n"Anna; Jr";anna@example.com').rows).toEqual([[''], ['Anna; Jr', 'anna@example.com']]);
  });

  it('ignores empty lines at the end and keeps those between rows', () => {
    expect(table('Name,Email\nA,a@example.com\n\nB,b@example.com\n,\n\n \n').rows).toEqual([
      ['A', 'a@example.com'],
      [''],
      ['B', 'b@example.com'],
    ]);
  });

  it('drops a BOM left in the text and reads a one-column file', () => {
    expect(table('\uFEFFEmail\na@example.com')).toEqual({ header: ['Email'], rows: [['a@example.com']] });
  });

  it('reads a Windows-1252 file end to end', () => {
    const bytes = new Uint8Array([...utf8('Name;Email\r\nJos'), 0xe9, ...utf8(';jose@example.com\r\n')]);
    const result = mapBulkCsvSigners(table(decodeCsvBytes(bytes)), { nameColumn: 0, emailColumn: 1 });
    expect(result).toEqual({
      ok: true,
      signers: [{ row: 2, name: 'José', email: 'jose@example.com', prefill: {} }],
      errors: [],
    });
  });

  it('allows 101 rows, the header included, and refuses a 102nd', () => {
    const rows = (count: number) => Array.from({ length: count }, (_, i) => `S${i},s${i}@example.com`);
    const atLimit = ['Name,Email', ...rows(BULK_CSV_MAX_ROWS - 1)].join('\n');
    expect(table(`${atLimit}\n\n\n`).rows).toHaveLength(100);
    expect(parseBulkCsv(`${atLimit}\nLast,last@example.com`)).toEqual({
      ok: false,
      message: 'Maximum number of rows is 101',
    });
    expect(parseBulkCsv(`${atLimit}\n\n\nLast,last@example.com`)).toEqual({
      ok: false,
      message: 'Maximum number of rows is 101',
    });
  });

  it('allows 100 columns and refuses 101 in any row', () => {
    const cells = (count: number) => Array.from({ length: count }, (_, i) => `c${i}`).join(',');
    expect(table(`${cells(BULK_CSV_MAX_COLUMNS)}\n${cells(BULK_CSV_MAX_COLUMNS)}`).header).toHaveLength(100);
    expect(parseBulkCsv(`${cells(100)}\n${cells(101)}`)).toEqual({
      ok: false,
      message: 'Maximum number of columns is 100',
    });
  });

  it('refuses an empty file, a header alone and unbalanced quotes', () => {
    expect(parseBulkCsv('')).toEqual({ ok: false, message: MESSAGES.bulkCsvEmpty });
    expect(parseBulkCsv('\n \n')).toEqual({ ok: false, message: MESSAGES.bulkCsvEmpty });
    expect(parseBulkCsv('Name,Email\n,\n')).toEqual({ ok: false, message: MESSAGES.bulkCsvNoRows });
    expect(parseBulkCsv('Name,Email\nA,a@example.com\n"B,b@example.com\n')).toEqual({
      ok: false,
      message: 'Row 3: a quoted value is not closed, or text follows its closing quotation mark',
    });
  });
});

describe('mapBulkCsvSigners', () => {
  it('gives the signers of the chosen columns, trimmed', () => {
    const result = mapBulkCsvSigners(
      { header: ['Email', 'Company', 'Name'], rows: [[' anna@example.com ', 'Acme', ' Anna Smith ']] },
      { nameColumn: 2, emailColumn: 0 },
    );
    expect(result).toEqual({
      ok: true,
      signers: [{ row: 2, name: 'Anna Smith', email: 'anna@example.com', prefill: {} }],
      errors: [],
    });
  });

  it("lists every bad row as 'Row N: message', N being the data index plus 2", () => {
    expect(
      texts([
        ['Anna', 'anna@example.com'],
        ['', ''],
        ['', 'b@example.com'],
        ['Carl', ''],
        ['Dora', 'dora@'],
        [' anna ', 'ANNA@example.com'],
        ['Eve', 'eve@example.com'],
        ['', ' '],
      ]),
    ).toEqual([
      'Row 3: Empty line',
      'Row 4: Signer has no name',
      'Row 5: Signer has no email',
      'Row 6: Email is invalid',
      'Row 7: Signer is duplicated',
    ]);
  });

  it('keeps the signers of the good rows beside the errors', () => {
    const result = map([
      ['Anna', 'anna@example.com'],
      ['Anna', 'anna@example.com'],
      ['Bob', 'bob@example.com'],
    ]);
    expect(result.ok && result.signers.map((signer) => signer.row)).toEqual([2, 4]);
    expect(result.ok && result.errors).toEqual([
      { row: 3, message: MESSAGES.signerDuplicated, text: 'Row 3: Signer is duplicated' },
    ]);
  });

  it('refuses a name a spreadsheet would run as a formula, even behind a tab or a carriage return', () => {
    expect(
      texts([
        ['=HYPERLINK("http://x.example","Anna")', 'a@example.com'],
        ['+1', 'b@example.com'],
        ['-Carl', 'c@example.com'],
        ['@SUM(A1)', 'd@example.com'],
        ['\t=1+1', 'e@example.com'],
        ['\r-2', 'f@example.com'],
        ['Anne-Marie = A+B @home', 'g@example.com'],
      ]),
    ).toEqual([
      'Row 2: Signer name must not start with =, +, - or @',
      'Row 3: Signer name must not start with =, +, - or @',
      'Row 4: Signer name must not start with =, +, - or @',
      'Row 5: Signer name must not start with =, +, - or @',
      'Row 6: Signer name must not start with =, +, - or @',
      'Row 7: Signer name must not start with =, +, - or @',
    ]);
  });

  it('refuses control characters and names over 100 characters', () => {
    expect(
      texts([
        ['A\u0000B', 'a@example.com'],
        ['x'.repeat(101), 'b@example.com'],
        ['y'.repeat(100), 'c@example.com'],
        ['Dan', `d\u0001@example.com`],
        ['Eve', `${'e'.repeat(250)}@example.com`],
      ]),
    ).toEqual([
      'Row 2: The text contains characters that cannot be used.',
      'Row 3: Maximum length of this field must be less than 100 symbols',
      'Row 5: Email is invalid',
      'Row 6: Email is invalid',
    ]);
  });

  it('maps the columns named like a text field to prefill values, by label', () => {
    const result = map(
      [
        ['Anna', 'anna@example.com', ' Acme ', '-5', 'ignored'],
        ['Bob', 'bob@example.com', '', '+44 20 7946 0000', 'ignored'],
      ],
      ['Company', 'Phone number', 'Email', 'Missing'],
      ['Name', 'Email', ' COMPANY ', 'phone NUMBER', 'Notes'],
    );
    expect(result.ok && result.signers.map((signer) => signer.prefill)).toEqual([
      { Company: 'Acme', 'Phone number': '-5' },
      { 'Phone number': '+44 20 7946 0000' },
    ]);
  });

  it('names the columns that prefill, first of each label, never the name or e-mail column', () => {
    const header = ['Company', 'Email', ' company ', 'Phone number', 'Notes'];
    const columns = { nameColumn: 0, emailColumn: 1, prefillLabels: ['Company', 'Email', 'Phone number', 'Missing'] };
    expect(bulkCsvPrefillColumns(header, columns)).toEqual([
      ['Company', 2],
      ['Phone number', 3],
    ]);
  });

  it('refuses a prefill value with control characters', () => {
    expect(map([['Anna', 'anna@example.com', 'A\u0007']], ['Company'], ['Name', 'Email', 'Company'])).toEqual({
      ok: true,
      signers: [],
      errors: [{ row: 2, message: MESSAGES.controlCharacters, text: `Row 2: ${MESSAGES.controlCharacters}` }],
    });
  });

  it('needs two different columns of the header, and a row', () => {
    const rows = [['Anna', 'anna@example.com']];
    const columns = (nameColumn: number, emailColumn: number) =>
      mapBulkCsvSigners({ header: ['Name', 'Email'], rows }, { nameColumn, emailColumn });
    expect(columns(0, 2)).toEqual({ ok: false, message: MESSAGES.bulkCsvColumnsRequired });
    expect(columns(-1, 1)).toEqual({ ok: false, message: MESSAGES.bulkCsvColumnsRequired });
    expect(columns(1, 1)).toEqual({ ok: false, message: MESSAGES.bulkCsvSameColumn });
    expect(map([['', ' ', 'value']], [], ['Name', 'Email', 'Other'])).toEqual({
      ok: false,
      message: MESSAGES.bulkCsvNoRows,
    });
  });
});

describe('checkBulkSendRows', () => {
  it('numbers the rows sent as the file did and keeps the prefill of the good ones', () => {
    const result = checkBulkSendRows([
      { name: 'Ann Lee', email: 'ann@example.com', prefill: { Company: ' Acme ' } },
      { name: '=cmd', email: 'bob@example.com' },
      { name: 'Ann Lee', email: 'ann@example.com', prefill: { Company: '' } },
      { name: 'Dan Roe', email: 'dan@example.com', prefill: { Company: 'Roe\u0007' } },
    ]);
    expect(result).toEqual({
      ok: true,
      signers: [{ row: 2, name: 'Ann Lee', email: 'ann@example.com', prefill: { Company: 'Acme' } }],
      errors: [
        { row: 3, message: MESSAGES.signerNameFormula, text: `Row 3: ${MESSAGES.signerNameFormula}` },
        { row: 4, message: MESSAGES.signerDuplicated, text: `Row 4: ${MESSAGES.signerDuplicated}` },
        { row: 5, message: MESSAGES.controlCharacters, text: `Row 5: ${MESSAGES.controlCharacters}` },
      ],
    });
  });
});

describe('prefillLabels', () => {
  it("lists the labels of the role's text fields once each, in the fields' order", () => {
    const [role, other] = ['role-1', 'role-2'];
    const fields = [
      { type: 'text', signerId: role, placeholder: ' Company ' },
      { type: 'date', signerId: role, placeholder: 'Start date' },
      { type: 'text', signerId: other, placeholder: 'Manager' },
      { type: 'text', signerId: role, placeholder: null },
      { type: 'text', signerId: role, placeholder: 'company' },
      { type: 'text', signerId: role, placeholder: 'Phone' },
    ] as const;
    expect(prefillLabels(fields, role)).toEqual(['Company', 'Phone']);
  });
});
