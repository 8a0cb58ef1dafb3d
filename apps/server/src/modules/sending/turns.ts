/** The signers whose turn it is: ordered, the first unfinished one by order; unordered, every unfinished one. */
export function signersWhoseTurnItIs<T extends { order: number; isPreparer: boolean; isFinished: boolean }>(
  signers: readonly T[],
  isOrdered: boolean,
): T[] {
  const waiting = signers
    .filter((signer) => !signer.isPreparer && !signer.isFinished)
    .sort((a, b) => a.order - b.order);
  return isOrdered ? waiting.slice(0, 1) : waiting;
}
