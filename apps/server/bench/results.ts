// The rows of the table `npm run bench` prints at its end (scripts/bench.mjs). Each benchmark prints its own lines
// and, beside them, records each row here (recordResult, or recordTable for a table it prints): one JSON line
// appended to the file named by BENCH_RESULTS, which that script sets. Without it (a benchmark run alone) nothing is
// written. The browser benchmarks (e2e/bench) import this file too.
import { appendFileSync } from 'node:fs';
import { basename } from 'node:path';

export interface BenchResult {
  /** The benchmark: by default the file run, `expiry` for bench/expiry.bench.ts. */
  bench: string;
  row: string;
  /** The figures as printed, with their unit ("412 ms", "38.2 KB"). */
  measured: string;
  baseline: string;
  ratio: number | null;
  target: string;
  /** null: a figure shown for understanding, without a target of its own. */
  met: boolean | null;
}

const NONE = '—';
/** A blank cell, or one printed as "-", as NONE. */
const orNone = (cell: string | undefined) => (cell?.trim() && cell.trim() !== '-' ? cell.trim() : NONE);

export function recordResult(
  result: Pick<BenchResult, 'row' | 'measured'> & Partial<Omit<BenchResult, 'row' | 'measured'>>,
): void {
  const file = process.env.BENCH_RESULTS;
  if (!file) return;
  const line: BenchResult = {
    bench: result.bench ?? basename(process.argv[1] ?? '', '.bench.ts'),
    row: result.row,
    measured: orNone(result.measured),
    baseline: orNone(result.baseline),
    ratio: result.ratio === undefined || !Number.isFinite(result.ratio) ? null : result.ratio,
    target: orNone(result.target),
    met: result.met ?? null,
  };
  appendFileSync(file, `${JSON.stringify(line)}\n`);
}

/**
 * Records the rows of a table a benchmark prints, its first row the header. A header with "ratio" fourth is read as
 * row, measured, baseline, ratio, target, met (more columns ignored); in another, each column is found by the first
 * word of its title, one not there left blank. A first title other than "benchmark" (`GET documents, 10,000`) goes
 * before each row's name. A met cell of "yes" or "met" is met, "NO" or "NOT MET" not, anything else (a figure without
 * a target) neither.
 */
export function recordTable(rows: string[][]): void {
  const header = rows[0] ?? [];
  const titles = ['row', 'measured', 'baseline', 'ratio', 'target', 'met'];
  const columns = titles.map((title, index) =>
    index === 0 || header[3] === 'ratio' ? index : header.findIndex((cell) => cell.startsWith(title)),
  );
  const group = header[0] && header[0] !== 'benchmark' ? `${header[0]}: ` : '';
  for (const line of rows.slice(1)) {
    const [, measured, baseline, ratio, target, met] = columns.map((column) => orNone(line[column]));
    recordResult({
      // Untrimmed at its start: an indented row is part of the one above.
      row: `${group}${(line[0] ?? '').trimEnd()}`,
      measured: measured ?? NONE,
      baseline,
      ratio: ratio === NONE ? null : Number.parseFloat(ratio ?? ''),
      target,
      met: met === 'yes' || met === 'met' ? true : met === 'NO' || met === 'NOT MET' ? false : null,
    });
  }
}
