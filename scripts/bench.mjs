// `npm run bench`: builds the app, runs the server's benchmarks one by one, then the browser ones, and at the end prints
// every row they recorded as one table (apps/server/bench/results.ts: each benchmark appends its rows to the file
// named by BENCH_RESULTS, a fresh one here), grouped by benchmark, with a last line counting the targets met. Every
// benchmark runs even when another failed; the table is printed even then, and the exit code is 1 if one failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const results = join(mkdtempSync(join(tmpdir(), 'esign-bench-')), 'results.jsonl');

/** Runs `command args` in `cwd` with BENCH_RESULTS set; whether it succeeded. */
function run(command, args, cwd) {
  const done = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, BENCH_RESULTS: results } });
  return done.status === 0;
}

/** The benchmark files a workspace's `bench` script names, in its order. */
function benchesOf(folder) {
  const { scripts } = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8'));
  return [...scripts.bench.matchAll(/bench\/([\w-]+)\.bench\.ts/g)].map((match) => match[1]);
}

// Each benchmark runs on its own, so one that fails does not keep the others from running.
const failed = [];
const isBuilt = run('npm', ['run', 'build'], root);
if (!isBuilt) failed.push('npm run build');
for (const folder of ['apps/server', 'e2e']) {
  for (const bench of benchesOf(folder)) {
    // The browser's benchmarks need the web app built; the server's need the server built.
    if (!isBuilt) failed.push(`${bench} (not run: not built)`);
    else if (!run('npx', ['tsx', `bench/${bench}.bench.ts`], join(root, folder))) failed.push(bench);
  }
}

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
const listed = ['apps/server', 'e2e'].flatMap(benchesOf);
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
