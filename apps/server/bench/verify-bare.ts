/**
 * The bare signature check of a PDF, for the verify page's benchmark (e2e/bench/verify.bench.ts): what POST /verify
 * does to a file's bytes (its SHA-256, each signature's CMS verified by PKI.js over its byte ranges), in a script
 * with no server, page or upload. Prints the median of `runs` checks, in milliseconds, as JSON.
 * Usage: tsx bench/verify-bare.ts <file.pdf> [runs]
 */
import { readFileSync } from 'node:fs';
import { findPdfSignatures } from '../src/platform/pdf/pdf-signatures.js';
import { sha256Hex } from '../src/platform/pdf/seal/seal-pdf.js';

const [path, runsText = '5'] = process.argv.slice(2);
if (!path) throw new Error('usage: tsx bench/verify-bare.ts <file.pdf> [runs]');
const pdf = readFileSync(path);
const times: number[] = [];
let valid = 0;
for (let run = 0; run < Number(runsText); run++) {
  const started = performance.now();
  sha256Hex(pdf);
  const signatures = await findPdfSignatures(pdf);
  times.push(performance.now() - started);
  valid = signatures.filter((signature) => signature.isValid).length;
}
times.sort((a, b) => a - b);
console.log(JSON.stringify({ medianMs: times[Math.floor(times.length / 2)], validSignatures: valid }));
