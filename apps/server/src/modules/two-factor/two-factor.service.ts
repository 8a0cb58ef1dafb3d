import {
  MESSAGES,
  SMS_CODE_TTL_SECONDS,
  TWO_FACTOR_TOKEN_TTL_SECONDS,
  TWO_FACTOR_WINDOW_SECONDS,
  type TwoFactorType,
} from '@esign/shared';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import QRCode from 'qrcode';
import { hasPasskey } from '../../data/passkeys.js';
import * as repo from '../../data/two-factor.js';
import { type UserRow, updateUser } from '../../data/users.js';
import { hashToken, randomToken } from '../../platform/crypto/tokens.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { mailText } from '../../platform/mail/texts.js';
import { type Sms, SmsError } from '../../platform/sms/sms.js';
import { limitedAttempts } from './attempts.js';
import type { PasskeyService } from './passkeys.service.js';
import {
  isBackupCodeShape,
  makeBackupCodes,
  normalizeBackupCode,
  phoneHint,
  randomSmsCode,
  smsCodeText,
  type TwoFactorSecrets,
} from './secrets.js';
import { acceptTotp, newTotpSecret, totpUri } from './totp.js';

interface TwoFactorDeps {
  db: Db;
  sms: Sms;
  secrets: TwoFactorSecrets;
  now: () => Date;
  log: { warn: (object: object, message: string) => void };
  passkeys: PasskeyService;
}

/** Codes texted to one user in the window before generating another answers 429. */
const SMS_CODES_PER_WINDOW = 5;
/** Guesses one texted code allows. */
const SMS_CODE_ATTEMPTS = 5;

/** A wrong code at sign-in's second step (logged out: 401, shown by the two-factor page). */
const invalidCode = () => new AppError('INVALID_CREDENTIALS', MESSAGES.twoFactorCodeInvalid);
/** Every refusal of a passkey at sign-in reads the same. */
export const passkeyRefused = () => new AppError('INVALID_CREDENTIALS', MESSAGES.passkeyInvalid);
/**
 * A wrong code of a logged-in user turning a factor on or off: the code field's error (400), never a 401, which
 * would end the web app's session.
 */
const wrongSettingsCode = () =>
  new AppError('VALIDATION_ERROR', MESSAGES.twoFactorCodeInvalid, [
    { property: 'code', constraints: { code: MESSAGES.twoFactorCodeInvalid }, children: [] },
  ]);

