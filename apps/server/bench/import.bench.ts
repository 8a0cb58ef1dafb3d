// Benchmark of cloud import (issue 24). Run with `npm run bench` (or `npm run build && tsx bench/import.bench.ts`).
// A 30 MB scanned PDF is imported from the local Google Drive peer (test/cloud-peer.ts, streaming it from disk) into
// a new draft until the document is converted (`isFinished`), beside uploading the same bytes through file_upload
// to a new draft until converted, runs in turn in the same run (target: import at most 1.2x the upload). The
// server's resident memory is sampled every 20 ms during each import request (the stream from the service to
// storage) and set beside its idle RSS (target: at most 50 MB above idle: streamed, never held whole), with the
// upload request's beside it. BENCH_PORT pins the server's port (the peer takes the next one).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCloudPeer } from '../test/cloud-peer.js';
import { scannedPdf } from './inputs.js';
import { recordTable } from './results.js';
import { loggedInUser, ServerProcess } from './server-process.js';

const RUNS = Number(process.env.BENCH_RUNS) || 5;
const POLL_MS = 5;
const TARGET_RATIO = 1.2;
const TARGET_MEMORY_MB = 50;
const rows: string[][] = [['benchmark', 'measured', 'baseline', 'ratio', 'target', 'met']];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main() {
  const pdf = await scannedPdf(60, 30 * 1024 * 1024);
  const folder = mkdtempSync(join(tmpdir(), 'esign-import-bench-'));
  const pdfPath = join(folder, 'contract.pdf');
  writeFileSync(pdfPath, pdf);
  console.log(`input: scanned PDF ${(pdf.length / 1e6).toFixed(1)} MB, 60 pages`);

  const port = Number(process.env.BENCH_PORT) || 4300 + Math.floor(Math.random() * 500);
  const peer = await startCloudPeer(port + 1);
  peer.addFile('alice', 'google', {
    id: 'contract',
    name: 'contract.pdf',
    content: { path: pdfPath, size: pdf.length },
  });
  const server = new ServerProcess(port, peer.env());
  // The first start creates the embedded database once (initdb); measure a server as it usually runs.
  await server.start();
  await server.stop(false);
  await server.start();
  try {
    const token = await loggedInUser(server.baseUrl);
    const headers = { authorization: `Bearer ${token}` };
    const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${server.baseUrl}/api/v1${path}`, {
        method,
        headers: {
          ...headers,
          ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: body instanceof FormData ? body : JSON.stringify(body) } : {}),
        redirect: 'manual',
      });
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as T;
    };

    // Connect Google Drive through the peer's authorisation, as the popup does (with the starting browser's cookie).
    const started = await fetch(`${server.baseUrl}/api/v1/integrations/auth_url?type=google_drive`, { headers });
    const { url } = (await started.json()) as { url: string };
    const cookie = started.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const consent = await fetch(`${url}&decision=allow&account=alice`, { redirect: 'manual' });
    const back = await fetch(String(consent.headers.get('location')), { redirect: 'manual', headers: { cookie } });
    if (!String(back.headers.get('location')).includes('status=success')) throw new Error('connecting failed');

    /** Adds the file to a new draft by `add`, then polls until converted; the request's time and peak memory too. */
    const untilConverted = async (add: (documentId: string) => Promise<unknown>) => {
      const { id } = await api<{ id: string }>('POST', '/documents', { type: 'me_and_other' });
      const start = performance.now();
      server.peakRssMb = 0;
      await add(id);
      const requestMs = performance.now() - start;
      const requestPeakMb = server.peakRssMb;
      for (;;) {
        const data = await api<{ isFinished: boolean; parts: { errorText: string | null }[] }>(
          'GET',
          `/documents/${id}/convertion_data`,
        );
        if (data.isFinished) {
          if (data.parts[0]?.errorText) throw new Error(data.parts[0].errorText);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      const ms = performance.now() - start;
      // Let the conversion's memory settle before the next run's request is sampled.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return { ms, requestMs, requestPeakMb };
    };
    const importFile = (id: string) =>
      api('POST', `/documents/${id}/file_import`, { type: 'google_drive', fileId: 'contract' });
    const uploadFile = (id: string) => {
      const form = new FormData();
      form.append('upload', new Blob([pdf]), 'contract.pdf');
      return api('POST', `/documents/${id}/file_upload`, form);
    };

    // Warm both paths once, as a running server would be.
    await untilConverted(importFile);
    await untilConverted(uploadFile);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idleRssMb = server.rssMb();

    type Run = Awaited<ReturnType<typeof untilConverted>>;
    const imports: Run[] = [];
    const uploads: Run[] = [];
    for (let run = 0; run < RUNS; run++) {
      imports.push(await untilConverted(importFile));
      uploads.push(await untilConverted(uploadFile));
      if (process.env.BENCH_VERBOSE) console.log(run, imports.at(-1), uploads.at(-1));
    }
    const importMs = median(imports.map((run) => run.ms));
    const uploadMs = median(uploads.map((run) => run.ms));
    rows.push([
      '30 MB PDF imported from the Google Drive peer, to converted',
      `${importMs.toFixed(0)} ms`,
      `${uploadMs.toFixed(0)} ms (file_upload)`,
      (importMs / uploadMs).toFixed(2),
      `<= ${TARGET_RATIO}x`,
      importMs <= TARGET_RATIO * uploadMs ? 'yes' : 'NO',
    ]);
    const importRequestMs = median(imports.map((run) => run.requestMs));
    const uploadRequestMs = median(uploads.map((run) => run.requestMs));
    rows.push([
      '  of which the import request alone (beside the upload request)',
      `${importRequestMs.toFixed(0)} ms`,
      `${uploadRequestMs.toFixed(0)} ms`,
      (importRequestMs / uploadRequestMs).toFixed(2),
      '-',
      '-',
    ]);
    const importPeak = Math.max(...imports.map((run) => run.requestPeakMb));
    const uploadPeak = Math.max(...uploads.map((run) => run.requestPeakMb));
    rows.push([
      'server memory (RSS) during the import requests, above idle',
      `${(importPeak - idleRssMb).toFixed(0)} MB`,
      `${idleRssMb.toFixed(0)} MB idle`,
      '-',
      `<= ${TARGET_MEMORY_MB} MB`,
      importPeak - idleRssMb <= TARGET_MEMORY_MB ? 'yes' : 'NO',
    ]);
    rows.push([
      '  the same during the file_upload requests',
      `${(uploadPeak - idleRssMb).toFixed(0)} MB`,
      `${idleRssMb.toFixed(0)} MB idle`,
      '-',
      '-',
      '-',
    ]);
  } finally {
    await server.stop();
    await peer.stop();
    rmSync(folder, { recursive: true, force: true });
  }
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '));
  recordTable(rows);
}

await main();
