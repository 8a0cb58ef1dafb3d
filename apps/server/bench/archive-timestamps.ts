/**
 * For the verify page's benchmark (e2e/bench/verify.bench.ts): adds `count` archive timestamps to a sealed PDF, as
 * the archive job does after an outage and at each renewal (each one more incremental update with the validation
 * data of what is already in the file and a fresh document timestamp), against a local authority and responder
 * (test/trust-peers.ts). The result is B-LTA with `count` document timestamps.
 * Usage: tsx bench/archive-timestamps.ts <sealed.pdf> <out.pdf> [count]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { addArchiveTimestamp } from '../src/platform/pdf/seal/seal-pdf.js';
import { startTrustPeers } from '../test/trust-peers.js';

const [input, output, countText = '3'] = process.argv.slice(2);
if (!input || !output) throw new Error('usage: tsx bench/archive-timestamps.ts <sealed.pdf> <out.pdf> [count]');
const peers = await startTrustPeers({ authorities: 1 });
try {
  let bytes = new Uint8Array(readFileSync(input));
  for (let n = 0; n < Number(countText); n++) {
    const stamped = await addArchiveTimestamp(bytes, { tsaUrls: [peers.authorities[0]?.url ?? ''] });
    if (stamped.level !== 'B-LTA') throw new Error(`expected B-LTA, got ${stamped.level}`);
    bytes = new Uint8Array(stamped.bytes);
  }
  writeFileSync(output, bytes);
} finally {
  await peers.close();
}
