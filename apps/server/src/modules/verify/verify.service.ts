import type { VerifyPdfResponse, VerifyVerdict } from '@esign/shared';
import { listChainedRows } from '../../data/activity.js';
import { findSealedDocumentByHash } from '../../data/verify.js';
import type { Db } from '../../platform/db/client.js';
import { pdfEvidence } from '../../platform/pdf/pdf-evidence.js';
import { type FoundSignature, findPdfSignatures } from '../../platform/pdf/pdf-signatures.js';
import { sha256Hex } from '../../platform/pdf/seal/seal-pdf.js';
import { compareAuditTrail, parseEmbeddedAuditTrail } from '../sealing/index.js';

/**
 * The verdict on a checked file: no signature; a signature that does not verify (bytes it covers were changed);
 * sealed here and intact; sealed here (or by anyone) and then changed by bytes appended after the signature (an
 * incremental update: each signature still verifies, but no longer covers the whole file); or validly signed but not
 * a file this instance sealed.
 */
export function verdictOf(signatures: FoundSignature[], isSealedHere: boolean): VerifyVerdict {
  if (signatures.length === 0) return 'noSignature';
  if (signatures.some((signature) => !signature.isValid)) return 'invalid';
  const last = signatures.reduce((a, b) => (b.signedLength > a.signedLength ? b : a));
  if (!last.coversWholeFile) return 'changedAfterSealing';
  return isSealedHere ? 'intact' : 'notSealedHere';
}

/** POST /verify: checks a PDF's signatures and looks it up among the files this instance sealed. */
export function verifyService({ db }: { db: Db }) {
  return {
    async verifyPdf(pdf: Buffer): Promise<VerifyPdfResponse> {
      const sha256 = sha256Hex(pdf);
      const signatures = await findPdfSignatures(pdf);
      // A file changed after sealing is found by the part its seal signed (the file as it was sealed).
      const signedParts = [...new Set(signatures.map((signature) => signature.signedLength))]
        .filter((length) => length < pdf.length)
        .map((length) => sha256Hex(pdf.subarray(0, length)));
      const sealed = await findSealedDocumentByHash(db, [sha256, ...signedParts]);
      const isSealedHere = sealed !== undefined && sealed.sha256 === sha256;
      const evidence = signatures.length > 0 ? await pdfEvidence(pdf, signatures) : null;
      const auditTrail =
        sealed && evidence
          ? compareAuditTrail(
              parseEmbeddedAuditTrail(evidence.auditTrail),
              await listChainedRows(db, sealed.documentId),
            )
          : null;
      return {
        verdict: verdictOf(signatures, isSealedHere),
        sha256,
        signatures: signatures.map(
          ({ isValid, coversWholeFile, signer, signingTime, kind, timestamp, isSelfSigned }) => ({
            isValid,
            coversWholeFile,
            signer,
            signingTime,
            kind,
            timestamp,
            isSelfSigned,
          }),
        ),
        sealedDocument: sealed
          ? { title: sealed.title, completedAt: sealed.completedAt.toISOString(), signers: sealed.signers }
          : null,
        evidence: {
          level: evidence?.level ?? null,
          validationData: evidence?.validationData ?? null,
          updates: (evidence?.updates ?? []).slice(1).map(({ kinds, isCovered }) => ({ kinds, isCovered })),
          auditTrail: auditTrail
            ? {
                match: auditTrail.match,
                events: auditTrail.database.count,
                brokenAtEvent: auditTrail.brokenAt === null ? null : auditTrail.brokenAt + 1,
              }
            : null,
        },
      };
    },
  };
}
export type VerifyService = ReturnType<typeof verifyService>;
