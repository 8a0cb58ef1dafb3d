import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { pkiEngine as engine, KnownDigestEngine } from './pki-engine.js';
import { type DigestRequest, rangeDigests } from './range-digests.js';

/** One signature of a PDF as found and checked. */
export interface FoundSignature {
  /** The CMS signature verifies over the bytes its /ByteRange names (digest and signer's signature). */
  isValid: boolean;
  /** Its byte ranges reach the file's end: nothing was appended after it. */
  coversWholeFile: boolean;
  /** Length of the file as it was signed (the end of its last byte range). */
  signedLength: number;
  signer: { subject: string; issuer: string; serialNumber: string; notBefore: string; notAfter: string } | null;
  /** The signing time the signer claims (its signed attribute), if any. */
  signingTime: string | null;
  /** A signature, or a document timestamp (RFC 3161 token over the bytes: PAdES B-LTA's archive timestamps). */
  kind: 'signature' | 'documentTimestamp';
  /** The trusted time: a signature's embedded signature timestamp, or the document timestamp's own. */
  timestamp: { time: string; authority: string } | null;
  /** The signer's certificate is its own issuer (a self-signed seal: nobody else vouches for it). */
  isSelfSigned: boolean;
}

const TST_INFO = '1.2.840.113549.1.9.16.1.4';
const SIGNATURE_TIMESTAMP = '1.2.840.113549.1.9.16.2.14';

const BYTE_RANGE_KEY = Buffer.from('/ByteRange', 'latin1');
const BYTE_RANGE_VALUE = /^\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/;
/** A /ByteRange array is four numbers: what follows its key is read this far at most. */
const BYTE_RANGE_WINDOW = 128;

/** What a check of a PDF found: its signatures, and the digests the verify page looks files up by. */
export interface PdfCheck {
  signatures: FoundSignature[];
  /** SHA-256 of the whole file (hex). */
  sha256: string;
  /** SHA-256 (hex) of each signed part shorter than the file (the file as a signature left it), by its length. */
  signedPartSha256: Map<number, string>;
}

interface ByteRange {
  b: number;
  c: number;
  d: number;
}

/** A signature's CMS as found between its ranges, parsed (null when it is not DER). */
interface Parsed {
  range: ByteRange;
  signed: pkijs.SignedData | null;
  isTimestamp: boolean;
  /** Node's name of the digest its signed bytes are checked with (a token's imprint, else the signer's). */
  algorithm: string | null;
}

/**
 * Every signature of a PDF: each /ByteRange [a b c d] names the signed bytes, and the gap between its two ranges is
 * the /Contents hex string holding the CMS SignedData. The cryptography (the signed attributes' message digest
 * compared, the signer's signature, the certificate) is PKI.js's (`SignedData.verify`), nothing by hand; only the
 * digests of the signed bytes are computed beforehand, all in one pass over the file (`range-digests.ts`), with the
 * file's own SHA-256 and its signed parts'. The keys are found in the bytes (no copy of a large file as text).
 */
export async function checkPdf(pdf: Buffer): Promise<PdfCheck> {
  const parsed = byteRanges(pdf).map((range) => parse(pdf, range));
  const engine = new KnownDigestEngine();
  const signedLengths = [...new Set(parsed.map(({ range }) => range.c + range.d))].filter((n) => n < pdf.length);
  // The file and its signed parts (SHA-256), and each signature's ranges in its own algorithm: one pass each.
  const byAlgorithm = new Map<string, { request: DigestRequest; done: (digest: Buffer) => void }[]>();
  const want = (algorithm: string, request: DigestRequest, done: (digest: Buffer) => void) =>
    byAlgorithm.set(algorithm, [...(byAlgorithm.get(algorithm) ?? []), { request, done }]);
  let sha256 = '';
  const signedPartSha256 = new Map<number, string>();
  want('sha256', { prefixEnd: pdf.length }, (digest) => {
    sha256 = digest.toString('hex');
  });
  for (const length of signedLengths) {
    want('sha256', { prefixEnd: length }, (digest) => signedPartSha256.set(length, digest.toString('hex')));
  }
  const rangeDigest = new Map<Parsed, Buffer>();
  for (const item of parsed) {
    if (!item.algorithm) continue;
    const { b, c, d } = item.range;
    want(item.algorithm, { prefixEnd: b, tail: { start: c, end: c + d } }, (digest) => rangeDigest.set(item, digest));
  }
  for (const [algorithm, wanted] of byAlgorithm) {
    const digests = rangeDigests(
      pdf,
      algorithm,
      wanted.map((item) => item.request),
    );
    wanted.forEach((item, index) => {
      const digest = digests[index];
      if (digest) item.done(digest);
    });
  }
  const signatures: FoundSignature[] = [];
  for (const item of parsed) signatures.push(await checkSignature(pdf, item, rangeDigest.get(item), engine));
  return { signatures, sha256, signedPartSha256 };
}

