import {
  dropTrailingEmptySigner,
  hasPreparerSigner,
  MESSAGES,
  needsPhone,
  normalizeEmail,
  normalizePhone,
  type SignerInput,
  signerLineErrors,
  signerListError,
} from '@esign/shared';
import * as repo from '../../data/documents.js';
import type { UserRow } from '../../data/users.js';
import type { Db } from '../../platform/db/client.js';
import { validationError } from '../../platform/http/error-handler.js';

/**
 * PATCH documents/{id} `signers`: the whole list. The preparer ('Me (Now)', order -1) of Only Me and Me & Others
 * is the current user, whatever the request says about them; the other signers keep the request's order from 1.
 * Existing signers (by id) are updated, new ones inserted, missing ones removed (their fields become unassigned
 * through the foreign key). Runs inside the caller's transaction, with the document row locked.
 */
export async function replaceSigners(
  tx: Db,
  params: { document: repo.DocumentRow; user: UserRow; signers: SignerInput[] },
): Promise<void> {
  const { document, user } = params;
  const lines = dropTrailingEmptySigner(params.signers.filter((signer) => !signer.isPreparer));
  const issues = signerLineErrors(lines).map((error) => ({
    path: ['signers', String(error.index), error.field],
    keyword: 'signer',
    message: error.message,
  }));
  const listError = signerListError(document.type, lines);
  if (listError) issues.push({ path: ['signers'], keyword: 'signers', message: listError });

  const existing = await repo.listSigners(tx, document.id);
  const existingOthers = new Map(existing.filter((row) => !row.isPreparer).map((row) => [row.id, row]));
  lines.forEach((line, index) => {
    if (line.id && !existingOthers.has(line.id)) {
      issues.push({ path: ['signers', String(index), 'id'], keyword: 'signer', message: MESSAGES.signerNotInDocument });
    }
  });
  if (issues.length > 0) throw validationError(issues);

  const keptIds = new Set(lines.flatMap((line) => (line.id ? [line.id] : [])));
  const removed = existing.filter((row) => (row.isPreparer ? !hasPreparerSigner(document.type) : !keptIds.has(row.id)));
  await repo.deleteSigners(
    tx,
    removed.map((row) => row.id),
  );

  if (hasPreparerSigner(document.type)) {
    const preparer = existing.find((row) => row.isPreparer);
    const values = { userId: user.id, name: user.name, email: user.email, order: -1, isPreparer: true };
    if (preparer) await repo.updateSigner(tx, { documentId: document.id, signerId: preparer.id, values });
    else await repo.insertSigner(tx, { ...values, documentId: document.id });
  }

  for (const [index, line] of lines.entries()) {
    const values = {
      name: line.name.trim(),
      email: normalizeEmail(line.email),
      order: index + 1,
      recipientRole: line.recipientRole ?? 'signer',
      step: line.step ?? index + 1,
      verification: line.verification ?? 'none',
      // The number is kept only while an SMS code needs it (signerLineErrors checked it).
      phone: needsPhone(line.verification) ? normalizePhone(line.phone) : null,
    };
    if (line.id) await repo.updateSigner(tx, { documentId: document.id, signerId: line.id, values });
    else await repo.insertSigner(tx, { ...values, documentId: document.id, userId: null, isPreparer: false });
  }
}
