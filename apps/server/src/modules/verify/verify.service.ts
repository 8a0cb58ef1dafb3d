import type { VerifyPdfResponse, VerifyVerdict } from '@esign/shared';
import { listChainedRows } from '../../data/activity.js';
import { findStubBySealedHash } from '../../data/retention.js';
import { findSealedDocumentByHash } from '../../data/verify.js';
import type { Db } from '../../platform/db/client.js';
import { pdfEvidence } from '../../platform/pdf/pdf-evidence.js';
import { checkPdf, type FoundSignature } from '../../platform/pdf/pdf-signatures.js';
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
      // One pass over the file gives its hash, each signature's and each signed part's (a file changed after
      // sealing is found by the part its seal signed: the file as it was sealed).
      const { sha256, signatures, signedPartSha256 } = await checkPdf(pdf);
      const hashes = [sha256, ...signedPartSha256.values()];
      // A document removed by the retention rule or an erasure keeps the fingerprints of its sealed files (issue 39).
      const sealed = (await findSealedDocumentByHash(db, hashes)) ?? (await findStubBySealedHash(db, hashes));
      const isSealedHere = sealed !== undefined && sealed.sha256 === sha256;
      const evidence = signatures.length > 0 ? await pdfEvidence(pdf, signatures) : null;
      const auditTrail =
        sealed && evidence && !sealed.isRemoved
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
          ? {
              title: sealed.title,
              completedAt: sealed.completedAt.toISOString(),
              signers: sealed.signers,
              removedAt: sealed.removedAt?.toISOString() ?? null,
            }
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