/** Every signature of a PDF, checked (`checkPdf`). */
export async function findPdfSignatures(pdf: Buffer): Promise<FoundSignature[]> {
  return (await checkPdf(pdf)).signatures;
}

function byteRanges(pdf: Buffer): ByteRange[] {
  const ranges: ByteRange[] = [];
  for (let at = pdf.indexOf(BYTE_RANGE_KEY); at !== -1; at = pdf.indexOf(BYTE_RANGE_KEY, at + 1)) {
    const start = at + BYTE_RANGE_KEY.length;
    const match = BYTE_RANGE_VALUE.exec(pdf.subarray(start, start + BYTE_RANGE_WINDOW).toString('latin1'));
    if (!match) continue;
    const [a, b, c, d] = match.slice(1, 5).map(Number) as [number, number, number, number];
    if (a !== 0 || b <= 0 || c <= b || c + d > pdf.length) continue;
    ranges.push({ b, c, d });
  }
  return ranges;
}

/** Node's name for a digest algorithm's OID (`sha256`), or null for one PKI.js does not know. */
function nodeDigestName(oid: string | undefined): string | null {
  if (!oid) return null;
  const algorithm = engine.getAlgorithmByOID(oid) as { name?: string };
  return algorithm.name ? algorithm.name.toLowerCase().replace('-', '') : null;
}

function parse(pdf: Buffer, range: ByteRange): Parsed {
  const hex = pdf
    .subarray(range.b, range.c)
    .toString('latin1')
    .replace(/[<>\s]/g, '');
  try {
    const der = Buffer.from(hex, 'hex');
    const asn = asn1js.fromBER(new Uint8Array(der).buffer);
    if (asn.offset === -1) return { range, signed: null, isTimestamp: false, algorithm: null };
    const content = new pkijs.ContentInfo({ schema: asn.result });
    const signed = new pkijs.SignedData({ schema: content.content });
    const isTimestamp = signed.encapContentInfo.eContentType === TST_INFO;
    const eContent = signed.encapContentInfo.eContent;
    // A token's imprint is the digest of the signed bytes; a signature's signed attributes carry it (no attributes:
    // the signature is over the bytes themselves, checked on a copy of them).
    const oid = isTimestamp
      ? eContent
        ? new pkijs.TSTInfo({ schema: asn1js.fromBER(eContent.getValue()).result }).messageImprint.hashAlgorithm
            .algorithmId
        : undefined
      : signed.signerInfos[0]?.signedAttrs
        ? signed.signerInfos[0].digestAlgorithm.algorithmId
        : undefined;
    return { range, signed, isTimestamp, algorithm: nodeDigestName(oid) };
  } catch {
    return { range, signed: null, isTimestamp: false, algorithm: null };
  }
}

