/**
 * Copied signing links, cached per signer for the browser session (spec section 4). Edit & Resend revokes every
 * link of the document, so its cached links are forgotten then; otherwise the next copy would hand out a dead link.
 */
const PREFIX = 'esign.signingUrl.';
const keyOf = (documentId: string, signerId: string) => `${PREFIX}${documentId}.${signerId}`;

type LinkStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export function cachedSigningLink(storage: LinkStorage, documentId: string, signerId: string): string | null {
  return storage.getItem(keyOf(documentId, signerId));
}

export function cacheSigningLink(storage: LinkStorage, documentId: string, signerId: string, url: string): void {
  storage.setItem(keyOf(documentId, signerId), url);
}

/** Forgets every cached link of one document (each of its signers). */
export function forgetSigningLinks(storage: LinkStorage, documentId: string): void {
  const prefix = `${PREFIX}${documentId}.`;
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}
