import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { findNul } from './nul-guard.js';

describe('findNul', () => {
  it('names the path of the first string or key that holds U+0000, and passes streams and buffers by', () => {
    expect(findNul({ a: ['x', { b: 'y\u0000' }] })).toEqual(['a', '1', 'b']);
    expect(findNul({ values: { 'key\u0000': 'ok' } })).toEqual(['values', 'key\\u0000']);
    expect(findNul('\u0000')).toEqual([]);
    expect(findNul({ a: 'tab\tand\nlines', n: 1, b: true, c: null })).toBeNull();
    expect(findNul(Object.assign(Object.create(null), { q: '\u0000' }))).toEqual(['q']);
    expect(findNul(Readable.from(['\u0000']))).toBeNull();
    expect(findNul(Buffer.from([0]))).toBeNull();
  });
});
