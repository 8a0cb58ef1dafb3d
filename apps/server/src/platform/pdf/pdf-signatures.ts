import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { pkiEngine as engine } from './pki-engine.js';

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

/**
 * Every signature of a PDF: each /ByteRange [a b c d] names the signed bytes, and the gap between its two ranges is
 * the /Contents hex string holding the CMS SignedData. The cryptography (the signed attributes' message digest
 * over the ranges, the signer's signature, the certificate) is PKI.js's (`SignedData.verify`), nothing by hand.
 * The keys are found in the bytes (no copy of a large file as text).
 */
export async function findPdfSignatures(pdf: Buffer): Promise<FoundSignature[]> {
  const found: FoundSignature[] = [];
  for (let at = pdf.indexOf(BYTE_RANGE_KEY); at !== -1; at = pdf.indexOf(BYTE_RANGE_KEY, at + 1)) {
    const start = at + BYTE_RANGE_KEY.length;
    const match = BYTE_RANGE_VALUE.exec(pdf.subarray(start, start + BYTE_RANGE_WINDOW).toString('latin1'));
    if (!match) continue;
    const [a, b, c, d] = match.slice(1, 5).map(Number) as [number, number, number, number];
    if (a !== 0 || b <= 0 || c <= b || c + d > pdf.length) continue;
    found.push(await checkSignature(pdf, { b, c, d }));
  }
  return found;
}

async function checkSignature(pdf: Buffer, range: { b: number; c: number; d: number }): Promise<FoundSignature> {
  const signedLength = range.c + range.d;
  const base = {
    coversWholeFile: signedLength === pdf.length,
    signedLength,
    kind: 'signature' as const,
    timestamp: null,
    isSelfSigned: false,
  };
  const hex = pdf
    .subarray(range.b, range.c)
    .toString('latin1')
    .replace(/[<>\s]/g, '');
  try {
    const der = Buffer.from(hex, 'hex');
    const asn = asn1js.fromBER(new Uint8Array(der).buffer);
    if (asn.offset === -1) return { ...base, isValid: false, signer: null, signingTime: null };
    const content = new pkijs.ContentInfo({ schema: asn.result });
    const signed = new pkijs.SignedData({ schema: content.content });
    const data = Buffer.concat([pdf.subarray(0, range.b), pdf.subarray(range.c, signedLength)]);
    const isValid = await signed
      .verify({ signer: 0, data: ownArrayBuffer(data), checkChain: false }, engine)
      .catch(() => false);
    const signer = signerOf(signed);
    const isTimestamp = signed.encapContentInfo.eContentType === TST_INFO;
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
