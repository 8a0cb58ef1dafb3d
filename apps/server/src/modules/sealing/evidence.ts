import type { RecipientRole } from '@esign/shared';
import type { documentActivities, signers } from '../../platform/db/schema.js';
import type { CertificateSigner } from '../../platform/pdf/seal/certificate.js';

/** A recipient; with no role, a signer. */
type SignerRow = Pick<typeof signers.$inferSelect, 'id' | 'name' | 'email' | 'order' | 'isPreparer'> & {
  recipientRole?: RecipientRole;
};
type ActivityRow = Pick<
  typeof documentActivities.$inferSelect,
  'type' | 'signerIds' | 'sourceIp' | 'userAgent' | 'details' | 'createdAt'
>;

/**
 * What the certificate says of each signer, from the audit trail only: the first `send`, `view` and `sign` rows
 * naming the signer give the times; the IP address and user agent are those recorded when signing (else when
 * viewing); the consent is the one recorded with the signature. Nothing recorded stays null ('unknown').
 * Signers come in signing order, the preparer first. Each comes with its role (issue 36) and what it did besides:
 * an approver's approval (or its rejection with the reason), a viewer's acknowledgement.
 */
export function certificateSigners(people: SignerRow[], activities: ActivityRow[]): CertificateSigner[] {
  const ordered = [...activities].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const first = (signerId: string, type: ActivityRow['type']) =>
    ordered.find((row) => row.type === type && row.signerIds.includes(signerId)) ?? null;
  return [...people]
    .sort((a, b) => Number(b.isPreparer) - Number(a.isPreparer) || a.order - b.order)
    .map((person) => {
      // The sender is not mailed: their document was sent when it was first sent to anyone.
      const sent =
        first(person.id, 'send') ?? (person.isPreparer ? (ordered.find((row) => row.type === 'send') ?? null) : null);
      const viewed = first(person.id, 'view');
      const signed = first(person.id, 'sign');
      const consent = signed?.details?.consent;
      const role = person.recipientRole ?? 'signer';
      const acted =
        role === 'approver' ? first(person.id, 'approve') : role === 'viewer' ? first(person.id, 'acknowledge') : null;
      const rejected = role === 'approver' ? first(person.id, 'reject') : null;
      return {
        role,
        actedAt: acted?.createdAt ?? null,
        rejection: rejected ? { at: rejected.createdAt, reason: rejected.details?.reason ?? '' } : null,
        name: person.name,
        email: person.email,
        ipAddress: signed?.sourceIp ?? acted?.sourceIp ?? viewed?.sourceIp ?? null,
        userAgent: signed?.userAgent ?? acted?.userAgent ?? viewed?.userAgent ?? null,
        sentAt: sent?.createdAt ?? null,
        viewedAt: viewed?.createdAt ?? null,
        signedAt: signed?.createdAt ?? null,
        consent: typeof consent === 'string' && consent.trim() ? consent : null,
      };
    });
}
