import type { BulkCsvTable } from '@esign/shared';

/** The chosen name and e-mail columns (indexes into the header); null until one is chosen. */
export interface ColumnChoice {
  nameColumn: number | null;
  emailColumn: number | null;
}

/** A header cell compared by its letters and digits alone: 'E-mail', 'e_mail' and 'EMAIL ' read the same. */
const normalise = (cell: string) =>
  cell
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/** Headers that name the signer's e-mail, as spreadsheets and CRM exports write them (a few languages). */
const EMAIL_HEADERS = new Set(
  [
    'email',
    'email address',
    'mail',
    'signer email',
    'recipient email',
    'contact email',
    'courriel',
    'correo',
    'correo electronico',
  ].map(normalise),
);
/** Headers that name the signer. */
const NAME_HEADERS = new Set(
  [
    'name',
    'full name',
    'signer',
    'signer name',
    'recipient',
    'recipient name',
    'contact',
    'contact name',
    'nom',
    'nom complet',
    'nombre',
    'naam',
    'nome',
  ].map(normalise),
);
/** 'name' in these headers is not the signer's: a company's, a file's, a user's login, a part of a name. */
const OTHER_NAMES = /company|business|organi[sz]ation|file|user|first|last|sur|middle|given|family/;

/** How many of the first rows are looked at to find an e-mail column by its cells. */
const SAMPLE_ROWS = 20;

function firstColumn(header: readonly string[], isMatch: (cell: string, column: number) => boolean): number | null {
  const column = header.findIndex((cell, index) => isMatch(normalise(cell), index));
  return column < 0 ? null : column;
}

/** The column most of whose filled cells (at least half, of the first rows) hold an '@'. */
function columnOfAddresses(table: BulkCsvTable): number | null {
  const sample = table.rows.slice(0, SAMPLE_ROWS);
  let best: number | null = null;
  let bestCount = 0;
  for (let column = 0; column < table.header.length; column += 1) {
    const cells = sample.map((row) => (row[column] ?? '').trim()).filter((cell) => cell !== '');
    const count = cells.filter((cell) => cell.includes('@')).length;
    if (count > bestCount && count * 2 >= cells.length) {
      best = column;
      bestCount = count;
    }
  }
  return best;
}

/**
 * The name and e-mail columns a file most likely means, so most files need no choice: by the header's words first
 * ('Email', 'E-mail address', 'Name', 'Full name', ...; then any header with 'mail', or with 'name' that is not a
 * company's or a part of a name), the e-mail column else by its cells holding addresses. A column not found stays
 * null and the user chooses it (the spec: both must be chosen before sending).
 */
export function guessColumns(table: BulkCsvTable): ColumnChoice {
  const { header } = table;
  const emailColumn =
    firstColumn(header, (cell) => EMAIL_HEADERS.has(cell)) ??
    firstColumn(header, (cell) => cell.includes('mail')) ??
    columnOfAddresses(table);
  const nameColumn =
    firstColumn(header, (cell, column) => column !== emailColumn && NAME_HEADERS.has(cell)) ??
    firstColumn(header, (cell, column) => column !== emailColumn && cell.includes('name') && !OTHER_NAMES.test(cell));
  return { nameColumn, emailColumn };
}
