import { recipientsOnTurn, type StepRecipient } from '@esign/shared';

/**
 * The recipients whose turn it is: ordered, the unfinished ones of the current step (one signer per step before
 * steps existed); unordered, every unfinished one. A cc and the preparer never (`recipient-steps.ts`).
 */
export function signersWhoseTurnItIs<T extends StepRecipient>(signers: readonly T[], isOrdered: boolean): T[] {
  return recipientsOnTurn({ isOrdered }, signers);
}