export function twoFactorService(deps: TwoFactorDeps) {
  const { db, sms, secrets, now, passkeys } = deps;
  const limitedAttempt = limitedAttempts({ db, now });
  const seconds = (count: number) => new Date(now().getTime() + count * 1000);

  async function text(to: string, code: string) {
    try {
      const minutes = String(SMS_CODE_TTL_SECONDS / 60);
      await sms.send({ to, body: mailText('sms.code', { code, minutes }) });
    } catch (error) {
      if (!(error instanceof SmsError)) throw error;
      deps.log.warn({ status: error.status, detail: error.detail }, 'SMS refused');
      throw new AppError('SMS_NOT_SENT', MESSAGES.smsNotSent);
    }
  }

  /** A texted code of a scope, spent by its first right guess; every guess counted. */
  async function spendSmsCode(params: { userId: string; scope: repo.SmsScope; code: number; phone?: string }) {
    const current = now();
    const row = await repo.findLatestSmsCode(db, { userId: params.userId, scope: params.scope, now: current });
    if (!row) throw wrongSettingsCode();
    const counted = await repo.countSmsCodeGuess(db, { id: row.id, maxAttempts: SMS_CODE_ATTEMPTS });
    if (!counted) throw new AppError('TOO_MANY_REQUESTS', MESSAGES.tooManyTwoFactorAttempts);
    const isRight =
      secrets.matchesCode(smsCodeText(params.code), counted.codeHash) &&
      (params.phone === undefined || params.phone === counted.phone);
    if (!isRight || !(await repo.spendSmsCode(db, { id: row.id, now: current }))) throw wrongSettingsCode();
    return counted.phone;
  }

  /** Checks an authenticator code (or, when allowed, a backup code) of a locked user; records the step it used. */
  async function checkAuthenticator(tx: Db, user: UserRow, code: string, options: { allowBackup: boolean }) {
    if (!user.totpSecret) return false;
    if (options.allowBackup && isBackupCodeShape(code)) {
      return repo.spendBackupCode(tx, {
        userId: user.id,
        codeHash: secrets.hashCode(normalizeBackupCode(code)),
        now: now(),
      });
    }
    const step = acceptTotp({
      secret: secrets.decrypt(user.totpSecret),
      code,
      now: now(),
      lastStep: user.totpLastStep,
    });
    if (step === null) return false;
    await updateUser(tx, user.id, { totpLastStep: step });
    return true;
  }

  return {
    /** POST user/generate_twillio_code: verify texts the given number; disable texts the number in use. */
    async generateSmsCode(params: { user: UserRow; scope: repo.SmsScope; phone: string }) {
      const { user, scope } = params;
      if (scope === 'verify' && user.isTwilio2fa) throw new AppError('CONFLICT', MESSAGES.smsAlreadyOn);
      if (scope === 'disable' && (!user.isTwilio2fa || !user.phoneNumber)) {
        throw new AppError('CONFLICT', MESSAGES.smsNotOn);
      }
      const phone = scope === 'disable' ? (user.phoneNumber as string) : params.phone;
      const since = new Date(now().getTime() - TWO_FACTOR_WINDOW_SECONDS * 1000);
      if ((await repo.countRecentSmsCodes(db, { userId: user.id, since })) >= SMS_CODES_PER_WINDOW) {
        throw new AppError('TOO_MANY_REQUESTS', MESSAGES.tooManySmsCodes);
      }
      const code = randomSmsCode();
      const id = await repo.insertSmsCode(db, {
        userId: user.id,
        scope,
        phone,
        codeHash: secrets.hashCode(code),
        expiresAt: seconds(SMS_CODE_TTL_SECONDS),
      });
      try {
        await text(phone, code);
      } catch (error) {
        await repo.deleteSmsCode(db, id);
        throw error;
      }
      return { message: MESSAGES.smsCodeSent };
    },

    /** POST user/verify_phone: the texted code proves the number; SMS sign-in is on. */
    async verifyPhone(params: { user: UserRow; phone: string; code: number }) {
      if (params.user.isTwilio2fa) throw new AppError('CONFLICT', MESSAGES.smsAlreadyOn);
      const { user, code } = params;
      const phone = await spendSmsCode({ userId: user.id, scope: 'verify', code, phone: params.phone });
      await updateUser(db, params.user.id, { phoneNumber: phone, isTwilio2fa: true });
      return { message: MESSAGES.phoneVerified };
    },

    /** POST user/disable_twillio: a code texted with scope disable turns SMS sign-in off. */
    async disableSms(params: { user: UserRow; code: number }) {
      if (!params.user.isTwilio2fa) throw new AppError('CONFLICT', MESSAGES.smsNotOn);
      await spendSmsCode({ userId: params.user.id, scope: 'disable', code: params.code });
      await updateUser(db, params.user.id, { phoneNumber: null, isTwilio2fa: false });
      return { message: MESSAGES.twoFactorDisabled };
    },

    /** POST user/enable_google_authenticator: a new secret, not in use until a code from it is verified. */
    async enableAuthenticator(params: { user: UserRow }) {
      if (params.user.isGoogle2fa) throw new AppError('CONFLICT', MESSAGES.authenticatorAlreadyOn);
      const secret = newTotpSecret();
      await updateUser(db, params.user.id, { totpSecret: secrets.encrypt(secret), totpLastStep: null });
      const qrCode = await QRCode.toDataURL(totpUri(secret, params.user.email), { margin: 1, width: 240 });
      return { qrCode, secret };
    },

    /** POST user/verify_google_code: turns the authenticator on and answers the backup codes (shown once). */
    async verifyAuthenticator(params: { user: UserRow; code: string; ip: string }) {
      const backupCodes = makeBackupCodes();
      const guess = { userId: params.user.id, ip: params.ip, wrong: wrongSettingsCode };
      await limitedAttempt(guess, async (tx, user) => {
        if (user.isGoogle2fa) throw new AppError('CONFLICT', MESSAGES.authenticatorAlreadyOn);
        if (!user.totpSecret) throw new AppError('CONFLICT', MESSAGES.authenticatorNotSetUp);
        if (!(await checkAuthenticator(tx, user, params.code, { allowBackup: false }))) return undefined;
        await updateUser(tx, user.id, { isGoogle2fa: true });
        await repo.replaceBackupCodes(tx, {
          userId: user.id,
          codeHashes: backupCodes.map((code) => secrets.hashCode(normalizeBackupCode(code))),
        });
        return true;
      });
      return { message: MESSAGES.googleAuthenticatorVerified, backupCodes };
    },

    /** POST user/disable_google_authenticator: a current code turns it off; its secret and backup codes go. */
    async disableAuthenticator(params: { user: UserRow; code: string; ip: string }) {
      const guess = { userId: params.user.id, ip: params.ip, wrong: wrongSettingsCode };
      await limitedAttempt(guess, async (tx, user) => {
        if (!user.isGoogle2fa) throw new AppError('CONFLICT', MESSAGES.authenticatorNotOn);
        if (!(await checkAuthenticator(tx, user, params.code, { allowBackup: false }))) return undefined;
        await updateUser(tx, user.id, { isGoogle2fa: false, totpSecret: null, totpLastStep: null });
        await repo.replaceBackupCodes(tx, { userId: user.id, codeHashes: [] });
        return true;
      });
      return { message: MESSAGES.googleAuthenticatorDisabled };
    },

    /**
     * The sign-in's second step begins (after a right password or Google token): a single-use token bound to the
     * user, of which only the hash is stored; for SMS the code is texted now.
     */
    async startChallenge(user: UserRow, type: TwoFactorType) {
      const twoFactorToken = randomToken();
      const code = type === 'twillio' ? randomSmsCode() : null;
      await repo.insertChallenge(db, {
        userId: user.id,
        tokenHash: hashToken(twoFactorToken),
        type,
        smsCodeHash: code === null ? null : secrets.hashCode(code),
        expiresAt: seconds(TWO_FACTOR_TOKEN_TTL_SECONDS),
      });
      if (code !== null && user.phoneNumber) await text(user.phoneNumber, code);
      return {
        type: 'two_factor' as const,
        twoFactorToken,
        twoFactorType: type,
        hasPasskey: await hasPasskey(db, user.id),
        ...(type === 'twillio' && user.phoneNumber ? { phoneHint: phoneHint(user.phoneNumber) } : {}),
      };
    },

    /** The second step: the user of a live challenge whose code is right (limitedAttempt), the challenge spent. */
    async completeChallenge(params: {
      type: TwoFactorType;
      twoFactorToken: string;
      code: string;
      ip: string;
    }): Promise<string> {
      const expired = () => new AppError('LINK_INVALID', MESSAGES.twoFactorSessionInvalid);
      const found = await repo.findChallenge(db, hashToken(params.twoFactorToken));
      if (!found || found.type !== params.type) throw expired();
      return limitedAttempt({ userId: found.userId, ip: params.ip, wrong: invalidCode }, async (tx, user) => {
        const challenge = await repo.findChallenge(tx, found.tokenHash, { lock: true });
        const current = now();
        if (!challenge || challenge.usedAt !== null || challenge.expiresAt <= current) throw expired();
        const isRight =
          challenge.type === 'twillio'
            ? challenge.smsCodeHash !== null && secrets.matchesCode(params.code, challenge.smsCodeHash)
            : await checkAuthenticator(tx, user, params.code, { allowBackup: true });
        if (!isRight) return undefined;
        await repo.spendChallenge(tx, { id: challenge.id, now: current });
        return user.id;
      });
    },

    /**
     * The second step by a passkey of the challenge's user (another account's is refused), whatever its factor;
     * counted like a wrong code when refused.
     */
    async completeChallengeWithPasskey(params: {
      twoFactorToken: string;
      challengeToken: string;
      credential: AuthenticationResponseJSON;
      ip: string;
    }): Promise<string> {
      const expired = () => new AppError('LINK_INVALID', MESSAGES.twoFactorSessionInvalid);
      const found = await repo.findChallenge(db, hashToken(params.twoFactorToken));
      if (!found) throw expired();
      return limitedAttempt({ userId: found.userId, ip: params.ip, wrong: passkeyRefused }, async (tx, user) => {
        const challenge = await repo.findChallenge(tx, found.tokenHash, { lock: true });
        const current = now();
        if (!challenge || challenge.usedAt !== null || challenge.expiresAt <= current) throw expired();
        const userId = await passkeys.verifySignIn(tx, { ...params, purpose: 'second_factor', userId: user.id });
        if (userId !== user.id) return undefined;
        await repo.spendChallenge(tx, { id: challenge.id, now: current });
        return user.id;
      });
    },
  };
}
export type TwoFactorService = ReturnType<typeof twoFactorService>;
