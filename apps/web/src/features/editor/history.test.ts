import { blankField, type DocumentField } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import { applyDiff, diffFields, EMPTY_HISTORY, type FieldsById, type History, recordDiff, redo, undo } from './history';

const field = (id: string, patch: Partial<DocumentField> = {}): DocumentField =>
  blankField({ id, type: 'text', coordinateX: 10, coordinateY: 10, ...patch });

/** Applies a change as the editor does: new fields, and the diff recorded in history. */
function act(state: { fields: FieldsById; history: History }, next: FieldsById) {
  return { fields: next, history: recordDiff(state.history, diffFields(state.fields, next)) };
}

describe('editor history', () => {
  const a = field('a');
  const b = field('b', { type: 'checkbox' });

  it('undoes a create by deleting, and redoes it', () => {
    const start = { fields: {}, history: EMPTY_HISTORY };
    const created = act(start, { a });
    const undone = undo(created.history, created.fields);
    expect(undone?.fields).toEqual({});
    const redone = redo(undone?.history ?? EMPTY_HISTORY, undone?.fields ?? {});
    expect(redone?.fields).toEqual({ a });
  });

  it('undoes an update by restoring the prior field', () => {
    const moved = { ...a, coordinateX: 200 };
    const state = act({ fields: { a }, history: EMPTY_HISTORY }, { a: moved });
    expect(undo(state.history, state.fields)?.fields).toEqual({ a });
  });

  it('undoes a delete by re-creating the field', () => {
    const state = act({ fields: { a, b }, history: EMPTY_HISTORY }, { a });
    expect(undo(state.history, state.fields)?.fields).toEqual({ a, b });
  });

  it('walks a multi-step sequence back and forth', () => {
    let state = { fields: {} as FieldsById, history: EMPTY_HISTORY };
    state = act(state, { a });
    state = act(state, { a, b });
    state = act(state, { a: { ...a, text: 'x' }, b });
    state = act(state, { a: { ...a, text: 'x' } });
    const snapshots: FieldsById[] = [state.fields];
    let cursor = { ...state };
    for (let i = 0; i < 4; i++) {
      const next = undo(cursor.history, cursor.fields);
      if (!next) throw new Error('nothing to undo');
      cursor = next;
      snapshots.push(cursor.fields);
    }
    expect(snapshots).toEqual([{ a: { ...a, text: 'x' } }, { a: { ...a, text: 'x' }, b }, { a, b }, { a }, {}]);
    expect(undo(cursor.history, cursor.fields)).toBeNull();
    for (let i = 3; i >= 0; i--) {
      const next = redo(cursor.history, cursor.fields);
      if (!next) throw new Error('nothing to redo');
      cursor = next;
      expect(cursor.fields).toEqual(snapshots[i]);
    }
    expect(redo(cursor.history, cursor.fields)).toBeNull();
  });

  it('drops redone entries when a new action follows an undo', () => {
    let state = act({ fields: {}, history: EMPTY_HISTORY }, { a });
    state = act(state, { a, b });
    const undone = undo(state.history, state.fields);
    if (!undone) throw new Error('nothing to undo');
    const after = act(undone, { a: { ...a, required: false } });
    expect(after.history.redos).toEqual([]);
    expect(redo(after.history, after.fields)).toBeNull();
    expect(after.history.undos).toHaveLength(2);
  });

  it('records nothing for a change that changes nothing', () => {
    const state = act({ fields: { a }, history: EMPTY_HISTORY }, { a: { ...a } });
    expect(state.history).toBe(EMPTY_HISTORY);
  });

  it('applies a diff onto fields changed elsewhere without touching them', () => {
    const diff = diffFields({ a }, { a: { ...a, width: 90 } });
    expect(applyDiff({ a, b }, diff)).toEqual({ a: { ...a, width: 90 }, b });
  });
});
