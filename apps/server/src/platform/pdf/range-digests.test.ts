import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rangeDigests } from './range-digests.js';

const direct = (file: Buffer, parts: [number, number][]) => {
  const hash = createHash('sha256');
  for (const [start, end] of parts) hash.update(file.subarray(start, end));
  return hash.digest('hex');
};

describe('rangeDigests', () => {
  it('gives each request the digest of its own bytes, whatever their order', () => {
    const file = randomBytes(100_000);
    const requests = [
      { prefixEnd: 90_000, tail: { start: 91_000, end: 100_000 } },
      { prefixEnd: 100_000 },
      { prefixEnd: 10_000, tail: { start: 12_000, end: 40_000 } },
      { prefixEnd: 40_000 },
      { prefixEnd: 10_000 },
      { prefixEnd: 0, tail: { start: 5, end: 6 } },
    ];
    const digests = rangeDigests(file, 'sha256', requests).map((digest) => digest.toString('hex'));
    expect(digests).toEqual([
      direct(file, [
        [0, 90_000],
        [91_000, 100_000],
      ]),
      direct(file, [[0, 100_000]]),
      direct(file, [
        [0, 10_000],
        [12_000, 40_000],
      ]),
      direct(file, [[0, 40_000]]),
      direct(file, [[0, 10_000]]),
      direct(file, [[5, 6]]),
    ]);
  });
});
