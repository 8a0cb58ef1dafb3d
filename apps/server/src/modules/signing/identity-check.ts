import { randomInt } from 'node:crypto';
import {
  channelsOf,
  MESSAGES,
  maskedDestination,
  pendingChannels,
  VERIFICATION_CODE_ATTEMPTS,
  VERIFICATION_CODE_TTL_SECONDS,
  VERIFICATION_CODE_WINDOW_SECONDS,
  VERIFICATION_CODES_PER_WINDOW,
  type VerificationChannel,
} from '@esign/shared';
import { recordActivity } from '../../data/activity.js';
import type { DocumentRow, SignerRow } from '../../data/documents.js';
import * as repo from '../../data/signer-verification.js';
import { findOwnerName } from '../../data/signing.js';
import { keyedHash } from '../../platform/crypto/secret-box.js';
import type { Db } from '../../platform/db/client.js';
import type { signingTokens } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { renderMail } from '../../platform/mail/template.js';
import { signerMailText } from '../../platform/mail/texts.js';
import { type Sms, SmsError } from '../../platform/sms/sms.js';
import type { RequestOrigin, SignerRequest, SignerService } from './signing.service.js';

type TokenRow = typeof signingTokens.$inferSelect;

/** The channels this link has yet to pass before the document opens (none: it opens). */
export function pendingChecks(signer: SignerRow, token: TokenRow): VerificationChannel[] {
  return pendingChannels(signer.verification, token);
}

/** Where a channel's code goes, in full (null: the recipient has no number). */
function destinationOf(signer: SignerRow, channel: VerificationChannel): string | null {
  return channel === 'email' ? signer.email : signer.phone;
}

/** The one answer of every failed guess (wrong, expired, spent, out of tries, no code, a channel not asked). */
const refused = () => new AppError('FORBIDDEN', MESSAGES.verificationCodeInvalid);

interface IdentityCheckDeps {
  db: Db;
  mailer: Mailer;
  sms: Sms;
  /** The server secret: codes are stored as keyed hashes (a million values would fall to a plain hash at once). */
  serverSecret: string;
  authenticate: SignerService['authenticate'];
  now: () => Date;
  log: { warn: (object: object, message: string) => void };
}

/**
 * A recipient's identity check (issue 38): a six-digit code mailed to its address or texted to the number the
 * sender gave, typed on the signer page before the document opens (`authenticate` answers 403
 * IDENTITY_CHECK_REQUIRED until every channel of the recipient's `verification` is passed with this link).
 * Codes are random, stored as keyed hashes, single use, valid VERIFICATION_CODE_TTL_SECONDS, take
 * VERIFICATION_CODE_ATTEMPTS guesses, and at most VERIFICATION_CODES_PER_WINDOW are sent per channel in the window;
 * both the sending and the guesses take the recipient's advisory lock, so parallel calls are counted one by one.
 * A passed check is remembered by the link's token (as a typed access code is) and recorded as the
 * `identity_check` activity (event `recipient.identity_checked`) with the channel and the masked address, which the
 * certificate of completion prints. The code is in no answer and no log.
 */
