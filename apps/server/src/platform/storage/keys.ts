import { randomUUID } from 'node:crypto';
import { AppError } from '../errors.js';

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/**
 * Refuses any key that could leave the storage root: `..` segments, absolute paths, backslashes,
 * and percent-encoded forms of them (decoded repeatedly until stable).
 */
export function assertSafeKey(key: string): string {
  let decoded = key;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      throw invalidKey();
    }
    if (next === decoded) break;
    decoded = next;
  }
  if (decoded !== key || key.length > 512 || !SAFE_KEY.test(key) || key.split('/').some((part) => part === '..')) {
    throw invalidKey();
  }
  return key;
}

function invalidKey() {
  return new AppError('VALIDATION_ERROR', 'Invalid file key');
}

/** A file name reduced to safe characters, keeping its extension, for the tail of a key. */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '_')
    .replace(/^[._-]+/, '')
    .replace(/_{2,}/g, '_')
    .slice(-80);
  return cleaned || 'file';
}

/** A new key under `prefix`: a random id and the safe name. Never built from raw user input. */
export function newFileKey(prefix: string, fileName: string): string {
  return assertSafeKey(`${prefix}/${randomUUID()}/${safeFileName(fileName)}`);
}
