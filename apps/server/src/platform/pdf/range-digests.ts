import { createHash, type Hash } from 'node:crypto';

/**
 * Bytes of a file to digest: a prefix `[0, prefixEnd)`, then optionally one more range `[tailStart, tailEnd)` (a
 * signature's /ByteRange is the prefix up to its /Contents and the rest of its revision after it).
 */
export interface DigestRequest {
  prefixEnd: number;
  tail?: { start: number; end: number };
}

/**
 * The digests of many requests over one file in a single pass: every request starts at byte 0, so one running hash
 * walks the file once and is copied (`Hash.copy`) where each prefix ends, and only the short tails are hashed apart.
 * A file with a seal and three archive timestamps is hashed about once, not eight times (the whole file, each
 * signature's ranges, each signed part) with a copy of the file for each. `algorithm` is Node's name (`sha256`).
 */
export function rangeDigests(file: Uint8Array, algorithm: string, requests: DigestRequest[]): Buffer[] {
  const order = requests
    .map((request, index) => ({ request, index }))
    .sort((a, b) => a.request.prefixEnd - b.request.prefixEnd);
  const results: Buffer[] = new Array(requests.length);
  const running: Hash = createHash(algorithm);
  let at = 0;
  for (const { request, index } of order) {
    if (request.prefixEnd > at) {
      running.update(file.subarray(at, request.prefixEnd));
      at = request.prefixEnd;
    }
    if (!request.tail) {
      results[index] = running.copy().digest();
      continue;
    }
    const own = running.copy();
    own.update(file.subarray(request.tail.start, request.tail.end));
    results[index] = own.digest();
  }
  return results;
}
