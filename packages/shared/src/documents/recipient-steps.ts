/**
 * Issue 36, roles and steps: each recipient of a document has a role and a step of the signing order.
 *
 * - `signer` fills its own fields and signs (the only role that owns fields);
 * - `approver` reviews and approves (or rejects with a reason);
 * - `viewer` opens the document and acknowledges having seen it;
 * - `cc` takes no part in the order and gets the completed document with the completion mail.
 *
 * The order is a list of steps: a step's recipients act in any order, and the next step starts when every one of
 * them has acted. A recipient's step is `step`, or its `order` when it has none (documents from before steps, and
 * inserts that name none), so a strictly ordered document is the case of one recipient per step and an unordered
 * one the case of a single step.
 */
export const RECIPIENT_ROLES = ['signer', 'approver', 'viewer', 'cc'] as const;
export type RecipientRole = (typeof RECIPIENT_ROLES)[number];

/** What a recipient of each role does when it is its turn (the activity it leaves). */
export const RECIPIENT_ACTIONS = { signer: 'sign', approver: 'approve', viewer: 'acknowledge', cc: null } as const;

/** The highest step number a recipient may be given. */
export const MAX_STEP = 100;

export interface StepRecipient {
  order: number;
  /** Null: the recipient's `order` is its step. */
  step?: number | null;
  /** Absent: a signer. */
  recipientRole?: RecipientRole;
  isPreparer: boolean;
  isFinished: boolean;
}

/** Whether the role may own fields (the editor and the sending checks keep the others without). */
export function canOwnFields(role: RecipientRole | undefined): boolean {
  return (role ?? 'signer') === 'signer';
}

/** The recipient's step: its own, else its order. */
export function stepOf(recipient: Pick<StepRecipient, 'order' | 'step'>): number {
  return recipient.step ?? recipient.order;
}

/** Whether the recipient acts in the order at all: not the preparer (who acts when sending), not a cc. */
export function takesPartInOrder(recipient: Pick<StepRecipient, 'isPreparer' | 'recipientRole'>): boolean {
  return !recipient.isPreparer && recipient.recipientRole !== 'cc';
}

/**
 * The recipients who may act now: unfinished participants; in an ordered document only those of the lowest step
 * any unfinished participant is in. Sorted by step, then order.
 */
export function recipientsOnTurn<T extends StepRecipient>(
  document: { isOrdered: boolean },
  recipients: readonly T[],
): T[] {
  const waiting = recipients
    .filter((recipient) => takesPartInOrder(recipient) && !recipient.isFinished)
    .sort((a, b) => stepOf(a) - stepOf(b) || a.order - b.order);
  if (!document.isOrdered || waiting.length === 0) return waiting;
  const current = stepOf(waiting[0] as T);
  return waiting.filter((recipient) => stepOf(recipient) === current);
}

/**
 * The recipients whose turn begins when `actedId` finishes: those on turn after it who were not before. Empty
 * while others of the same step still have to act, and for an unordered document (everyone was on turn already).
 */
export function recipientsNewlyOnTurn<T extends StepRecipient & { id: string }>(
  document: { isOrdered: boolean },
  recipients: readonly T[],
  actedId: string,
): T[] {
  const before = new Set(recipientsOnTurn(document, recipients).map((recipient) => recipient.id));
  const after = recipients.map((recipient) =>
    recipient.id === actedId ? { ...recipient, isFinished: true } : recipient,
  );
  return recipientsOnTurn(document, after).filter((recipient) => !before.has(recipient.id));
}

/** Whether every participant has acted (cc and the preparer aside): the document may complete. */
export function everyoneHasActed(recipients: readonly StepRecipient[]): boolean {
  return recipients.every((recipient) => !takesPartInOrder(recipient) || recipient.isFinished);
}

/**
 * The steps as the prepare form shows them: each line's step, or its position from 1 when it has none. Gaps are
 * closed (steps 1, 3, 3 become 1, 2, 2) so the numbers a person reads are consecutive.
 */
export function compactSteps(steps: readonly (number | null | undefined)[]): number[] {
  const given = steps.map((step, index) => step ?? index + 1);
  const distinct = [...new Set(given)].sort((a, b) => a - b);
  return given.map((step) => distinct.indexOf(step) + 1);
}