export function identityCheckService(deps: IdentityCheckDeps) {
  const { db, now } = deps;
  const codes = keyedHash(deps.serverSecret, 'signing:identity-code:v1');

  async function deliver(document: DocumentRow, signer: SignerRow, channel: VerificationChannel, code: string) {
    const language = signer.language ?? document.language ?? null;
    const title = document.title;
    const minutes = String(VERIFICATION_CODE_TTL_SECONDS / 60);
    if (channel === 'email') {
      const sender = await findOwnerName(db, document.userId);
      await deps.mailer.send(
        renderMail({
          to: signer.email,
          subject: signerMailText(language, 'signerVerification.subject', { title }),
          greeting: signer.name
            ? signerMailText(language, 'common.greeting', { name: signer.name })
            : signerMailText(language, 'common.greetingWithoutName'),
          paragraphs: [signerMailText(language, 'signerVerification.body', { title, sender, code })],
          footer: signerMailText(language, 'signerVerification.footer', { minutes }),
        }),
      );
      return;
    }
    try {
      await deps.sms.send({
        to: signer.phone ?? '',
        body: signerMailText(language, 'signerVerification.sms', { title, code, minutes }),
      });
    } catch (error) {
      if (!(error instanceof SmsError)) throw error;
      deps.log.warn({ status: error.status, detail: error.detail }, 'SMS refused');
      throw new AppError('SMS_NOT_SENT', MESSAGES.smsNotSent);
    }
  }

  return {
    /** GET .../identity: the checks the recipient must pass, each with where its code goes (masked). */
    async status(request: SignerRequest & { signerId: string }) {
      const { document, signer, token } = await deps.authenticate(request, { needsIdentity: false });
      const pending = pendingChecks(signer, token);
      return {
        language: signer.language ?? document.language ?? null,
        checks: channelsOf(signer.verification).map((channel) => ({
          channel,
          to: maskedDestination(channel, destinationOf(signer, channel) ?? ''),
          verified: !pending.includes(channel),
        })),
      };
    },

    /** POST .../identity/send: a new code by the channel, within the window's count. */
    async send(request: SignerRequest & { signerId: string; channel: VerificationChannel }) {
      const { document, signer, token } = await deps.authenticate(request, { needsIdentity: false });
      const { channel } = request;
      const to = destinationOf(signer, channel);
      if (!channelsOf(signer.verification).includes(channel) || !to) throw refused();
      const masked = maskedDestination(channel, to);
      if (!pendingChecks(signer, token).includes(channel)) return { success: true as const, to: masked };
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const at = now();
      const id = await db.transaction(async (tx) => {
        await repo.lockRecipientCodes(tx, signer.id);
        const since = new Date(at.getTime() - VERIFICATION_CODE_WINDOW_SECONDS * 1000);
        if (
          (await repo.countRecentCodes(tx, { signerId: signer.id, channel, since })) >= VERIFICATION_CODES_PER_WINDOW
        ) {
          return null;
        }
        return repo.insertCode(tx, {
          signerId: signer.id,
          tokenId: token.id,
          channel,
          codeHash: codes.hash(code),
          expiresAt: new Date(at.getTime() + VERIFICATION_CODE_TTL_SECONDS * 1000),
          createdAt: at,
        });
      });
      if (id === null) throw new AppError('TOO_MANY_REQUESTS', MESSAGES.tooManyVerificationCodes);
      try {
        await deliver(document, signer, channel, code);
      } catch (error) {
        // A code that never left does not count against the window.
        await repo.deleteCode(db, id);
        throw error;
      }
      return { success: true as const, to: masked };
    },

    /**
     * POST .../identity/check: one guess at the link's latest code of the channel, counted by a conditional update
     * under the recipient's lock and committed whatever its outcome; the right one is spent and opens the document.
     */
    async check(
      request: SignerRequest & { signerId: string; channel: VerificationChannel; code: string; origin: RequestOrigin },
    ) {
      const { document, signer, token } = await deps.authenticate(request, { needsIdentity: false });
      const { channel } = request;
      const to = destinationOf(signer, channel);
      if (!channelsOf(signer.verification).includes(channel) || !to) throw refused();
      if (!pendingChecks(signer, token).includes(channel)) return { success: true as const };
      const passed = await db.transaction(async (tx) => {
        await repo.lockRecipientCodes(tx, signer.id);
        const at = now();
        const row = await repo.countGuess(tx, {
          signerId: signer.id,
          tokenId: token.id,
          channel,
          maxAttempts: VERIFICATION_CODE_ATTEMPTS,
          now: at,
        });
        if (!row || !codes.matches(request.code, row.codeHash)) return false;
        if (!(await repo.spendCode(tx, { id: row.id, now: at }))) return false;
        await repo.markTokenVerified(tx, { tokenId: token.id, channel, at });
        await recordActivity(tx, {
          documentId: document.id,
          type: 'identity_check',
          signerIds: [signer.id],
          sourceIp: request.origin.ip,
          userAgent: request.origin.userAgent,
          details: { channel, to: maskedDestination(channel, to), tokenId: token.id },
          eventMessage: channel,
          at,
        });
        return true;
      });
      if (!passed) throw refused();
      return { success: true as const };
    },
  };
}
export type IdentityCheckService = ReturnType<typeof identityCheckService>;
