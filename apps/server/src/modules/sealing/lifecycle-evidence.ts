import type { documentActivities } from '../../platform/db/schema.js';
import { formatInstant } from '../../platform/pdf/seal/certificate.js';

type ActivityRow = Pick<typeof documentActivities.$inferSelect, 'type' | 'details' | 'createdAt'>;

const ENDINGS: Record<string, string> = {
  declined: 'declined',
  voided: 'voided by the sender',
  expired: 'expired',
};

/**
 * What the certificate of completion says of the document's life besides its signers (issue 36), from the audit
 * trail only, oldest first: the document it was made from by Edit & Resend and how that one ended (by whom, when,
 * the reason given), each expiry and each change of the expiry date after sending. Empty for a document that went
 * through none of these.
 */
export function certificateHistory(activities: ActivityRow[]): string[] {
  const ordered = [...activities].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return ordered.flatMap((row) => {
    const details = row.details ?? {};
    if (row.type === 'create' && details.resentFrom) {
      const ending = ENDINGS[details.endedAs ?? ''] ?? 'ended';
      const by = details.endedBy ? ` by ${details.endedBy}` : '';
      const at = details.endedAt ? ` on ${formatInstant(new Date(details.endedAt))}` : '';
      const reason = details.reason ? ` Reason given: "${details.reason}".` : '';
      return [`Made with Edit & Resend from document ${details.resentFrom}, which was ${ending}${by}${at}.${reason}`];
    }
    if (row.type === 'expire')
      return [`${formatInstant(row.createdAt)}: the expiry date passed; the document expired.`];
    if (row.type === 'extend') {
      const date = details.expiresAt === 'none' ? 'no expiry date' : `the expiry date ${details.expiresAt}`;
      const reopened = details.from === 'expired' ? ' and made the document signable again with the same links' : '';
      return [`${formatInstant(row.createdAt)}: the sender set ${date}${reopened}.`];
    }
    return [];
  });
}
