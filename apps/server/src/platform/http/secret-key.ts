import { createHash, timingSafeEqual } from 'node:crypto';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Whether `presented` is `key` (an operator's or the outbox's key), compared in constant time. */
export function isSecretKey(presented: string | undefined, key: string): boolean {
  return presented !== undefined && timingSafeEqual(digest(presented), digest(key));
}
