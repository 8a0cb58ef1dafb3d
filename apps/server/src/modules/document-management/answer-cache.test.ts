import { describe, expect, it } from 'vitest';
import { ListAnswerCache } from './answer-cache.js';

describe('ListAnswerCache', () => {
  it('keys answers by owner, version and query', () => {
    const key = ListAnswerCache.key('u1', 3, { page: 1 });
    expect(key).not.toBe(ListAnswerCache.key('u1', 4, { page: 1 }));
    expect(key).not.toBe(ListAnswerCache.key('u2', 3, { page: 1 }));
    expect(key).not.toBe(ListAnswerCache.key('u1', 3, { page: 2 }));
  });

  it('keeps answers within its budget, the least recently used out first', () => {
    const cache = new ListAnswerCache(10);
    cache.set('a', 'aaaa');
    cache.set('b', 'bbbb');
    expect(cache.get('a')).toBe('aaaa');
    cache.set('c', 'cccc');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('aaaa');
    expect(cache.get('c')).toBe('cccc');
  });

  it('keeps nothing larger than its budget, and nothing at all with a budget of 0', () => {
    const cache = new ListAnswerCache(3);
    cache.set('a', 'aaaa');
    expect(cache.get('a')).toBeUndefined();
    const off = new ListAnswerCache(0);
    off.set('b', '');
    off.set('c', 'c');
    expect(off.get('c')).toBeUndefined();
  });
});
