import { FORM_SIGNER_ROLE, MESSAGES, type TemplateRole } from '@esign/shared';
import * as repo from '../../data/documents.js';
import { findUserById } from '../../data/users.js';
import type { Db } from '../../platform/db/client.js';
import { validationError } from '../../platform/http/error-handler.js';

/**
 * PATCH documents/templates/{id} `roles`: the whole list. A role is a signer with a role name and no name or e-mail,
 * in the list's order from 1. Existing roles (by id) are updated, new ones inserted, missing ones removed (their
 * fields become unassigned through the foreign key). Identical roles are kept: activation reports them ('One or
 * more signers are identical'). Runs inside the caller's transaction, with the template row locked.
 */
export async function replaceRoles(tx: Db, params: { templateId: string; roles: TemplateRole[] }): Promise<void> {
  const { templateId, roles } = params;
  const existing = await repo.listSigners(tx, templateId);
  const existingIds = new Set(existing.map((row) => row.id));
  const issues = roles.flatMap((role, index) =>
    role.id && !existingIds.has(role.id)
      ? [{ path: ['roles', String(index), 'id'], keyword: 'role', message: MESSAGES.signerNotInDocument }]
      : [],
  );
  if (issues.length > 0) throw validationError(issues);

  const keptIds = new Set(roles.flatMap((role) => (role.id ? [role.id] : [])));
  await repo.deleteSigners(
    tx,
    existing.filter((row) => !keptIds.has(row.id)).map((row) => row.id),
  );
  for (const [index, role] of roles.entries()) {
    const values = {
      role: role.role.trim(),
      name: '',
      email: '',
      order: index + 1,
      recipientRole: role.recipientRole ?? 'signer',
      step: role.step ?? index + 1,
      verification: role.verification ?? 'none',
    };
    if (role.id) await repo.updateSigner(tx, { documentId: templateId, signerId: role.id, values });
    else await repo.insertSigner(tx, { ...values, documentId: templateId, userId: null, isPreparer: false });
  }
}

/** A new form's signers (spec part 1, seed form signers): its owner as 'Me (Now)' at -1 and the role 'SIGNER' at 0. */
export async function seedFormSigners(tx: Db, params: { formId: string; userId: string }): Promise<void> {
  const owner = await findUserById(tx, params.userId);
  if (!owner) throw new Error('form owner not found');
  const base = { documentId: params.formId };
  await repo.insertSigner(tx, {
    ...base,
    userId: owner.id,
    name: owner.name,
    email: owner.email,
    isPreparer: true,
    order: -1,
  });
  await repo.insertSigner(tx, {
    ...base,
    userId: null,
    name: '',
    email: '',
    role: FORM_SIGNER_ROLE,
    isPreparer: false,
    order: 0,
  });
}
