import type { ActivityRow } from '../../data/activity.js';
import { type ChainCheck, type ChainedRow, checkChain } from '../../platform/crypto/audit-chain.js';

/** The format of the audit trail a sealed PDF embeds (`audit-trail.json`). */
export const AUDIT_TRAIL_FORMAT = 'esign-audit-trail/1';

export interface EmbeddedAuditTrail {
  format: typeof AUDIT_TRAIL_FORMAT;
  documentId: string;
  count: number;
  finalHash: string | null;
  /** The rows in the order written, with the chain's hashes (`platform/crypto/audit-chain.ts` says how to recompute). */
  events: (Omit<ChainedRow, 'documentId' | 'createdAt'> & { createdAt: string })[];
}

/** The trail as the seal embeds it: every row of the document so far, in the order written, with its hashes. */
export function embeddedAuditTrail(documentId: string, rows: ActivityRow[]): EmbeddedAuditTrail {
  const check = checkChain(rows);
  return {
    format: AUDIT_TRAIL_FORMAT,
    documentId,
    count: check.count,
    finalHash: check.isIntact ? check.finalHash : null,
    events: rows.map((row) => ({
      id: row.id,
      type: row.type,
      userId: row.userId,
      signerIds: row.signerIds,
      sourceIp: row.sourceIp,
      userAgent: row.userAgent,
      details: row.details,
      createdAt: row.createdAt.toISOString(),
      previousHash: row.previousHash,
      hash: row.hash,
    })),
  };
}

/** Reads an embedded trail back, or null when the bytes are not one. */
export function parseEmbeddedAuditTrail(bytes: Uint8Array | null): EmbeddedAuditTrail | null {
  if (!bytes) return null;
  try {
    const parsed = JSON.parse(new TextDecoder().decode(bytes)) as EmbeddedAuditTrail;
    return parsed.format === AUDIT_TRAIL_FORMAT && Array.isArray(parsed.events) ? parsed : null;
  } catch {
    return null;
  }
}

/** How the audit trail of a file sealed here compares with the database's. */
export type AuditTrailMatch =
  /** The database's chain is whole and begins with exactly the rows the file embeds. */
  | 'matches'
  /** A row was rewritten (or removed) after it was written: the chain breaks, or no longer holds the embedded rows. */
  | 'changed'
  /** The file embeds no trail (sealed before trails were embedded). */
  | 'notEmbedded';

/**
 * The embedded trail (recomputed: its own chain must hold) against the database's rows (their chain must hold, and
 * its first `count` hashes must be the embedded ones; later rows, such as archive timestamps, may follow).
 */
export function compareAuditTrail(
  embedded: EmbeddedAuditTrail | null,
  rows: ActivityRow[],
): { match: AuditTrailMatch; database: ChainCheck; brokenAt: number | null } {
  const database = checkChain(rows);
  if (!database.isIntact) return { match: 'changed', database, brokenAt: database.brokenAt };
  if (!embedded) return { match: 'notEmbedded', database, brokenAt: null };
  const own = checkChain(
    embedded.events.map((event) => ({
      ...event,
      documentId: embedded.documentId,
      createdAt: new Date(event.createdAt),
    })),
  );
  if (!own.isIntact) return { match: 'changed', database, brokenAt: own.brokenAt };
  const chained = rows.filter((row) => row.hash !== null);
  const mismatch = embedded.events
    .filter((event) => event.hash !== null)
    .findIndex((event, index) => chained[index]?.hash !== event.hash || chained[index]?.id !== event.id);
  return mismatch === -1
    ? { match: 'matches', database, brokenAt: null }
    : { match: 'changed', database, brokenAt: rows.length - chained.length + mismatch };
}
