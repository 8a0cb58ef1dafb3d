import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';

/**
 * The backup's reads and the restore's writes (modules/backup): every table of the public schema, read whole in
 * one snapshot and written back in one transaction. Tables are found in the catalogue, not listed here, so a new
 * table is copied without a change; the columns that hold stored files' keys are listed in `FILE_KEY_COLUMNS`.
 */

export interface TableInfo {
  name: string;
  /** The columns written back (generated columns are made again by the database). */
  columns: string[];
  /** An identity column the database always fills (its values are kept: OVERRIDING SYSTEM VALUE). */
  hasIdentityAlways: boolean;
}

export interface SequenceValue {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

export interface MigrationLevel {
  count: number;
  /** The last applied migration's hash (drizzle's journal). */
  hash: string | null;
}

/** The columns that name a stored file (its key in `Storage`): a backup reports those it could not copy. */
export const FILE_KEY_COLUMNS: ReadonlyArray<readonly [table: string, column: string]> = [
  ['users', 'avatar_key'],
  ['company_settings', 'company_logo_key'],
  ['documents', 'pdf_file_key'],
  ['documents', 'result_pdf_file_key'],
  ['document_parts', 'original_file_key'],
  ['document_parts', 'pdf_file_key'],
  ['requisites', 'file_key'],
  ['field_attachments', 'file_key'],
  ['invoices', 'pdf_key'],
];

/**
 * Rows the migrations themselves insert (the deleted accounts' placeholder user, 0016): a new instance has them,
 * and so has every backup. A migration that inserts rows adds them here (the backup test restores into a new
 * instance, which fails otherwise).
 */
const SEEDED_ROWS: Record<string, string> = {
  users: `id = '00000000-0000-0000-0000-000000000000'`,
};

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

type Rows<T> = { rows: T[] };
async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

/** Runs `read` in one read-only REPEATABLE READ transaction: every statement sees the same snapshot. */
export function inSnapshot<T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => read(tx as unknown as Db), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

/** The public schema's tables, parents before children (a foreign key's target first; cycles kept in name order). */
export async function listTables(db: Db): Promise<TableInfo[]> {
  const columns = await rowsOf<{ table: string; column: string; generated: string; identity: string | null }>(
    db,
    sql`select c.table_name as "table", c.column_name as "column", c.is_generated as generated,
          c.identity_generation as identity
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        order by c.table_name, c.ordinal_position`,
  );
  const references = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent
        from pg_constraint c
        join pg_class child on child.oid = c.conrelid
        join pg_class parent on parent.oid = c.confrelid
        where c.contype = 'f' and c.connamespace = 'public'::regnamespace`,
  );
  const tables = new Map<string, TableInfo>();
  for (const row of columns) {
    const table = tables.get(row.table) ?? { name: row.table, columns: [], hasIdentityAlways: false };
    if (row.generated === 'NEVER') table.columns.push(row.column);
    if (row.identity === 'ALWAYS') table.hasIdentityAlways = true;
    tables.set(row.table, table);
  }
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of references) {
    if (child !== parent) parents.set(child, (parents.get(child) ?? new Set()).add(parent));
  }
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (name: string) => {
    if (placed.has(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const parent of [...(parents.get(name) ?? [])].sort()) place(parent);
    visiting.delete(name);
    placed.add(name);
    const table = tables.get(name);
    if (table) ordered.push(table);
  };
  for (const name of [...tables.keys()].sort()) place(name);
  return ordered;
}

export async function readMigrationLevel(db: Db): Promise<MigrationLevel> {
  const [row] = await rowsOf<{ count: number; hash: string | null }>(
    db,
    sql`select count(*)::int as count,
          (select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1) as hash
        from drizzle.__drizzle_migrations`,
  );
  return { count: row?.count ?? 0, hash: row?.hash ?? null };
}

export async function readSequences(db: Db): Promise<SequenceValue[]> {
  const names = await rowsOf<{ name: string }>(
    db,
    sql`select relname as name from pg_class where relkind = 'S' and relnamespace = 'public'::regnamespace
        order by relname`,
  );
  const values: SequenceValue[] = [];
  for (const { name } of names) {
    const [row] = await rowsOf<{ last_value: string; is_called: boolean }>(
      db,
      sql.raw(`select last_value::text as last_value, is_called from ${quote(name)}`),
    );
    if (row) values.push({ name, lastValue: row.last_value, isCalled: row.is_called });
  }
  return values;
}

/** A table's rows as JSON texts (PostgreSQL's own `row_to_json`), `batchRows` at a time through a cursor. */
export async function* readRows(db: Db, table: TableInfo, batchRows: number): AsyncGenerator<string[]> {
  const cursor = `backup_${table.name}`;
  await db.execute(
    sql.raw(
      `declare ${quote(cursor)} no scroll cursor for select row_to_json(t)::text as row from ${quote(table.name)} t`,
    ),
  );
  try {
    while (true) {
      const rows = await rowsOf<{ row: string }>(db, sql.raw(`fetch ${batchRows} from ${quote(cursor)}`));
      if (rows.length === 0) return;
      yield rows.map((row) => row.row);
    }
  } finally {
    await db.execute(sql.raw(`close ${quote(cursor)}`));
  }
}

/** Every file key the rows name, for the report of files the backup could not copy. */
export async function listReferencedFileKeys(db: Db): Promise<string[]> {
  const selects = FILE_KEY_COLUMNS.map(
    ([table, column]) => `select ${quote(column)} as key from ${quote(table)} where ${quote(column)} is not null`,
  );
  const rows = await rowsOf<{ key: string }>(db, sql.raw(selects.join(' union ')));
  return rows.map((row) => row.key);
}

/** The first table holding a row the migrations did not insert, or null when the instance is new. */
export async function findNonEmptyTable(db: Db, tables: TableInfo[]): Promise<string | null> {
  for (const table of tables) {
    const seeded = SEEDED_ROWS[table.name];
    const rows = await rowsOf(
      db,
      sql.raw(`select 1 from ${quote(table.name)} ${seeded ? `where not (${seeded})` : ''} limit 1`),
    );
    if (rows.length > 0) return table.name;
  }
  return null;
}

/**
 * Prepares a restore inside its transaction: the foreign keys checked at commit time (rows of tables that name
 * each other, users and teams, arrive in any order) and the tables' own triggers off (the list counters and
 * search columns come with the rows, so they must not be counted twice). `finishRestore` undoes both.
 */
export async function beginRestore(tx: Db, tables: TableInfo[]): Promise<{ constraints: ForeignKey[] }> {
  const constraints = await rowsOf<ForeignKey>(
    tx,
    sql`select t.relname as "table", c.conname as name
        from pg_constraint c join pg_class t on t.oid = c.conrelid
        where c.contype = 'f' and c.connamespace = 'public'::regnamespace and not c.condeferrable`,
  );
  for (const { table, name } of constraints) {
    await tx.execute(sql.raw(`alter table ${quote(table)} alter constraint ${quote(name)} deferrable`));
  }
  await tx.execute(sql`set constraints all deferred`);
  for (const table of tables) await tx.execute(sql.raw(`alter table ${quote(table.name)} disable trigger user`));
  // The backup holds the seeded rows too.
  for (const [table, seeded] of Object.entries(SEEDED_ROWS)) {
    await tx.execute(sql.raw(`delete from ${quote(table)} where ${seeded}`));
  }
  return { constraints };
}

export interface ForeignKey {
  table: string;
  name: string;
}

/** Inserts rows read by `readRows` (JSON texts), keeping every column's value as it was. */
export async function insertRows(tx: Db, table: TableInfo, rows: string[]): Promise<void> {
  const columns = table.columns.map(quote).join(', ');
  const overriding = table.hasIdentityAlways ? ' overriding system value' : '';
  await tx.execute(
    sql
      .raw(
        `insert into ${quote(table.name)} (${columns})${overriding}
       select ${columns} from json_populate_recordset(null::${quote(table.name)}, `,
      )
      .append(sql`${`[${rows.join(',')}]`}::json)`),
  );
}

/** Checks every foreign key now, turns the triggers back on and the keys back to immediate; sets the sequences. */
export async function finishRestore(
  tx: Db,
  tables: TableInfo[],
  constraints: ForeignKey[],
  sequences: SequenceValue[],
): Promise<void> {
  await tx.execute(sql`set constraints all immediate`);
  for (const table of tables) await tx.execute(sql.raw(`alter table ${quote(table.name)} enable trigger user`));
  for (const { table, name } of constraints) {
    await tx.execute(sql.raw(`alter table ${quote(table)} alter constraint ${quote(name)} not deferrable`));
  }
  for (const sequence of sequences) {
    await tx.execute(
      sql`select setval(${quote(sequence.name)}::regclass, ${sequence.lastValue}::bigint, ${sequence.isCalled})`,
    );
  }
}
