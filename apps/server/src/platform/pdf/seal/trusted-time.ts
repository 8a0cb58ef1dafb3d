import { randomBytes } from 'node:crypto';
import type { DigestAlgorithm, TimestampAuthority } from '@libpdf/core';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { names } from '../pdf-signatures.js';
import { pkiEngine } from '../pki-engine.js';

/** How long one time-stamping authority may take to answer before the next one is asked. */
export const TIMESTAMP_TIMEOUT_MS = 5000;

const DIGEST_OIDS: Record<DigestAlgorithm, string> = {
  'SHA-256': '2.16.840.1.101.3.4.2.1',
  'SHA-384': '2.16.840.1.101.3.4.2.2',
  'SHA-512': '2.16.840.1.101.3.4.2.3',
};
const TST_INFO = '1.2.840.113549.1.9.16.1.4';
const ID_DATA = '1.2.840.113549.1.7.1';
const TIME_STAMPING_USAGE = '1.3.6.1.5.5.7.3.8';
const EXTENDED_KEY_USAGE = '2.5.29.37';

/** A time-stamp token as checked before it is embedded: who issued it, when, and until when its certificate holds. */
export interface CheckedTimestamp {
  token: Uint8Array;
  /** The authority's address (from `TSA_URLS`). */
  url: string;
  /** The trusted time (TSTInfo genTime). */
  time: Date;
  /** The time-stamping certificate's subject, e.g. `CN=..., O=...`. */
  authority: string;
  /** Its certificate's end of validity: a fresh archive timestamp is due before it. */
  certificateNotAfter: Date;
}

/** Every configured authority failed (time-out, refusal, a token that did not pass its checks). */
export class TimestampUnavailableError extends Error {
  constructor(readonly failures: string[]) {
    super(`no time-stamping authority answered: ${failures.join('; ') || 'none configured'}`);
    this.name = 'TimestampUnavailableError';
  }
}

/** A token that does not answer our request, or is not signed by a time-stamping certificate. */
export class TimestampRejectedError extends Error {}

const bytesOf = (view: ArrayBuffer | Uint8Array) =>
  Buffer.from(view instanceof Uint8Array ? view : new Uint8Array(view));

/** A positive nonce of 64 random bits (first byte below 0x80, never zero). */
function newNonce(): Buffer {
  const nonce = randomBytes(8);
  nonce[0] = ((nonce[0] ?? 0) & 0x7f) | 0x01;
  return nonce;
}

function timestampRequest(digest: Uint8Array, algorithm: DigestAlgorithm, nonce: Buffer): Uint8Array {
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: DIGEST_OIDS[algorithm] }),
      hashedMessage: new asn1js.OctetString({ valueHex: new Uint8Array(digest) }),
    }),
    nonce: new asn1js.Integer({ valueHex: new Uint8Array(nonce) }),
    certReq: true,
  });
  return new Uint8Array(request.toSchema().toBER(false));
}

/** An INTEGER's value as hex without leading zero bytes (so 00 80 and 80 compare equal). */
const integerHex = (value: asn1js.Integer) =>
  bytesOf(value.valueBlock.valueHexView)
    .toString('hex')
    .replace(/^(00)+/, '');

/**
 * Reads an RFC 3161 answer and checks it before anything is embedded: granted; a SignedData over a TSTInfo that
 * names our digest (algorithm and value) and our nonce; signed (PKI.js verifies the signature over the TSTInfo) by a
 * certificate whose extended key usage is time-stamping and which was valid at the stamped time.
 */
