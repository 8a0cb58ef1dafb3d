// Benchmarks of the seal (issue 5): the whole seal job (read the rows and the original from storage, stamp 300
// fields, append the certificate, sign, store the sealed PDF, record `complete`) on a 100-page text PDF and on a
// 15 MB scanned 100-page PDF, beside a bare script with the same library that loads, stamps the same 300 fields
// (standard font, no page frames or fallback fonts), saves and signs. Then the memory of one seal, each in a
// fresh process (seal-child.ts), beside the bare script's measured the same way. And (issue 37) the seal of 300
// fields of every kind with three attached files of about 5 MB, beside today's 300-field seal plus what the attached
// bytes cost on their own. Run with `npm run bench` (or `npm run build && tsx bench/seal.bench.ts`).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { serverRoot } from '../src/platform/paths.js';
import { createSigner, loadSigningIdentity } from '../src/platform/pdf/seal/signing-identity.js';
import { attachmentFiles, scannedPdf, signaturePicture, textPdf } from './inputs.js';
import { recordTable } from './results.js';
import type { ChildMemory } from './seal-child.js';
import { bareSeal, benchFields, openSealJob, type SealJob } from './seal-job.js';

const rows: string[][] = [['benchmark', 'measured', 'baseline', 'ratio', 'target', 'met']];

function report(name: string, measured: number, baseline: number, unit: string, target: string, isMet: boolean) {
  rows.push([
    name,
    `${measured.toFixed(0)} ${unit}`,
    `${baseline.toFixed(0)} ${unit}`,
    (measured / baseline).toFixed(2),
    target,
    isMet ? 'met' : 'NOT MET',
  ]);
}

