import type { ActivityType } from '@esign/shared';

/**
 * Who each signer was when each activity row was written (issue 36). A correction (`correct`) or a reassignment
 * (`reassign`) keeps the signer's row and changes its name and e-mail, recording both people in its details; rows
 * written before it name the signer as they were then, never as the person who came after.
 */
export interface Person {
  name: string;
  email: string;
}

interface HistoryRow {
  type: ActivityType;
  signerIds: string[];
  details: Record<string, string> | null;
}

const CHANGES: readonly ActivityType[] = ['correct', 'reassign'];

/** The two people of a correction or reassignment row; null for any other row. */
export function changeOf(row: HistoryRow): { from: Person; to: Person; reason: string | null } | null {
  const details = row.details;
  if (!CHANGES.includes(row.type) || !details?.fromEmail || !details.toEmail) return null;
  return {
    from: { name: details.fromName ?? '', email: details.fromEmail },
    to: { name: details.toName ?? '', email: details.toEmail },
    reason: details.reason ?? null,
  };
}

/** Whether a change row made the signer another person (not only another code or language). */
export function isNewPerson(change: { from: Person; to: Person }): boolean {
  return change.from.email.toLowerCase() !== change.to.email.toLowerCase() || change.from.name !== change.to.name;
}

/**
 * For rows in order (oldest first) and each signer's person now: the person each row names, by row index and
 * signer id. Walked from the newest row back: a change row names the person it made, the rows before it the one
 * it replaced.
 */
export function peopleAtRows<R extends HistoryRow>(rows: readonly R[], now: ReadonlyMap<string, Person>) {
  const current = new Map(now);
  const found: Map<string, Person>[] = new Array(rows.length);
  for (let index = rows.length - 1; index >= 0; index--) {
    const row = rows[index] as R;
    const named = new Map<string, Person>();
    for (const id of row.signerIds) {
      const person = current.get(id);
      if (person) named.set(id, person);
    }
    found[index] = named;
    const change = changeOf(row);
    const [signerId] = row.signerIds;
    if (change && signerId) current.set(signerId, change.from);
  }
  return (index: number, signerId: string): Person | undefined => found[index]?.get(signerId);
}
