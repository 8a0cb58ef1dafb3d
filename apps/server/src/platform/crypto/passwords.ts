import { type Algorithm, hash } from '@node-rs/argon2';

/** argon2id (the library's const enum value 2) with the library's defaults: 19 MiB, 2 passes. */
const ARGON2_OPTIONS = { algorithm: 2 as Algorithm.Argon2id };

/** The stored hash of a new password (sign-up, reset, the profile). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}