/** A figure shown for understanding, beside its baseline, without a target of its own. */
function info(name: string, measured: number, baseline: number, unit: string) {
  rows.push([
    name,
    `${measured.toFixed(0)} ${unit}`,
    `${baseline.toFixed(0)} ${unit}`,
    (measured / baseline).toFixed(2),
    '-',
    '-',
  ]);
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function timedMs(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/** A figure that is part of a baseline above it, shown alone. */
function part(name: string, measured: number, unit: string) {
  rows.push([name, `${measured.toFixed(0)} ${unit}`, '-', '-', '-', '-']);
}

/**
 * Median times of each step, run in turns (first, second, ..., first, ...) so that the load of other processes on
 * this machine falls on all alike. A step's `reset` runs before it and is not timed.
 */
async function interleavedMediansMs(
  runs: number,
  steps: { run: () => Promise<unknown>; reset?: () => Promise<unknown> }[],
): Promise<number[]> {
  const times = steps.map((): number[] => []);
  for (let i = 0; i < runs; i++) {
    for (const [index, step] of steps.entries()) {
      await step.reset?.();
      times[index]?.push(await timedMs(step.run));
    }
  }
  return times.map(median);
}

/**
 * What the attached files' bytes cost on their own: the least any seal that embeds them spends on them. It reads
 * them from storage, copies them into the output file, hashes them twice (the signature's digest covers the whole
 * file, and the `complete` activity records the sealed file's SHA-256) and stores them. Their SHA-256 on the
 * certificate is the upload's, not hashed again. No compression: PDF, PNG and JPEG are compressed already, and
 * deflating them again gains nothing.
 */
async function attachedBytesOnTheirOwn(job: SealJob): Promise<void> {
  const files = await Promise.all(job.attachmentKeys.map((key) => job.storage.getBuffer(key)));
  const output = Buffer.concat(files);
  for (let pass = 0; pass < 2; pass++) createHash('sha256').update(output).digest();
  await job.storage.put('bench/attached-bytes.pdf', output, 'application/pdf');
}

/** seal-child.ts bundled like the server (build.mjs), so it runs on plain node as the server does. */
async function buildChild(): Promise<string> {
  const pkg = JSON.parse(readFileSync(join(serverRoot, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const outfile = join(serverRoot, 'dist/bench/seal-child.mjs');
  await build({
    entryPoints: [join(serverRoot, 'bench/seal-child.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: Object.keys(pkg.dependencies ?? {}),
    logLevel: 'warning',
  });
  return outfile;
}

function runChild(script: string, args: string[]): Promise<ChildMemory> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve(JSON.parse(out) as ChildMemory);
      else reject(new Error(`seal-child ${args[0]} exited with ${code}`));
    });
  });
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'esign-seal-bench-'));
  try {
    const inputs = { text: await textPdf(100), scan: await scannedPdf(100, 15 * 1024 * 1024) };
    const picture = await signaturePicture();
    mkdirSync(join(dataDir, 'inputs'));
    const path = (name: string) => join(dataDir, 'inputs', name);
    writeFileSync(path('text.pdf'), inputs.text);
    writeFileSync(path('scan.pdf'), inputs.scan);
    writeFileSync(path('picture.png'), picture);
    // Made once here (seconds of CPU); the children load it from dataDir.
    const signer = await createSigner(loadSigningIdentity({ dataDir }));
    const fields = benchFields(picture);
    const inputMb = { text: inputs.text.length / 2 ** 20, scan: inputs.scan.length / 2 ** 20 };
    console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}`);
    console.log(`inputs: text PDF ${inputMb.text.toFixed(1)} MB, scanned PDF ${inputMb.scan.toFixed(1)} MB`);

    const cases = [
      { name: 'text' as const, label: '100-page text PDF, 300 fields', runs: 7 },
      { name: 'scan' as const, label: '15 MB scanned 100-page PDF, 300 fields', runs: 7 },
    ];
    for (const { name, label, runs } of cases) {
      const job = await openSealJob({ dataDir, originalPath: path(`${name}.pdf`), picture, signer });
      try {
        const bare = () => bareSeal(inputs[name], fields, picture, signer);
        // Once each first: code paths and font files warm, as in a running server.
        await job.reset();
        await job.seal();
        await bare();
        const [jobMs = 0, bareMs = 0] = await interleavedMediansMs(runs, [
          { run: job.seal, reset: job.reset },
          { run: bare },
        ]);
        report(`seal ${label}, whole job`, jobMs, bareMs, 'ms', '<= 2x bare script', jobMs <= 2 * bareMs);
      } finally {
        await job.close();
      }
    }

    // Issue 37: 300 fields of every kind, three of them attachments of about 5 MB each, on the same text PDF, beside
    // the 300-field seal of the plain kinds plus the attached bytes on their own. The mixed job has a database and
    // storage of its own (one PGlite per directory).
    const attached = await attachmentFiles();
    for (const file of attached) writeFileSync(path(file.name), file.bytes);
    const attachedMb = attached.reduce((sum, file) => sum + file.bytes.length, 0) / 2 ** 20;
    const plain = await openSealJob({ dataDir, originalPath: path('text.pdf'), picture, signer });
    const mixed = await openSealJob({
      dataDir: join(dataDir, 'mixed'),
      originalPath: path('text.pdf'),
      picture,
      signer,
      attachments: attached.map((file) => path(file.name)),
    });
    try {
      for (const job of [plain, mixed]) {
        await job.reset();
        await job.seal();
      }
      await attachedBytesOnTheirOwn(mixed);
      const [mixedMs = 0, plainMs = 0, bytesMs = 0] = await interleavedMediansMs(7, [
        { run: mixed.seal, reset: mixed.reset },
        { run: plain.seal, reset: plain.reset },
        { run: () => attachedBytesOnTheirOwn(mixed) },
      ]);
      const baselineMs = plainMs + bytesMs;
      report(
        `seal 300 fields of every kind + ${attached.length} attachments (${attachedMb.toFixed(1)} MB), whole job`,
        mixedMs,
        baselineMs,
        'ms',
        '<= 1.5x 300-field seal + attached bytes',
        mixedMs <= 1.5 * baselineMs,
      );
      part('  baseline: 300-field seal (plain kinds, same PDF), whole job', plainMs, 'ms');
      part('  baseline: attached bytes on their own (read, copy, hash twice, store)', bytesMs, 'ms');
    } finally {
      await plain.close();
      await mixed.close();
    }

    const child = await buildChild();
    for (const { name, label } of cases) {
      const args = [path(`${name}.pdf`), path('picture.png'), dataDir];
      const job = await runChild(child, ['job', ...args]);
      const bare = await runChild(child, ['bare', ...args]);
      const jobMb = job.peakMb - job.readyMb;
      const bareMb = bare.peakMb - bare.readyMb;
      const limitMb = name === 'text' ? 200 : 3 * inputMb.scan + 100;
      const target = name === 'text' ? '< 200 MB' : `< 3x input + 100 MB = ${limitMb.toFixed(0)} MB`;
      report(`seal ${label}, memory of the job (peak RSS - RSS before)`, jobMb, bareMb, 'MB', target, jobMb < limitMb);
      info(
        `  peak RSS of the process (before: ${job.readyMb.toFixed(0)} / ${bare.readyMb.toFixed(0)} MB)`,
        job.peakMb,
        bare.peakMb,
        'MB',
      );
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '));
  recordTable(rows);
}

await main();
