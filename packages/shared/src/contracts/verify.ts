import { z } from 'zod';
import { ROUTES } from '../api/routes.js';

/** The verdicts of the public verify page, one sentence each in the web app's catalogue (`verify.verdict.*`). */
export const VERIFY_VERDICTS = ['intact', 'changedAfterSealing', 'notSealedHere', 'noSignature', 'invalid'] as const;
export type VerifyVerdict = (typeof VERIFY_VERDICTS)[number];

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
      })
      .nullable(),
  }),
} as const;
export type VerifyPdfResponse = z.infer<typeof verifyPdf.response>;
