import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app does it: SHA-1, six digits, 30-second steps. */
const PERIOD_SECONDS = 30;
/** A code of the step before or after the current one is accepted too (clock drift, typing time). */
const WINDOW = 1;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, account = '') {
  return new TOTP({
    issuer: 'eSign',
    label: account,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The otpauth:// URI an authenticator app reads from the QR image. */
export function totpUri(secret: string, account: string): string {
  return totp(secret, account).toString();
}

/**
 * The time step of a right code, or null. A code is accepted once: its step must come after the last accepted
 * one (`lastStep`), so replaying a code, or an older one of the window, within its window fails.
 */
export function acceptTotp(params: {
  secret: string;
  code: string;
  now: Date;
  lastStep: number | null;
}): number | null {
  const code = params.code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(code)) return null;
  const timestamp = params.now.getTime();
  const delta = totp(params.secret).validate({ token: code, timestamp, window: WINDOW });
  if (delta === null) return null;
  const step = Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
  if (params.lastStep !== null && step <= params.lastStep) return null;
  return step;
}
