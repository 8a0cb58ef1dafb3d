import { z } from 'zod';
import { ROUTES } from '../api/routes.js';

/** The verdicts of the public verify page, one sentence each in the web app's catalogue (`verify.verdict.*`). */
export const VERIFY_VERDICTS = ['intact', 'changedAfterSealing', 'notSealedHere', 'noSignature', 'invalid'] as const;
export type VerifyVerdict = (typeof VERIFY_VERDICTS)[number];

/** PAdES levels (ETSI EN 319 142-1): B-B signed; B-T with a trusted time; B-LT with the validation data inside;
 * B-LTA with an archive timestamp over it. */
export const PADES_LEVELS = ['B-B', 'B-T', 'B-LT', 'B-LTA'] as const;
/** What an incremental update appended to a file added. */
export const UPDATE_KINDS = [
  'signature',
  'documentTimestamp',
  'validationData',
  'page',
  'formChange',
  'annotation',
  'other',
] as const;
/** How the audit trail a file sealed here embeds compares with the service's (`modules/sealing/audit-trail.ts`). */
export const AUDIT_TRAIL_MATCHES = ['matches', 'changed', 'notEmbedded'] as const;

/**
 * POST /verify (no account): a PDF as multipart field `file` (at most 40 MB). Answers every signature found, whether
 * each verifies and covers the whole file, who signed it, and, when this instance sealed the file (its SHA-256, or
 * that of the part a seal signed, is recorded with the `complete` activity), the document's title, completion time
 * and signers.
 */
export const verifyPdf = {
  ...ROUTES.verifyPdf,
  response: z.object({
    verdict: z.enum(VERIFY_VERDICTS),
    sha256: z.string(),
    signatures: z.array(
      z.object({
        isValid: z.boolean(),
        coversWholeFile: z.boolean(),
        signingTime: z.string().nullable(),
        kind: z.enum(['signature', 'documentTimestamp']),
        /** The trusted time (RFC 3161) and the authority that issued it. */
        timestamp: z.object({ time: z.string(), authority: z.string() }).nullable(),
        /** The signer's certificate is its own issuer: nobody else vouches for it. */
        isSelfSigned: z.boolean(),
        signer: z
          .object({
            subject: z.string(),
            issuer: z.string(),
            serialNumber: z.string(),
            notBefore: z.string(),
            notAfter: z.string(),
          })
          .nullable(),
      }),
    ),
    sealedDocument: z
      .object({
        title: z.string(),
        completedAt: z.string(),
        signers: z.array(z.object({ name: z.string(), email: z.string() })),
        /**
         * When its files and personal data were removed (issue 39): the stub still knows the file's fingerprint, so
         * the file is still recognised as sealed here (its signers are no longer named); null: not removed.
         */
        removedAt: z.string().nullable().optional(),
      })
      .nullable(),
    evidence: z.object({
      level: z.enum(PADES_LEVELS).nullable(),
      /** The Document Security Store: certificates, OCSP answers (with what each said) and CRLs embedded. */
      validationData: z
        .object({
          certificates: z.number().int(),
          ocspResponses: z.number().int(),
          crls: z.number().int(),
          ocsp: z.array(z.object({ status: z.enum(['good', 'revoked', 'unknown']), producedAt: z.string() })),
        })
        .nullable(),
      /** Each incremental update after the original, in order: what it added, and whether a signature covers it. */
      updates: z.array(z.object({ kinds: z.array(z.enum(UPDATE_KINDS)), isCovered: z.boolean() })),
      /** For a file sealed here: whether its embedded audit trail matches the service's hash chain. */
      auditTrail: z
        .object({
          match: z.enum(AUDIT_TRAIL_MATCHES),
          events: z.number().int(),
          /** When changed: the first event (1-based, in the order written) that no longer holds. */
          brokenAtEvent: z.number().int().nullable(),
        })
        .nullable(),
    }),
  }),
} as const;
export type VerifyPdfResponse = z.infer<typeof verifyPdf.response>;
