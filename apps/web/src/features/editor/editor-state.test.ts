import { blankField, type DocumentField } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import { editorReducer, initialEditorState, patchField, putField, removeField } from './editor-state';

const field: DocumentField = blankField({
  id: '00000000-0000-4000-8000-000000000001',
  type: 'checkbox',
  coordinateX: 1,
  coordinateY: 1,
});

describe('editor state', () => {
  it('adds, changes and removes fields as history entries, and undoes them with the selection kept valid', () => {
    let state = initialEditorState({});
    state = editorReducer(state, { type: 'change', update: putField(field), select: field.id });
    state = editorReducer(state, { type: 'change', update: patchField(field.id, { checked: true }) });
    state = editorReducer(state, { type: 'change', update: removeField(field.id), select: null });
    expect(state.fields).toEqual({});
    expect(state.history.undos).toHaveLength(3);
    state = editorReducer(state, { type: 'undo' });
    expect(state.fields[field.id]?.checked).toBe(true);
    state = editorReducer(state, { type: 'select', id: field.id });
    state = editorReducer(state, { type: 'undo' });
    state = editorReducer(state, { type: 'undo' });
    expect(state.fields).toEqual({});
    expect(state.selectedId).toBeNull();
  });

  it('keeps redo when only the selection changes', () => {
    let state = initialEditorState({});
    state = editorReducer(state, { type: 'change', update: putField(field) });
    state = editorReducer(state, { type: 'undo' });
    state = editorReducer(state, { type: 'select', id: null });
    state = editorReducer(state, { type: 'redo' });
    expect(state.fields[field.id]).toEqual(field);
  });

  it('records nothing for an update of a field that is gone', () => {
    const state = initialEditorState({});
    expect(editorReducer(state, { type: 'change', update: patchField(field.id, { checked: true }) })).toBe(state);
  });

  it('makes a condition follow its field renamed, and takes it away with the field removed, undone as one', () => {
    const agree = { ...field, settings: { name: 'Agree' } };
    const shown = blankField({
      id: '00000000-0000-4000-8000-000000000002',
      type: 'text',
      settings: { condition: { field: 'agree', op: 'checked' } },
    });
    let state = initialEditorState({ [agree.id]: agree, [shown.id]: shown });
    state = editorReducer(state, { type: 'change', update: patchField(agree.id, { settings: { name: 'Consent' } }) });
    expect(state.fields[shown.id]?.settings).toEqual({ condition: { field: 'Consent', op: 'checked' } });
    state = editorReducer(state, { type: 'change', update: removeField(agree.id) });
    expect(state.fields[shown.id]?.settings).toBeNull();
    state = editorReducer(state, { type: 'undo' });
    expect(state.fields[shown.id]?.settings).toEqual({ condition: { field: 'Consent', op: 'checked' } });
  });
});
