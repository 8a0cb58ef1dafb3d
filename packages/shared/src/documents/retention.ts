/**
 * Retention (issue 39): an account may keep its finished documents (completed, declined, voided, expired) for a
 * number of days after they ended, then their files and personal data are removed and a stub is kept (title, dates,
 * the sealed file's SHA-256, the audit chain's last hash). Forever (null) is the default. A legal hold, on one
 * document or on the whole account, suspends every removal. Zod-free, so the browser can use it anywhere.
 */
export const RETENTION_STATUSES = ['completed', 'declined', 'voided', 'expired'] as const;
export type RetentionStatus = (typeof RETENTION_STATUSES)[number];

/** The longest retention a rule may name (days, about 100 years); the shortest is one day. */
export const RETENTION_MAX_DAYS = 36_500;

/** The placeholder an erased person becomes (issue 39, erasure on request): a name and an address no mail reaches. */
export const ERASED_NAME = 'Erased person';
/** `.invalid` is reserved (RFC 2606): no mail is ever delivered there. */
export const ERASED_EMAIL_DOMAIN = 'erased.invalid';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionInput {
  status: string;
  /** When the document ended (completed, declined, voided or expired); null: it has not. */
  endedAt: Date | null;
  /** The account's rule: days kept after the end; null keeps it forever. */
  retentionDays: number | null;
  /** A hold on the document or on its account. */
  isHeld: boolean;
  /** Already a stub. */
  isRemoved: boolean;
}

/** The instant a finished document's files and personal data are due to go, or null when never (now). */
export function retentionDueAt(input: RetentionInput): Date | null {
  if (input.isRemoved || input.isHeld || input.retentionDays === null || input.endedAt === null) return null;
  if (!(RETENTION_STATUSES as readonly string[]).includes(input.status)) return null;
  return new Date(input.endedAt.getTime() + input.retentionDays * DAY_MS);
}

/** Whether the retention rule removes the document at `now`. */
export function isRetentionDue(input: RetentionInput, now: Date): boolean {
  const due = retentionDueAt(input);
  return due !== null && due.getTime() <= now.getTime();
}
