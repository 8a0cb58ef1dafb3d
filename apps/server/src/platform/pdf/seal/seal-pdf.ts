import { createHash } from 'node:crypto';
import { type PAdESLevel, PDF, type Signer } from '@libpdf/core';
import { attachAuditTrail, attachSignerFiles, type SignerAttachment } from './audit-attachment.js';
import { appendCertificate, type CertificateData } from './certificate.js';
import { PdfFonts } from './fonts.js';
import { FetchRevocationProvider } from './revocation.js';
import { type StampField, stampFields } from './stamp-fields.js';
import { type CheckedTimestamp, FailoverTimestampAuthority, isTimestampUnavailable } from './trusted-time.js';
import { drawWatermark } from './watermark.js';

/** The trust services a seal asks: the time-stamping authorities (`TSA_URLS`, in order) and their time-out. */
export interface TrustServices {
  tsaUrls: readonly string[];
  timeoutMs?: number;
  /** Each authority or responder that failed (the operator's log). */
  onFailure?: (what: string, reason: string) => void;
}

/** What the trust services of one seal or one archive timestamp gave. */
export interface TrustOutcome {
  /** The PAdES level the file reaches: B-B without authorities (or with all down), B-LTA otherwise. */
  level: PAdESLevel;
  /** The tokens embedded by this step, in order (signature timestamp, then document timestamp). */
  timestamps: CheckedTimestamp[];
  /** Authorities were configured but none answered: sealed at B-B, an archive timestamp is owed. */
  timestampPending: boolean;
  /** HTTP exchanges with authorities and responders (the benchmark counts them apart). */
  roundTrips: number;
  /** What the validation data lacks (a responder that did not answer, an incomplete chain). */
  warnings: string[];
}

export interface SealInput {
  /** The original PDF (the combined document). */
  original: Uint8Array;
  fields: StampField[];
  certificate: Omit<CertificateData, 'originalSha256'>;
  signer: Signer;
  signingTime: Date;
  /** A test document (made by a test API key): every page marked 'not legally binding'. */
  isTestMode?: boolean;
  /** Time-stamping authorities: with them the seal is B-LTA (B-B and pending while every one is down). */
  trust?: TrustServices | undefined;
  /** The audit trail as JSON, embedded as an associated file (`audit-trail.json`). */
  auditTrail?: Uint8Array | undefined;
  /** The signers' attachment fields' files (issue 37), embedded as associated files. */
  attachments?: readonly SignerAttachment[] | undefined;
}