async function checkSignature(
  pdf: Buffer,
  { range, signed, isTimestamp, algorithm }: Parsed,
  digest: Buffer | undefined,
  knownDigests: KnownDigestEngine,
): Promise<FoundSignature> {
  const signedLength = range.c + range.d;
  const base = {
    coversWholeFile: signedLength === pdf.length,
    signedLength,
    kind: 'signature' as const,
    timestamp: null,
    isSelfSigned: false,
  };
  if (!signed) return { ...base, isValid: false, signer: null, signingTime: null };
  try {
    const data =
      algorithm && digest
        ? knownDigests.standIn({ algorithm: algorithm.toUpperCase().replace('SHA', 'SHA-'), digest })
        : ownArrayBuffer(Buffer.concat([pdf.subarray(0, range.b), pdf.subarray(range.c, signedLength)]));
    const isValid = await signed.verify({ signer: 0, data, checkChain: false }, knownDigests).catch(() => false);
    const signer = signerOf(signed);
    return {
      ...base,
      isValid: isValid === true,
      signer,
      signingTime: signingTimeOf(signed),
      kind: isTimestamp ? 'documentTimestamp' : 'signature',
      timestamp: isTimestamp ? timestampOf(signed) : signatureTimestampOf(signed),
      isSelfSigned: signer !== null && signer.subject === signer.issuer,
    };
  } catch {
    return { ...base, isValid: false, signer: null, signingTime: null };
  }
}

/** The buffer's bytes as an ArrayBuffer: its own when it has one to itself (a large file's), else a copy. */
function ownArrayBuffer(buffer: Buffer): ArrayBuffer {
  const whole = buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength;
  return whole && buffer.buffer instanceof ArrayBuffer ? buffer.buffer : new Uint8Array(buffer).buffer;
}

/** A distinguished name as `CN=..., O=...` (the parts a reader recognises). */
export function names(name: pkijs.RelativeDistinguishedNames): string {
  const labels: Record<string, string> = { '2.5.4.3': 'CN', '2.5.4.10': 'O', '2.5.4.6': 'C', '2.5.4.11': 'OU' };
  return name.typesAndValues
    .filter((entry) => labels[entry.type])
    .map((entry) => `${labels[entry.type]}=${entry.value.valueBlock.value}`)
    .join(', ');
}

/** The certificate the first signer info names (by issuer and serial number), else the first one. */
function signerOf(signed: pkijs.SignedData): FoundSignature['signer'] {
  const certificates = (signed.certificates ?? []).filter(
    (item): item is pkijs.Certificate => item instanceof pkijs.Certificate,
  );
  const sid = signed.signerInfos[0]?.sid;
  const certificate =
    certificates.find(
      (item) => sid instanceof pkijs.IssuerAndSerialNumber && item.serialNumber.isEqual(sid.serialNumber),
    ) ?? certificates[0];
  if (!certificate) return null;
  return {
    subject: names(certificate.subject),
    issuer: names(certificate.issuer),
    serialNumber: Buffer.from(certificate.serialNumber.valueBlock.valueHexView).toString('hex'),
    notBefore: certificate.notBefore.value.toISOString(),
    notAfter: certificate.notAfter.value.toISOString(),
  };
}

function signingTimeOf(signed: pkijs.SignedData): string | null {
  const attribute = signed.signerInfos[0]?.signedAttrs?.attributes.find((item) => item.type === '1.2.840.113549.1.9.5');
  const value = attribute?.values[0] as { toDate?: () => Date } | undefined;
  return value?.toDate ? value.toDate().toISOString() : null;
}

/** A time-stamp token's time (TSTInfo genTime) and its authority (the signing certificate's subject). */
function timestampOf(token: pkijs.SignedData): FoundSignature['timestamp'] {
  const content = token.encapContentInfo.eContent;
  if (!content) return null;
  const info = new pkijs.TSTInfo({ schema: asn1js.fromBER(content.getValue()).result });
  return { time: info.genTime.toISOString(), authority: signerOf(token)?.subject ?? '' };
}

/** The signature timestamp a signer's unsigned attributes carry (PAdES B-T), if any. */
function signatureTimestampOf(signed: pkijs.SignedData): FoundSignature['timestamp'] {
  const attribute = signed.signerInfos[0]?.unsignedAttrs?.attributes.find((item) => item.type === SIGNATURE_TIMESTAMP);
  const value = attribute?.values[0];
  if (!value) return null;
  try {
    const info = new pkijs.ContentInfo({ schema: value });
    return timestampOf(new pkijs.SignedData({ schema: info.content }));
  } catch {
    return null;
  }
}
