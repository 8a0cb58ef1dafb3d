import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { isBackupCodeShape, makeBackupCodes, normalizeBackupCode, smsCodeText, twoFactorSecrets } from './secrets.js';
import { acceptTotp, newTotpSecret, totpUri } from './totp.js';

describe('twoFactorSecrets', () => {
  const secrets = twoFactorSecrets('server-secret');

  it('encrypts with a fresh IV each time and decrypts only with the same server secret', () => {
    const sealed = secrets.encrypt('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(secrets.encrypt('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(secrets.decrypt(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => twoFactorSecrets('another-secret').decrypt(sealed)).toThrow();
  });

  it('refuses a tampered ciphertext', () => {
    const [version, iv, tag, ciphertext] = secrets.encrypt('JBSWY3DPEHPK3PXP').split('.');
    const flipped = Buffer.from(ciphertext as string, 'base64url');
    flipped[0] = (flipped[0] as number) ^ 1;
    expect(() => secrets.decrypt([version, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
  });

  it('hashes codes with a key of the server secret', () => {
    const hash = secrets.hashCode('012345');
    expect(secrets.matchesCode('012345', hash)).toBe(true);
    expect(secrets.matchesCode('012346', hash)).toBe(false);
    expect(twoFactorSecrets('another-secret').matchesCode('012345', hash)).toBe(false);
  });
});

describe('codes', () => {
  it('keeps the leading zeros of an SMS code sent as an integer', () => {
    expect(smsCodeText(1234)).toBe('001234');
  });

  it('makes ten distinct backup codes that read the same in any case and spacing', () => {
    const codes = makeBackupCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect(isBackupCodeShape(code.toUpperCase())).toBe(true);
    }
    expect(normalizeBackupCode(' ABCDE-fghjk ')).toBe('abcdefghjk');
    expect(isBackupCodeShape('123456')).toBe(false);
  });
});

describe('acceptTotp', () => {
  const secret = newTotpSecret();
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  const now = new Date('2026-01-01T00:00:15Z');
  const step = Math.floor(now.getTime() / 30_000);
  const codeAt = (offsetSteps: number) => totp.generate({ timestamp: now.getTime() + offsetSteps * 30_000 });

  it('accepts the current code and those of the neighbouring steps, answering their step', () => {
    expect(acceptTotp({ secret, code: codeAt(0), now, lastStep: null })).toBe(step);
    expect(acceptTotp({ secret, code: codeAt(-1), now, lastStep: null })).toBe(step - 1);
    expect(acceptTotp({ secret, code: codeAt(1), now, lastStep: null })).toBe(step + 1);
    expect(acceptTotp({ secret, code: codeAt(3), now, lastStep: null })).toBeNull();
  });

  it('refuses a code of the last accepted step or an earlier one (no replay)', () => {
    expect(acceptTotp({ secret, code: codeAt(0), now, lastStep: step })).toBeNull();
    expect(acceptTotp({ secret, code: codeAt(-1), now, lastStep: step })).toBeNull();
    expect(acceptTotp({ secret, code: codeAt(1), now, lastStep: step })).toBe(step + 1);
  });

  it('refuses what is not six digits', () => {
    expect(acceptTotp({ secret, code: 'abcdef', now, lastStep: null })).toBeNull();
    expect(acceptTotp({ secret, code: `${codeAt(0)}0`, now, lastStep: null })).toBeNull();
  });

  it('writes an otpauth URI an authenticator app reads', () => {
    const uri = new URL(totpUri(secret, 'ada@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('eSign');
  });
});
