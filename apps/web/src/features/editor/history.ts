import type { DocumentField } from '@esign/shared';

/** The editor's fields, normalised by id. */
export type FieldsById = Readonly<Record<string, DocumentField>>;

/**
 * One change of the fields as a reversible diff (tldraw's RecordsDiff): fields added, fields updated as
 * [before, after] pairs, fields removed (their last state, so undo can bring them back).
 */
export interface FieldsDiff {
  added: Record<string, DocumentField>;
  updated: Record<string, [DocumentField, DocumentField]>;
  removed: Record<string, DocumentField>;
}

export interface History {
  /** Applied diffs, oldest first; undo takes the last one. */
  undos: readonly FieldsDiff[];
  /** Undone diffs, most recently undone last; redo takes the last one. */
  redos: readonly FieldsDiff[];
}

export const EMPTY_HISTORY: History = { undos: [], redos: [] };

export function isEmptyDiff(diff: FieldsDiff): boolean {
  return (
    Object.keys(diff.added).length === 0 &&
    Object.keys(diff.updated).length === 0 &&
    Object.keys(diff.removed).length === 0
  );
}

function sameField(a: DocumentField, b: DocumentField): boolean {
  if (a === b) return true;
  const keys = Object.keys(a) as (keyof DocumentField)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** The diff that turns `before` into `after`. */
export function diffFields(before: FieldsById, after: FieldsById): FieldsDiff {
  const diff: FieldsDiff = { added: {}, updated: {}, removed: {} };
  for (const [id, field] of Object.entries(after)) {
    const previous = before[id];
    if (previous === undefined) diff.added[id] = field;
    else if (!sameField(previous, field)) diff.updated[id] = [previous, field];
  }
  for (const [id, field] of Object.entries(before)) {
    if (after[id] === undefined) diff.removed[id] = field;
  }
  return diff;
}

export function reverseDiff(diff: FieldsDiff): FieldsDiff {
  const updated: FieldsDiff['updated'] = {};
  for (const [id, [from, to]] of Object.entries(diff.updated)) updated[id] = [to, from];
  return { added: diff.removed, updated, removed: diff.added };
}

export function applyDiff(fields: FieldsById, diff: FieldsDiff): FieldsById {
  const next: Record<string, DocumentField> = { ...fields };
  for (const id of Object.keys(diff.removed)) delete next[id];
  for (const [id, field] of Object.entries(diff.added)) next[id] = field;
  for (const [id, [, to]] of Object.entries(diff.updated)) next[id] = to;
  return next;
}

/** Records a new action: it becomes the last undo, and whatever was undone can no longer be redone. */
export function recordDiff(history: History, diff: FieldsDiff): History {
  if (isEmptyDiff(diff)) return history;
  return { undos: [...history.undos, diff], redos: [] };
}

/** Undoes the last action: the fields with its reverse applied, and the history with it moved to redo. */
export function undo(history: History, fields: FieldsById): { history: History; fields: FieldsById } | null {
  const diff = history.undos.at(-1);
  if (diff === undefined) return null;
  return {
    history: { undos: history.undos.slice(0, -1), redos: [...history.redos, diff] },
    fields: applyDiff(fields, reverseDiff(diff)),
  };
}

export function redo(history: History, fields: FieldsById): { history: History; fields: FieldsById } | null {
  const diff = history.redos.at(-1);
  if (diff === undefined) return null;
  return {
    history: { undos: [...history.undos, diff], redos: history.redos.slice(0, -1) },
    fields: applyDiff(fields, diff),
  };
}
