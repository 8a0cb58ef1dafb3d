import { pendingChannels } from '@esign/shared';
import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { hashToken, randomToken } from '../platform/crypto/tokens.js';
import type { Db } from '../platform/db/client.js';
import { documents, signers, signingTokens } from '../platform/db/schema.js';

/**
 * Signing-link tokens: 256 random bits bound to one signer of one document. Only the hash is stored, so a raw
 * token exists only in the link that is mailed or copied; it never appears in an answer to the sender.
 */
export async function issueSigningToken(db: Db, params: { documentId: string; signerId: string }): Promise<string> {
  const token = randomToken();
  // One statement (every invitation issues one): the token stored, and, as a new link has no wrong codes, a signer
  // locked out through an older link no longer shown as locked.
  const issued = db.$with('issued').as(
    db
      .insert(signingTokens)
      .values({ ...params, tokenHash: hashToken(token) })
      .returning({ id: signingTokens.id }),
  );
  await db
    .with(issued)
    .update(signers)
    .set({ accessLockedAt: null })
    .where(and(eq(signers.id, params.signerId), isNotNull(signers.accessLockedAt)));
  return token;
}

/** A token not revoked and, for an in-person signing's, not expired. */
const isLive = () =>
  and(isNull(signingTokens.revokedAt), or(isNull(signingTokens.expiresAt), sql`${signingTokens.expiresAt} > now()`));

/** The signing page's address for a token. */
export function signingUrl(appUrl: string, documentId: string, token: string): string {
  const url = new URL(`/documents/${documentId}/sign`, appUrl);
  url.searchParams.set('signAccessToken', token);
  return url.toString();
}

/**
 * The live (not revoked) token of a signing link with its signer and document, only when the token belongs to that
 * document; tokens of other documents find nothing. The document may be deleted: the signer's calls refuse that
 * (`signing.service.ts`), while the signer page's framing and its realtime room only ask whose token it is.
 */
export async function findSigningSession(db: Db, params: { documentId: string; token: string }) {
  const [row] = await db
    .select({ token: signingTokens, signer: signers, document: documents })
    .from(signingTokens)
    .innerJoin(signers, eq(signers.id, signingTokens.signerId))
    .innerJoin(documents, eq(documents.id, signingTokens.documentId))
    .where(
      and(
        eq(signingTokens.tokenHash, hashToken(params.token)),
        eq(signingTokens.documentId, params.documentId),
        isLive(),
      ),
    )
    .limit(1);
  return row;
}

/**
 * The signer of a live token of any document (calls that are not about one document, such as saved signatures),
 * with whether the document still waits for its access code to be typed with this token, and the token (its
 * identity checks passed).
 */
export async function findSignerByTokenAlone(db: Db, token: string) {
  const [row] = await db
    .select({ signer: signers, codeAccess: documents.codeAccess, token: signingTokens })
    .from(signingTokens)
    .innerJoin(signers, eq(signers.id, signingTokens.signerId))
    .innerJoin(documents, eq(documents.id, signingTokens.documentId))
    .where(and(eq(signingTokens.tokenHash, hashToken(token)), isLive(), isNull(documents.deletedAt)))
    .limit(1);
  if (!row) return undefined;
  const code = row.signer.accessCode ?? row.codeAccess;
  return {
    signer: row.signer,
    token: row.token,
    isAccessCodeRequired: Boolean(code) && row.token.codeConfirmedAt === null,
    isIdentityCheckRequired: pendingChannels(row.signer.verification, row.token).length > 0,
  };
}

/** Every link of the document stops working (the document went back to draft). */
export async function revokeSigningTokens(db: Db, params: { documentId: string; now: Date }): Promise<void> {
  await db
    .update(signingTokens)
    .set({ revokedAt: params.now })
    .where(and(eq(signingTokens.documentId, params.documentId), isNull(signingTokens.revokedAt)));
}
