import type { RecipientRole } from '@esign/shared';
import { changeOf, isNewPerson, type Person } from '../../data/signer-history.js';
import type { documentActivities, signers } from '../../platform/db/schema.js';
import {
  type CertificateAttachment,
  type CertificateSigner,
  formatInstant,
} from '../../platform/pdf/seal/certificate.js';
import { safeFileName } from '../../platform/storage/keys.js';

/** A recipient; with no role, a signer. */
type SignerRow = Pick<typeof signers.$inferSelect, 'id' | 'name' | 'email' | 'order' | 'isPreparer'> & {
  recipientRole?: RecipientRole;
};
type ActivityRow = Pick<
  typeof documentActivities.$inferSelect,
  'type' | 'signerIds' | 'sourceIp' | 'userAgent' | 'details' | 'createdAt'
>;

/** One person who held a signer's place: the rows of their time, and the changes that began and ended it. */
interface Holder {
  person: Person;
  rows: ActivityRow[];
  began: ActivityRow | null;
  ended: ActivityRow | null;
}

/**
 * The people who held one signer's place, oldest first: a correction or a reassignment that made it another person
 * (issue 36) ends one holder's time and begins the next's; the last holder is the signer's row as it is now.
 */
function holdersOf(person: SignerRow, rows: ActivityRow[]): Holder[] {
  const holders: Holder[] = [];
  let current: Holder = { person: { name: '', email: '' }, rows: [], began: null, ended: null };
  for (const row of rows) {
    if (!row.signerIds.includes(person.id)) continue;
    const change = changeOf(row);
    if (change && isNewPerson(change)) {
      holders.push({ ...current, person: change.from, ended: row });
      current = { person: change.to, rows: [], began: row, ended: null };
      continue;
    }
    current.rows.push(row);
  }
  holders.push({ ...current, person: { name: person.name, email: person.email } });
  return holders;
}

/** What the certificate adds about a holder: the hand-overs, corrections and an in-person signature. */
function notesOf(holder: Holder, signed: ActivityRow | null): string[] {
  const notes: string[] = [];
  const began = holder.began ? changeOf(holder.began) : null;
  if (holder.began && began) {
    notes.push(
      holder.began.type === 'reassign'
        ? `Took over from ${began.from.name} (${began.from.email}), who reassigned it on ${formatInstant(holder.began.createdAt)}`
        : `Named by the sender's correction on ${formatInstant(holder.began.createdAt)}, replacing ${began.from.name} (${began.from.email})`,
    );
  }
  for (const row of holder.rows) {
    // Issue 38: how the recipient proved who they are, where the code went (masked) and when.
    if (row.type === 'identity_check') {
      const by = row.details?.channel === 'sms' ? 'SMS code' : 'e-mail code';
      notes.push(`Identity checked by ${by} to ${row.details?.to ?? ''} on ${formatInstant(row.createdAt)}`);
    }
    if (row.type === 'correct') {
      notes.push(
        `Corrected by the sender on ${formatInstant(row.createdAt)} (access code or language); a new link was sent`,
      );
    }
  }
  const ended = holder.ended ? changeOf(holder.ended) : null;
  if (holder.ended && ended) {
    notes.push(
      holder.ended.type === 'reassign'
        ? `Reassigned to ${ended.to.name} (${ended.to.email}) on ${formatInstant(holder.ended.createdAt)}. Reason: ${ended.reason ?? UNKNOWN_REASON}`
        : `Replaced by the sender's correction on ${formatInstant(holder.ended.createdAt)} with ${ended.to.name} (${ended.to.email})`,
    );
  }
  const host = signed?.details?.hostedBy;
  if (host) notes.push(`Signed in person, hosted by ${host}`);
  return notes;
}
const UNKNOWN_REASON = 'none given';

/**
 * What the certificate says of each signer, from the audit trail only: the first `send`, `view` and `sign` rows
 * naming the signer give the times; the IP address and user agent are those recorded when signing (else when
 * viewing); the consent is the one recorded with the signature. Nothing recorded stays null ('unknown').
 * Signers come in signing order, the preparer first. Each comes with its role (issue 36) and what it did besides:
 * an approver's approval (or its rejection with the reason), a viewer's acknowledgement. A signer's place held by
 * several people in turn (a correction of the person, a reassignment) lists each of them, with their own times and
 * the hand-over.
 */
export function certificateSigners(people: SignerRow[], activities: ActivityRow[]): CertificateSigner[] {
  const ordered = [...activities].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return [...people]
    .sort((a, b) => Number(b.isPreparer) - Number(a.isPreparer) || a.order - b.order)
    .flatMap((person) =>
      holdersOf(person, ordered).map((holder) => {
        const first = (type: ActivityRow['type']) => holder.rows.find((row) => row.type === type) ?? null;
        // The sender is not mailed: their document was sent when it was first sent to anyone.
        const sent = first('send') ?? (person.isPreparer ? (ordered.find((row) => row.type === 'send') ?? null) : null);
        const viewed = first('view');
        const signed = first('sign');
        const consent = signed?.details?.consent;
        const notes = notesOf(holder, signed);
        const role = person.recipientRole ?? 'signer';
        const acted = role === 'approver' ? first('approve') : role === 'viewer' ? first('acknowledge') : null;
        const rejected = role === 'approver' ? first('reject') : null;
        return {
          role,
          actedAt: acted?.createdAt ?? null,
          rejection: rejected ? { at: rejected.createdAt, reason: rejected.details?.reason ?? '' } : null,
          name: holder.person.name,
          email: holder.person.email,
          ipAddress: signed?.sourceIp ?? acted?.sourceIp ?? viewed?.sourceIp ?? null,
          userAgent: signed?.userAgent ?? acted?.userAgent ?? viewed?.userAgent ?? null,
          sentAt: sent?.createdAt ?? null,
          viewedAt: viewed?.createdAt ?? null,
          signedAt: signed?.createdAt ?? null,
          consent: typeof consent === 'string' && consent.trim() ? consent : null,
          ...(notes.length > 0 ? { notes } : {}),
        };
      }),
    );
}

/**
 * The files signers attached (issue 37), as the certificate lists them: name, size, SHA-256, who attached it (the
 * field's signer) and the unique name it is embedded under in the sealed PDF (`attachment-<n>-<name>`).
 */
export function certificateAttachments(
  attachments: { fieldId: string; fileName: string; sizeBytes: number; sha256: string }[],
  fields: { id: string; signerId: string | null }[],
  people: Pick<SignerRow, 'id' | 'name'>[],
): CertificateAttachment[] {
  const signerOf = new Map(fields.map((field) => [field.id, field.signerId]));
  const nameOf = new Map(people.map((person) => [person.id, person.name]));
  return attachments.map((attachment, index) => ({
    fileName: attachment.fileName,
    sizeBytes: attachment.sizeBytes,
    sha256: attachment.sha256,
    attachedBy: nameOf.get(signerOf.get(attachment.fieldId) ?? '') ?? 'unknown',
    embeddedAs: `attachment-${index + 1}-${safeFileName(attachment.fileName)}`,
  }));
}
