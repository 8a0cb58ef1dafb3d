// `npm run bench`: builds the web app, runs the server's benchmarks, then the browser ones, and at the end prints
// every row they recorded as one table (apps/server/bench/results.ts: each benchmark appends its rows to the file
// named by BENCH_RESULTS, a fresh one here), grouped by benchmark, with a last line counting the targets met. The
// server's and the browser's benchmarks run even when the other's fail (the browser's not without the web app built);
// the table is printed even then, and the exit code is 1 if a step failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const results = join(mkdtempSync(join(tmpdir(), 'esign-bench-')), 'results.jsonl');

/** Runs `npm run <script> -w <workspace>` with BENCH_RESULTS set; whether it succeeded. */
function step(script, workspace) {
  const run = spawnSync('npm', ['run', script, '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BENCH_RESULTS: results },
  });
  return run.status === 0;
}

const failed = [];
const isBuilt = step('build', '@esign/web');
if (!isBuilt) failed.push('build -w @esign/web');
if (!step('bench', '@esign/server')) failed.push('bench -w @esign/server');
if (!isBuilt) failed.push('bench -w @esign/e2e (not run: no web app built)');
else if (!step('bench', '@esign/e2e')) failed.push('bench -w @esign/e2e');

/** A cell cut into lines of at most `width` characters, at spaces where it can be. */
function wrap(text, width) {
  const lines = [];
  let rest = text;
  while (rest.length > width) {
    const space = rest.lastIndexOf(' ', width);
    const cut = space > 0 ? space : width;
    lines.push(rest.slice(0, cut));
    rest = rest.slice(cut).trimStart();
  }
  lines.push(rest);
  return lines;
}

const rows = existsSync(results)
  ? readFileSync(results, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
  : [];
const columns = [
  { title: 'row', most: 64, of: (row) => row.row },
  { title: 'measured', most: 24, of: (row) => row.measured },
  { title: 'baseline', most: 32, of: (row) => row.baseline },
  { title: 'ratio', most: 8, of: (row) => (row.ratio === null ? '—' : row.ratio.toFixed(2)) },
  { title: 'target', most: 28, of: (row) => row.target },
  { title: 'met', most: 7, of: (row) => (row.met === null ? '' : row.met ? 'met' : 'NOT MET') },
];
const widths = columns.map((column) =>
  Math.min(column.most, Math.max(column.title.length, ...rows.map((row) => column.of(row).length))),
);
const print = (cells) => {
  const wrapped = cells.map((cell, index) => wrap(cell, widths[index]));
  const height = Math.max(...wrapped.map((lines) => lines.length));
  for (let line = 0; line < height; line++) {
    console.log(`  ${wrapped.map((lines, index) => (lines[line] ?? '').padEnd(widths[index])).join('  ')}`.trimEnd());
  }
};

// The benchmarks each workspace's `bench` script runs, in its order: one that recorded nothing is named too.
const listed = ['apps/server', 'e2e'].flatMap((folder) => {
  const { scripts } = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8'));
  return [...scripts.bench.matchAll(/bench\/([\w-]+)\.bench\.ts/g)].map((match) => match[1]);
});
const silent = listed.filter((bench) => !rows.some((row) => row.bench === bench));

console.log(`\nAll benchmarks (${results})\n`);
print(columns.map((column) => column.title));
for (const bench of new Set([...listed, ...rows.map((row) => row.bench)])) {
  console.log(bench);
  if (silent.includes(bench)) console.log('  (no rows: it failed or did not run)');
  for (const row of rows.filter((one) => one.bench === bench)) print(columns.map((column) => column.of(row)));
}
const met = rows.filter((row) => row.met === true).length;
const notMet = rows.filter((row) => row.met === false).length;
console.log(
  `\n${rows.length} rows: ${met} met, ${notMet} NOT MET, ${rows.length - met - notMet} without a target` +
    (silent.length ? `; ${silent.length} benchmarks without rows` : '') +
    (failed.length ? `; failed: ${failed.join(', ')}` : ''),
);
if (failed.length) process.exitCode = 1;
