import type { DocumentField } from '@esign/shared';
import { followConditions } from './follow-conditions';
import { diffFields, EMPTY_HISTORY, type FieldsById, type History, recordDiff, redo, undo } from './history';

export interface EditorState {
  fields: FieldsById;
  history: History;
  selectedId: string | null;
}

export type EditorAction =
  /** A user's change of the fields: one history entry. */
  | { type: 'change'; update: (fields: FieldsById) => FieldsById; select?: string | null }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'select'; id: string | null };

export function initialEditorState(fields: FieldsById): EditorState {
  return { fields, history: EMPTY_HISTORY, selectedId: null };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'change': {
      const fields = followConditions(state.fields, action.update(state.fields));
      if (fields === state.fields) return state;
      return {
        fields,
        history: recordDiff(state.history, diffFields(state.fields, fields)),
        selectedId: action.select === undefined ? state.selectedId : action.select,
      };
    }
    case 'undo':
    case 'redo': {
      const next = action.type === 'undo' ? undo(state.history, state.fields) : redo(state.history, state.fields);
      if (next === null) return state;
      const selectedId = state.selectedId !== null && next.fields[state.selectedId] ? state.selectedId : null;
      return { ...next, selectedId };
    }
    case 'select':
      // Selection is not an edit: it never enters history, so it never drops a redo.
      return state.selectedId === action.id ? state : { ...state, selectedId: action.id };
  }
}

/** Helpers for `change` updates. */
export const putField =
  (field: DocumentField) =>
  (fields: FieldsById): FieldsById => ({ ...fields, [field.id]: field });

export const patchField =
  (id: string, patch: Partial<DocumentField>) =>
  (fields: FieldsById): FieldsById => {
    const field = fields[id];
    return field === undefined ? fields : { ...fields, [id]: { ...field, ...patch } };
  };

export const removeField =
  (id: string) =>
  (fields: FieldsById): FieldsById => {
    if (fields[id] === undefined) return fields;
    const { [id]: _removed, ...rest } = fields;
    return rest;
  };
