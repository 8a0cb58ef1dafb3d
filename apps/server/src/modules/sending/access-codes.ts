import { randomInt } from 'node:crypto';
import { companyOfDocumentOwner } from '../../data/company.js';
import { setAccessCodeIfNone } from '../../data/documents.js';
import type { Db } from '../../platform/db/client.js';

/** 8 characters without look-alikes (0/O, 1/I/L): about 40 bits, guessed at 5 tries per 15 minutes per address. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 8;

export function randomAccessCode(): string {
  return Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/**
 * Signer access codes (a company setting): every document sent gets a random access code of its own, unless it
 * has one already (the owner's, or from an earlier send before an Edit & Resend). Kept as the documents' existing
 * `code_access` (the owner copies it from the list's 'Copy Access Password'; signing asks for it). Call it in the
 * send-out's transaction.
 */
export async function giveAccessCodes(tx: Db, input: { ownerUserId: string; documentIds: string[] }): Promise<void> {
  if (input.documentIds.length === 0) return;
  const company = await companyOfDocumentOwner(tx, input.ownerUserId);
  if (!company?.enableSignerAccessCodes) return;
  for (const id of input.documentIds) {
    await setAccessCodeIfNone(tx, { documentId: id, code: randomAccessCode() });
  }
}