export async function checkTimestampResponse(
  response: Uint8Array,
  expected: { digest: Uint8Array; algorithm: DigestAlgorithm; nonce: Uint8Array },
): Promise<Omit<CheckedTimestamp, 'url'>> {
  const asn = asn1js.fromBER(new Uint8Array(response));
  if (asn.offset === -1) throw new TimestampRejectedError('the answer is not DER');
  const answer = new pkijs.TimeStampResp({ schema: asn.result });
  const status = answer.status.status;
  if (status !== 0 && status !== 1) throw new TimestampRejectedError(`the authority refused (status ${status})`);
  if (!answer.timeStampToken) throw new TimestampRejectedError('the answer carries no token');
  const token = new Uint8Array(answer.timeStampToken.toSchema().toBER(false));
  const signed = new pkijs.SignedData({ schema: answer.timeStampToken.content });
  if (signed.encapContentInfo.eContentType !== TST_INFO || !signed.encapContentInfo.eContent) {
    throw new TimestampRejectedError('the token holds no TSTInfo');
  }
  const info = new pkijs.TSTInfo({
    schema: asn1js.fromBER(signed.encapContentInfo.eContent.getValue()).result,
  });
  if (info.messageImprint.hashAlgorithm.algorithmId !== DIGEST_OIDS[expected.algorithm]) {
    throw new TimestampRejectedError('the token stamps another digest algorithm');
  }
  if (!bytesOf(info.messageImprint.hashedMessage.valueBlock.valueHexView).equals(bytesOf(expected.digest))) {
    throw new TimestampRejectedError('the token stamps another digest');
  }
  const ourNonce = bytesOf(expected.nonce)
    .toString('hex')
    .replace(/^(00)+/, '');
  if (!info.nonce || integerHex(info.nonce) !== ourNonce)
    throw new TimestampRejectedError('the token answers another nonce');

  // PKI.js checks a TSTInfo's imprint against the stamped data, which we do not have (only its digest, checked
  // above): read as plain data, it checks the message digest over the TSTInfo and the signature over the signed
  // attributes, which is what is left to check.
  signed.encapContentInfo.eContentType = ID_DATA;
  const verified = await signed
    .verify({ signer: 0, checkChain: false, extendedMode: true }, pkiEngine)
    .catch(() => ({ signatureVerified: false, signerCertificate: undefined }));
  const certificate = verified.signerCertificate;
  if (!verified.signatureVerified || !certificate)
    throw new TimestampRejectedError('the token signature does not verify');
  const usage = certificate.extensions?.find((extension) => extension.extnID === EXTENDED_KEY_USAGE);
  const purposes = (usage?.parsedValue as pkijs.ExtKeyUsage | undefined)?.keyPurposes ?? [];
  if (!purposes.includes(TIME_STAMPING_USAGE)) {
    throw new TimestampRejectedError('the token is not signed by a time-stamping certificate');
  }
  const time = info.genTime;
  if (time < certificate.notBefore.value || time > certificate.notAfter.value) {
    throw new TimestampRejectedError('the time-stamping certificate was not valid at the stamped time');
  }
  return { token, time, authority: names(certificate.subject), certificateNotAfter: certificate.notAfter.value };
}

export interface FailoverOptions {
  timeoutMs?: number;
  /** Called for each authority that failed (the operator's log). */
  onFailure?: (url: string, reason: string) => void;
}

/**
 * The configured authorities (`TSA_URLS`) as one `TimestampAuthority` for the PDF library: asked in order, each
 * with a short time-out; the first answer that passes `checkTimestampResponse` wins; when none does,
 * `TimestampUnavailableError`. Every token it handed out is kept in `issued`, in order.
 *
 * The addresses are the operator's configuration, not a user's input: they are fetched directly, without the
 * private-address guard of user-given URLs (`platform/net/safe-request.ts`), so an authority on the operator's own
 * network (or a test's 127.0.0.1) is reachable.
 */
export class FailoverTimestampAuthority implements TimestampAuthority {
  readonly issued: CheckedTimestamp[] = [];
  /** HTTP exchanges made (the benchmark counts them apart). */
  roundTrips = 0;

  constructor(
    readonly urls: readonly string[],
    private readonly options: FailoverOptions = {},
  ) {}

  async timestamp(digest: Uint8Array, algorithm: DigestAlgorithm): Promise<Uint8Array> {
    const failures: string[] = [];
    for (const url of this.urls) {
      try {
        const checked = await this.ask(url, digest, algorithm);
        this.issued.push(checked);
        return checked.token;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        failures.push(`${url}: ${reason}`);
        this.options.onFailure?.(url, reason);
      }
    }
    throw new TimestampUnavailableError(failures);
  }

  private async ask(url: string, digest: Uint8Array, algorithm: DigestAlgorithm): Promise<CheckedTimestamp> {
    const nonce = newNonce();
    this.roundTrips += 1;
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
      body: timestampRequest(digest, algorithm, nonce),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? TIMESTAMP_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const checked = await checkTimestampResponse(new Uint8Array(await response.arrayBuffer()), {
      digest,
      algorithm,
      nonce,
    });
    return { ...checked, url };
  }
}

/** True for the error of a seal whose every authority failed (the PDF library passes it through). */
export function isTimestampUnavailable(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if (cause instanceof TimestampUnavailableError) return true;
  }
  return false;
}
