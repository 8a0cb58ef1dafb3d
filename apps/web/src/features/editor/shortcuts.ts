export type EditorCommand = 'undo' | 'redo' | 'copy' | 'paste' | 'delete';

export interface KeyInput {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  /** The key goes to a text input (a placeholder being typed, the preparer's own text or date field). */
  isTyping: boolean;
}

/**
 * The editor's keyboard shortcuts (spec section 4): Ctrl/Cmd+C, V, Z, Shift+Z, and Ctrl+Y (redo on
 * Windows and Linux); Delete or Backspace removes the
 * selected field. While typing, every key belongs to the input (its own undo, copy and deletion).
 */
export function editorCommand(input: KeyInput): EditorCommand | null {
  if (input.isTyping || input.altKey) return null;
  const isModified = input.ctrlKey || input.metaKey;
  const key = input.key.toLowerCase();
  if (isModified) {
    if (key === 'z') return input.shiftKey ? 'redo' : 'undo';
    if (key === 'y' && !input.shiftKey) return 'redo';
    if (key === 'c' && !input.shiftKey) return 'copy';
    if (key === 'v' && !input.shiftKey) return 'paste';
    return null;
  }
  if (key === 'delete' || key === 'backspace') return 'delete';
  return null;
}

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit'].includes(target.type);
  return false;
}
