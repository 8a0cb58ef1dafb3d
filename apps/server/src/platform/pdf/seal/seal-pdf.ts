import { createHash } from 'node:crypto';
import { PDF, type Signer } from '@libpdf/core';
import { appendCertificate, type CertificateData } from './certificate.js';
import { PdfFonts } from './fonts.js';
import { type StampField, stampFields } from './stamp-fields.js';
import { drawWatermark } from './watermark.js';

export interface SealInput {
  /** The original PDF (the combined document). */
  original: Uint8Array;
  fields: StampField[];
  certificate: Omit<CertificateData, 'originalSha256'>;
  signer: Signer;
  signingTime: Date;
  /** A test document (made by a test API key): every page marked 'not legally binding'. */
  isTestMode?: boolean;
}

export interface SealResult {
  bytes: Uint8Array;
  /** SHA-256 (hex) of the original and of the sealed PDF. */
  originalSha256: string;
  sha256: string;
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The sealed PDF: every field value stamped into the pages, the certificate of completion appended, fonts subset,
 * then one PAdES signature (ETSI.CAdES.detached, level B-B) over the whole file.
 */
export async function sealPdf(input: SealInput): Promise<SealResult> {
  const originalSha256 = sha256Hex(input.original);
  const pdf = await PDF.load(input.original);
  const fonts = new PdfFonts(pdf);
  stampFields(pdf, fonts, input.fields);
  appendCertificate(pdf, fonts, { ...input.certificate, originalSha256 });
  if (input.isTestMode) drawWatermark(pdf);
  // Fonts subset now: the signature's own save then writes the stamps, the certificate and the signature as one
  // incremental update after the original bytes. No full rewrite and no second parse of the document, which
  // would each hold another copy of a large (scanned) PDF.
  pdf.fonts.finalize(true);
  const { bytes } = await pdf.sign({
    signer: input.signer,
    subFilter: 'ETSI.CAdES.detached',
    level: 'B-B',
    signingTime: input.signingTime,
    reason: 'Sealed on completion: every signer has signed',
    fieldName: 'eSign seal',
  });
  return { bytes, originalSha256, sha256: sha256Hex(bytes) };
}
