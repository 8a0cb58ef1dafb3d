import { webcrypto } from 'node:crypto';
import * as pkijs from 'pkijs';

/** Node's WebCrypto for PKI.js, passed to each call (not set globally: @libpdf/core uses PKI.js too). */
export const pkiEngine = new pkijs.CryptoEngine({
  name: 'node',
  crypto: webcrypto as unknown as pkijs.CryptoEngineParameters['crypto'],
});

/** A digest already computed for a stand-in of the bytes it covers (`KnownDigestEngine`). */
interface KnownDigest {
  /** WebCrypto's name, e.g. `SHA-256`. */
  algorithm: string;
  digest: Uint8Array;
}

type DigestArguments = Parameters<pkijs.CryptoEngine['digest']>;

const webCryptoName = (algorithm: DigestArguments[0]) =>
  (typeof algorithm === 'string' ? algorithm : algorithm.name).toUpperCase();

/**
 * PKI.js with Node's WebCrypto, where the digest of a signature's signed bytes was computed beforehand (in one pass
 * over a large file: `range-digests.ts`). The check is given a one-byte stand-in instead of a copy of the bytes, and
 * this engine answers the stand-in's digest; everything else (the signed attributes, the signature, a token's
 * imprint) is PKI.js's, as with `pkiEngine`.
 */
export class KnownDigestEngine extends pkijs.CryptoEngine {
  private readonly known = new WeakMap<ArrayBufferLike, KnownDigest>();

  constructor() {
    super({ name: 'node', crypto: webcrypto as unknown as pkijs.CryptoEngineParameters['crypto'] });
  }

  /** A stand-in for bytes whose digest is known: pass it as the check's `data`. */
  standIn(known: KnownDigest): ArrayBuffer {
    const standIn = new ArrayBuffer(1);
    this.known.set(standIn, known);
    return standIn;
  }

  override async digest(algorithm: DigestArguments[0], data: DigestArguments[1]): Promise<ArrayBuffer> {
    const buffer = ArrayBuffer.isView(data) ? data.buffer : data;
    const known = this.known.get(buffer);
    if (!known) return super.digest(algorithm, data);
    if (webCryptoName(algorithm) !== known.algorithm) throw new Error('the digest was computed with another algorithm');
    return new Uint8Array(known.digest).buffer;
  }
}
