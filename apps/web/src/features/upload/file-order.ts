/** The list with the item at `from` moved to `to` (both clamped to the list); the input is not changed. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const result = [...items];
  if (from < 0 || from >= result.length) return result;
  const target = Math.max(0, Math.min(result.length - 1, to));
  const [item] = result.splice(from, 1);
  if (item !== undefined) result.splice(target, 0, item);
  return result;
}

/** The list with the item of id `id` moved one place up (-1) or down (+1). */
export function moveById<T extends { id: string }>(items: readonly T[], id: string, step: -1 | 1): T[] {
  const from = items.findIndex((item) => item.id === id);
  return from < 0 ? [...items] : moveItem(items, from, from + step);
}

/** The body of PATCH /documents/:id for parts in their new order: every part once, ordered from 0. */
export function orderPayload(partIds: readonly string[]): { parts: { id: string; order: number }[] } {
  return { parts: partIds.map((id, order) => ({ id, order })) };
}

/** Parts sorted as the server orders them. */
export function sortByOrder<T extends { order: number }>(parts: readonly T[]): T[] {
  return [...parts].sort((a, b) => a.order - b.order);
}
