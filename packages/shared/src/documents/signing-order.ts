/**
 * Section 4, signing order: the signers who may get a reminder or a signing link now. Unfinished signers other
 * than the preparer; when the document is ordered, only the first of them.
 */
export function signersOnTurn<T extends { order: number; isPreparer: boolean; isFinished: boolean }>(
  document: { isOrdered: boolean },
  signers: readonly T[],
): T[] {
  const waiting = signers
    .filter((signer) => !signer.isPreparer && !signer.isFinished)
    .sort((a, b) => a.order - b.order);
  return document.isOrdered ? waiting.slice(0, 1) : waiting;
}
