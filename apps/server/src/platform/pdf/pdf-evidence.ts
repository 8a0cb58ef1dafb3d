import { PDF, PdfStream } from '@libpdf/core';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { type DssCounts, readDss } from './dss.js';
import type { FoundSignature } from './pdf-signatures.js';
import { readAuditTrail } from './seal/audit-attachment.js';

/** PAdES levels (ETSI EN 319 142-1), as the verify page names them. */
export type PadesLevel = 'B-B' | 'B-T' | 'B-LT' | 'B-LTA';

/** What an incremental update added, as far as its objects say. */
export type UpdateKind =
  | 'signature'
  | 'documentTimestamp'
  | 'validationData'
  | 'page'
  | 'formChange'
  | 'annotation'
  | 'other';

export interface FileUpdate {
  /** Where the update ends in the file (its %%EOF). */
  endsAt: number;
  kinds: UpdateKind[];
  /** A signature or document timestamp covers it (it was there when one was made). */
  isCovered: boolean;
}

export interface OcspAnswer {
  status: 'good' | 'revoked' | 'unknown';
  producedAt: string;
}

export interface PdfEvidence {
  level: PadesLevel | null;
  validationData: (DssCounts & { ocsp: OcspAnswer[] }) | null;
  /** The original, then each incremental update in order. */
  updates: FileUpdate[];
  /** The audit trail the file embeds (`audit-trail.json`), as bytes. */
  auditTrail: Uint8Array | null;
}

const EOF_MARK = Buffer.from('%%EOF', 'latin1');

/** The ends of the file's revisions: each %%EOF (and what trails it on its line). */
function revisionEnds(pdf: Buffer): number[] {
  const ends: number[] = [];
  for (let at = pdf.indexOf(EOF_MARK); at !== -1; at = pdf.indexOf(EOF_MARK, at + 1)) {
    let end = at + EOF_MARK.length;
    while (end < pdf.length && (pdf[end] === 0x0d || pdf[end] === 0x0a)) end += 1;
    ends.push(end);
  }
  if (ends.length === 0 || (ends.at(-1) ?? 0) < pdf.length) ends.push(pdf.length);
  return ends;
}

/** What one update's objects are (read as text: updates are small next to the original). */
function kindsOf(text: string): UpdateKind[] {
  const kinds: UpdateKind[] = [];
  if (/\/SubFilter\s*\/ETSI\.RFC3161/.test(text)) kinds.push('documentTimestamp');
  else if (/\/ByteRange/.test(text)) kinds.push('signature');
  if (/\/DSS\b/.test(text) || /\/OCSPs\b/.test(text)) kinds.push('validationData');
  if (/\/Type\s*\/Page\b(?!s)/.test(text)) kinds.push('page');
  if (
    /\/Subtype\s*\/(?!Widget\b)(Text|FreeText|Ink|Highlight|Square|Circle|Line|Stamp|FileAttachment|Link|Underline|StrikeOut|Polygon|PolyLine|Caret|Squiggly)\b/.test(
      text,
    )
  ) {
    kinds.push('annotation');
  }
  if (/\/FT\s*\/(Tx|Btn|Ch)\b/.test(text) && !kinds.includes('signature')) kinds.push('formChange');
  return kinds.length > 0 ? kinds : ['other'];
}

function ocspAnswers(pdf: PDF): OcspAnswer[] {
  const resolve = pdf.context.resolve.bind(pdf.context);
  const list = pdf.context.catalog.getDict().getDict('DSS', resolve)?.getArray('OCSPs', resolve);
  const answers: OcspAnswer[] = [];
  for (const item of list ?? []) {
    const stream = 'objectNumber' in item ? resolve(item as never) : item;
    if (!(stream instanceof PdfStream)) continue;
    try {
      const response = new pkijs.OCSPResponse({
        schema: asn1js.fromBER(new Uint8Array(stream.getDecodedData())).result,
      });
      const bytes = response.responseBytes?.response.valueBlock.valueHexView;
      if (!bytes) continue;
      const basic = new pkijs.BasicOCSPResponse({ schema: asn1js.fromBER(new Uint8Array(bytes)).result });
      for (const single of basic.tbsResponseData.responses) {
        const tag = (single.certStatus as asn1js.BaseBlock).idBlock.tagNumber;
        answers.push({
          status: tag === 0 ? 'good' : tag === 1 ? 'revoked' : 'unknown',
          producedAt: basic.tbsResponseData.producedAt.toISOString(),
        });
      }
    } catch {
      // An answer we cannot read is left out (the counts still say it is there).
    }
  }
  return answers;
}

/**
 * The long-term evidence in a PDF: its PAdES level (of its last signature: B-T with a signature or document
 * timestamp, B-LT with validation data in the DSS, B-LTA with a document timestamp over that DSS), what the DSS
 * holds and what its OCSP answers said, each incremental update with what it added, and the embedded audit trail.
 */
export async function pdfEvidence(bytes: Buffer, signatures: FoundSignature[]): Promise<PdfEvidence> {
  const ends = revisionEnds(bytes);
  const coveredUpTo = Math.max(0, ...signatures.filter((item) => item.isValid).map((item) => item.signedLength));
  const updates = ends.map((end, index) => {
    const start = index === 0 ? 0 : (ends[index - 1] ?? 0);
    const isOriginal = index === 0;
    return {
      endsAt: end,
      kinds: isOriginal ? [] : kindsOf(bytes.subarray(start, end).toString('latin1')),
      isCovered: end <= coveredUpTo,
    };
  });
  let pdf: PDF | null = null;
  try {
    pdf = await PDF.load(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    pdf = null;
  }
  const dss = pdf ? readDss(pdf) : null;
  const validationData = pdf && dss ? { ...dss, ocsp: ocspAnswers(pdf) } : null;
  return {
    level: levelOf(signatures, updates, dss),
    validationData,
    updates,
    auditTrail: pdf ? readAuditTrail(pdf) : null,
  };
}

function levelOf(signatures: FoundSignature[], updates: FileUpdate[], dss: DssCounts | null): PadesLevel | null {
  const seal = signatures.filter((item) => item.kind === 'signature').at(-1);
  if (!seal) return null;
  const archives = signatures.filter(
    (item) => item.kind === 'documentTimestamp' && item.signedLength > seal.signedLength,
  );
  if (!seal.timestamp && archives.length === 0) return 'B-B';
  if (!dss || dss.certificates === 0) return 'B-T';
  const dssEnd = updates.find(
    (update) => update.endsAt > seal.signedLength && update.kinds.includes('validationData'),
  )?.endsAt;
  const isArchived = dssEnd !== undefined && archives.some((archive) => archive.signedLength >= dssEnd);
  return isArchived ? 'B-LTA' : 'B-LT';
}
