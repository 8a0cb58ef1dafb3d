// Benchmark of trusted time (issue 35): the seal of the 100-page, 300-field text PDF at PAdES B-LTA (signature
// timestamp, DSS with the chain and OCSP answers of the seal and of the authority, document timestamp) against a
// local RFC 3161 authority and OCSP responder (`openssl ts` / `openssl ocsp`, test/trust-peers.ts), beside the same
// seal at B-B, in the same run, in turns. The time spent waiting on the authority and the responder (the network
// round trips: on a real install they are the authority's, not ours) is measured apart and taken out of the B-LTA
// time before the ratio. Beside them, the fairest baseline for what trust costs: the bare library (`@libpdf/core`
// alone: load, sign, at B-B and at B-LTA with its own HTTP authority and revocation fetching, no stamps, no token
// check, no audit trail) on the same file in the same run, so the time trust adds to our seal is read beside the time
// it adds to the library's own. Run with `tsx bench/seal-lta.bench.ts` (part of `npm run bench`).
import { readFileSync } from 'node:fs';
import { HttpTimestampAuthority, PDF } from '@libpdf/core';
import { type SealInput, sealPdf } from '../src/platform/pdf/seal/seal-pdf.js';
import { createSigner } from '../src/platform/pdf/seal/signing-identity.js';
import { startTrustPeers } from '../test/trust-peers.js';
import { signaturePicture, textPdf } from './inputs.js';
import { recordTable } from './results.js';
import { benchFields } from './seal-job.js';

const RUNS = 5;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Time spent inside fetch (the round trips to the authority and the responder), summed while `measure` runs. */
let waitingMs = 0;
const realFetch = globalThis.fetch;
globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
  const start = performance.now();
  try {
    const response = await realFetch(...args);
    await response.clone().arrayBuffer();
    return response;
  } finally {
    waitingMs += performance.now() - start;
  }
};

async function main() {
  const peers = await startTrustPeers({ authorities: 1 });
  try {
    const original = await textPdf(100);
    const picture = await signaturePicture();
    const fields = benchFields(picture);
    const signer = await createSigner({
      p12: new Uint8Array(readFileSync(peers.signerP12)),
      password: peers.p12Password,
    });
    const input = (withTrust: boolean): SealInput => ({
      original,
      fields,
      certificate: { title: 'Bench', documentId: 'bench', completedAt: new Date(), signers: [] },
      signer,
      signingTime: new Date(),
      auditTrail: new TextEncoder().encode('{"events":[]}'),
      trust: withTrust ? { tsaUrls: [peers.authorities[0]?.url ?? ''] } : undefined,
    });
    const authorityUrl = peers.authorities[0]?.url ?? '';
    /** The bare library: load and sign, nothing else. */
    const bare = async (withTrust: boolean) => {
      const pdf = await PDF.load(original);
      await pdf.sign({
        signer,
        subFilter: 'ETSI.CAdES.detached',
        signingTime: new Date(),
        ...(withTrust
          ? {
              level: 'B-LTA' as const,
              timestampAuthority: new HttpTimestampAuthority(authorityUrl),
              estimatedSize: 32_768,
            }
          : { level: 'B-B' as const }),
      });
    };
    // Once each first: code paths and fonts warm, as in a running server.
    await sealPdf(input(false));
    const warm = await sealPdf(input(true));
    if (warm.level !== 'B-LTA') throw new Error(`expected B-LTA, got ${warm.level}`);
    await bare(false);
    await bare(true);

    const bb: number[] = [];
    const lta: number[] = [];
    const ltaLocal: number[] = [];
    const waits: number[] = [];
    const bareBb: number[] = [];
    const bareLtaLocal: number[] = [];
    let roundTrips = 0;
    for (let run = 0; run < RUNS; run++) {
      let start = performance.now();
      await sealPdf(input(false));
      bb.push(performance.now() - start);
      waitingMs = 0;
      start = performance.now();
      const sealed = await sealPdf(input(true));
      const total = performance.now() - start;
      lta.push(total);
      waits.push(waitingMs);
      ltaLocal.push(total - waitingMs);
      roundTrips = sealed.roundTrips;
      start = performance.now();
      await bare(false);
      bareBb.push(performance.now() - start);
      waitingMs = 0;
      start = performance.now();
      await bare(true);
      bareLtaLocal.push(performance.now() - start - waitingMs);
    }
    const ratio = median(ltaLocal) / median(bb);
    const bareRatio = median(bareLtaLocal) / median(bareBb);
    const addedOurs = median(ltaLocal) - median(bb);
    const addedBare = median(bareLtaLocal) - median(bareBb);
    const rows = [
      ['benchmark', 'measured', 'baseline', 'ratio', 'target', 'met'],
      [
        'seal 100-page text PDF, 300 fields, B-LTA without round trips, beside B-B',
        `${median(ltaLocal).toFixed(0)} ms`,
        `${median(bb).toFixed(0)} ms`,
        ratio.toFixed(2),
        '<= 1.3x',
        ratio <= 1.3 ? 'met' : 'NOT MET',
      ],
      ['  B-LTA including the round trips', `${median(lta).toFixed(0)} ms`, '-', '-', '-', '-'],
      [
        `  round trips to the local authority and responder: ${roundTrips} per seal`,
        `${median(waits).toFixed(0)} ms`,
        '-',
        '-',
        '-',
        '-',
      ],
      [
        'the bare library: B-LTA without round trips, beside its B-B',
        `${median(bareLtaLocal).toFixed(0)} ms`,
        `${median(bareBb).toFixed(0)} ms`,
        bareRatio.toFixed(2),
        '-',
        '-',
      ],
      [
        'time trust adds to our seal, beside what it adds to the bare library',
        `${addedOurs.toFixed(0)} ms`,
        `${addedBare.toFixed(0)} ms`,
        (addedOurs / addedBare).toFixed(2),
        '<= 1.3x',
        addedOurs / addedBare <= 1.3 ? 'met' : 'NOT MET',
      ],
    ];
    const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
    for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '));
    recordTable(rows);
  } finally {
    await peers.close();
  }
}

await main();
