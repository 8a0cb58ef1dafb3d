import { createHash } from 'node:crypto';

/** What of an activity row the chain covers: everything it records, and its instant. */
export interface ChainedContent {
  documentId: string;
  type: string;
  userId: string | null;
  signerIds: string[];
  sourceIp: string | null;
  userAgent: string | null;
  details: Record<string, string> | null;
  createdAt: Date;
}

export interface ChainedRow extends ChainedContent {
  id: string;
  previousHash: string | null;
  hash: string | null;
}

/**
 * The row's hash: SHA-256 (hex) of its predecessor's hash and its content, as one JSON array with a fixed order
 * (details by sorted key), so anyone can recompute it from the embedded trail (`audit-trail.json`) with any
 * JSON library: `sha256(JSON.stringify([previousHash, documentId, type, userId, signerIds, sourceIp, userAgent,
 * [[key, value]...sorted], createdAt ISO-8601]))`.
 */
export function activityHash(content: ChainedContent, previousHash: string | null): string {
  const details = content.details
    ? Object.keys(content.details)
        .sort()
        .map((key) => [key, content.details?.[key] ?? null])
    : null;
  const canonical = JSON.stringify([
    previousHash,
    content.documentId,
    content.type,
    content.userId,
    content.signerIds,
    content.sourceIp,
    content.userAgent,
    details,
    content.createdAt.toISOString(),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

export type ChainCheck =
  | { isIntact: true; count: number; finalHash: string | null }
  | {
      isIntact: false;
      count: number;
      /** The first row (0-based, in the order written) whose stored hashes do not match its content or predecessor. */
      brokenAt: number;
      rowId: string;
    };

/**
 * Walks a document's rows in the order they were written: each must name its predecessor's hash and hash to what it
 * stores. Rows written before the chain existed (no hash) may only come first; they are not counted.
 */
export function checkChain(rows: ChainedRow[]): ChainCheck {
  let previous: string | null = null;
  let count = 0;
  for (const [index, row] of rows.entries()) {
    if (row.hash === null && count === 0 && row.previousHash === null) continue;
    if (row.previousHash !== previous || row.hash !== activityHash(row, previous)) {
      return { isIntact: false, count: rows.length, brokenAt: index, rowId: row.id };
    }
    previous = row.hash;
    count += 1;
  }
  return { isIntact: true, count, finalHash: previous };
}
