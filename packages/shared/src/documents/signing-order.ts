import { recipientsOnTurn, type StepRecipient } from './recipient-steps.js';

/**
 * Section 4, signing order: the recipients who may get a reminder or a signing link now. Unfinished recipients
 * other than the preparer and a cc; when the document is ordered, only those of the current step
 * (`recipient-steps.ts`: a signer with no step is a step of its own, as before steps).
 */
export function signersOnTurn<T extends StepRecipient>(document: { isOrdered: boolean }, signers: readonly T[]): T[] {
  return recipientsOnTurn(document, signers);
}
