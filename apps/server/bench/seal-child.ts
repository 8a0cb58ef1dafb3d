// One seal in a fresh process, for the seal benchmark's memory figures: the whole seal job or the bare script,
// once, then its memory on stdout as JSON. A process of its own per run, so no other run's heap (nor the
// parent's inputs) counts. seal.bench.ts bundles this file and runs it with plain node, as the server runs
// (tsx alone would add tens of MB of source maps). Arguments: job|bare <pdf> <picture> <dataDir>; needs
// --expose-gc.
import { readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createSigner, loadSigningIdentity } from '../src/platform/pdf/seal/signing-identity.js';
import { bareSeal, benchFields, openSealJob } from './seal-job.js';

export interface ChildMemory {
  /** Resident memory just before the seal starts: code loaded, signer made, database open and its rows written. */
  readyMb: number;
  /** The highest resident memory from then until the seal ended (VmHWM, reset when ready). */
  peakMb: number;
}

const [mode, pdfPath, picturePath, dataDir] = process.argv.slice(2);
if ((mode !== 'job' && mode !== 'bare') || !pdfPath || !picturePath || !dataDir) {
  throw new Error('arguments: job|bare <pdf> <picture> <dataDir>');
}

const kbFromStatus = (name: string) =>
  Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? Number.NaN);

/** Collects what setup left behind and resets the peak (Linux: 5 in clear_refs), so the peak is the seal's own. */
function ready(): number {
  globalThis.gc?.();
  writeFileSync('/proc/self/clear_refs', '5');
  return kbFromStatus('VmRSS') / 1024;
}

const picture = new Uint8Array(await readFile(picturePath));
// The signing identity the parent made in dataDir (making one takes seconds of CPU and is not part of a seal).
const signer = await createSigner(loadSigningIdentity({ dataDir }));
let readyMb: number;
if (mode === 'job') {
  const job = await openSealJob({ dataDir, originalPath: pdfPath, picture, signer });
  readyMb = ready();
  await job.seal();
  const peakMb = kbFromStatus('VmHWM') / 1024;
  await job.close();
  report(peakMb);
} else {
  const fields = benchFields(picture);
  readyMb = ready();
  // The bare script reads the file itself, as the job reads it from storage.
  await bareSeal(new Uint8Array(await readFile(pdfPath)), fields, picture, signer);
  report(kbFromStatus('VmHWM') / 1024);
}

function report(peakMb: number) {
  const result: ChildMemory = { readyMb, peakMb };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
