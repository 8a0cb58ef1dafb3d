import { describe, expect, it } from 'vitest';
import { cachedSigningLink, cacheSigningLink, forgetSigningLinks } from './signing-link-cache';

/** sessionStorage's shape over a Map (the unit tests run in Node). */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    key: (index: number) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
}

describe('signing link cache', () => {
  it('keeps one link per signer of a document', () => {
    const storage = memoryStorage();
    cacheSigningLink(storage, 'doc-1', 'ann', 'https://example.com/a');
    cacheSigningLink(storage, 'doc-1', 'ben', 'https://example.com/b');
    expect(cachedSigningLink(storage, 'doc-1', 'ann')).toBe('https://example.com/a');
    expect(cachedSigningLink(storage, 'doc-1', 'ben')).toBe('https://example.com/b');
    expect(cachedSigningLink(storage, 'doc-2', 'ann')).toBeNull();
  });

  it("forgets every link of a reverted document and keeps the others' links", () => {
    const storage = memoryStorage();
    cacheSigningLink(storage, 'doc-1', 'ann', 'https://example.com/a');
    cacheSigningLink(storage, 'doc-1', 'ben', 'https://example.com/b');
    cacheSigningLink(storage, 'doc-10', 'ann', 'https://example.com/c');
    storage.setItem('esign.accessToken', 'token');
    forgetSigningLinks(storage, 'doc-1');
    expect(cachedSigningLink(storage, 'doc-1', 'ann')).toBeNull();
    expect(cachedSigningLink(storage, 'doc-1', 'ben')).toBeNull();
    expect(cachedSigningLink(storage, 'doc-10', 'ann')).toBe('https://example.com/c');
    expect(storage.getItem('esign.accessToken')).toBe('token');
  });
});