export interface SealResult extends TrustOutcome {
  bytes: Uint8Array;
  /** SHA-256 (hex) of the original and of the sealed PDF. */
  originalSha256: string;
  sha256: string;
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function trustFor(services: TrustServices) {
  const authority = new FailoverTimestampAuthority(services.tsaUrls, {
    timeoutMs: services.timeoutMs,
    onFailure: (url, reason) => services.onFailure?.(url, reason),
  });
  return { authority, revocation: new FetchRevocationProvider(services.timeoutMs) };
}

function outcome(
  trust: ReturnType<typeof trustFor> | undefined,
  level: PAdESLevel,
  warnings: { message: string }[],
): TrustOutcome {
  return {
    level,
    timestamps: trust ? [...trust.authority.issued] : [],
    timestampPending: false,
    roundTrips: trust ? trust.authority.roundTrips + trust.revocation.roundTrips : 0,
    warnings: [...warnings.map((warning) => warning.message), ...(trust?.revocation.failures ?? [])],
  };
}

/**
 * The sealed PDF: every field value stamped into the pages, the certificate of completion appended, the audit
 * trail attached, fonts subset, then one PAdES signature (ETSI.CAdES.detached) over the whole file. With
 * authorities configured it is B-LTA: a signature timestamp, the validation data of the signing certificate and of
 * the authority (chain, OCSP or CRL) in the DSS, a document timestamp and its own validation data. When every
 * authority fails, the file is built again at B-B and `timestampPending` says an archive timestamp is owed
 * (`addArchiveTimestamp`): no seal waits on a third party.
 */
export async function sealPdf(input: SealInput): Promise<SealResult> {
  if (!input.trust || input.trust.tsaUrls.length === 0) return buildAndSign(input, undefined);
  try {
    return await buildAndSign(input, trustFor(input.trust));
  } catch (error) {
    if (!isTimestampUnavailable(error)) throw error;
    input.trust.onFailure?.('all authorities', error instanceof Error ? error.message : String(error));
    return { ...(await buildAndSign(input, undefined)), timestampPending: true };
  }
}

async function buildAndSign(input: SealInput, trust: ReturnType<typeof trustFor> | undefined): Promise<SealResult> {
  const originalSha256 = sha256Hex(input.original);
  const pdf = await PDF.load(input.original);
  const fonts = new PdfFonts(pdf);
  stampFields(pdf, fonts, input.fields);
  appendCertificate(pdf, fonts, { ...input.certificate, originalSha256 });
  if (input.isTestMode) drawWatermark(pdf);
  if (input.auditTrail) attachAuditTrail(pdf, input.auditTrail, input.signingTime);
  if (input.attachments?.length) attachSignerFiles(pdf, input.attachments, input.signingTime);
  // Fonts subset now: the signature's own save then writes the stamps, the certificate and the signature as one
  // incremental update after the original bytes. No full rewrite and no second parse of the document, which
  // would each hold another copy of a large (scanned) PDF.
  pdf.fonts.finalize(true);
  const signed = await pdf.sign({
    signer: input.signer,
    subFilter: 'ETSI.CAdES.detached',
    // B-LT here (signature timestamp, then the DSS), the document timestamp below.
    level: trust ? 'B-LT' : 'B-B',
    ...(trust
      ? {
          timestampAuthority: trust.authority,
          revocationProvider: trust.revocation,
          // The signer's chain and the authority's token (with its chain) inside the CMS.
          estimatedSize: 32_768,
        }
      : {}),
    signingTime: input.signingTime,
    reason: 'Sealed on completion: every signer has signed',
    fieldName: 'eSign seal',
  });
  if (!trust)
    return { bytes: signed.bytes, originalSha256, sha256: sha256Hex(signed.bytes), ...outcome(undefined, 'B-B', []) };
  const stamped = await documentTimestamp(pdf, trust);
  const warnings = [...signed.warnings, ...stamped.warnings];
  return {
    bytes: stamped.bytes,
    originalSha256,
    sha256: sha256Hex(stamped.bytes),
    ...outcome(trust, 'B-LTA', warnings),
  };
}

/**
 * The last step of B-LTA: a document timestamp over the whole file as it is (its DSS included). Its own
 * validation data is not appended after it, so the timestamp covers the whole file ('Total document signed'); the
 * same authority's chain and OCSP answer are already in the DSS, and the next renewal adds them for this token.
 */
function documentTimestamp(pdf: PDF, trust: ReturnType<typeof trustFor>) {
  return pdf.addTimestamp({
    timestampAuthority: trust.authority,
    estimatedSize: 32_768,
    fieldName: nextTimestampName(pdf),
  });
}

function nextTimestampName(pdf: PDF): string {
  const taken = new Set(
    pdf
      .getForm()
      ?.getFields()
      .map((field) => field.name) ?? [],
  );
  let n = 1;
  while (taken.has(`eSign archive timestamp ${n}`)) n += 1;
  return `eSign archive timestamp ${n}`;
}

/**
 * Adds a document timestamp to a sealed file, as one more incremental update (the earlier bytes untouched): the
 * validation data of every signature and timestamp already in it (DSS), the new timestamp, then its own validation
 * data. It turns a B-B seal whose authorities were down into B-LTA, and renews the archive timestamp of a B-LTA
 * file before the last one's certificate expires. Throws `TimestampUnavailableError` when no authority answers.
 */
export async function addArchiveTimestamp(
  sealed: Uint8Array,
  services: TrustServices,
): Promise<TrustOutcome & { bytes: Uint8Array; sha256: string }> {
  const trust = trustFor(services);
  const pdf = await PDF.load(sealed);
  const validation = await pdf.addValidationData({ revocationProvider: trust.revocation });
  const { bytes, warnings } = await documentTimestamp(pdf, trust);
  return { bytes, sha256: sha256Hex(bytes), ...outcome(trust, 'B-LTA', [...validation.warnings, ...warnings]) };
}
