import { describe, expect, it } from 'vitest';
import { editorCommand, type KeyInput } from './shortcuts';

const key = (patch: Partial<KeyInput>): KeyInput => ({
  key: 'z',
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  isTyping: false,
  ...patch,
});

describe('editor shortcuts', () => {
  it('maps Ctrl or Cmd with Z, Shift+Z, C and V', () => {
    expect(editorCommand(key({ ctrlKey: true }))).toBe('undo');
    expect(editorCommand(key({ metaKey: true, shiftKey: true, key: 'Z' }))).toBe('redo');
    expect(editorCommand(key({ ctrlKey: true, key: 'c' }))).toBe('copy');
    expect(editorCommand(key({ metaKey: true, key: 'v' }))).toBe('paste');
    expect(editorCommand(key({}))).toBeNull();
  });

  it('redoes with Ctrl+Y as Windows and Linux users expect', () => {
    // Cause: only Ctrl/Cmd+Shift+Z was mapped to redo; Ctrl+Y fell through to null and did nothing.
    expect(editorCommand(key({ ctrlKey: true, key: 'y' }))).toBe('redo');
    expect(editorCommand(key({ ctrlKey: true, key: 'Y' }))).toBe('redo');
    expect(editorCommand(key({ ctrlKey: true, key: 'y', isTyping: true }))).toBeNull();
  });

  it('deletes with Delete or Backspace, but not while typing', () => {
    expect(editorCommand(key({ key: 'Delete' }))).toBe('delete');
    expect(editorCommand(key({ key: 'Backspace' }))).toBe('delete');
    expect(editorCommand(key({ key: 'Backspace', isTyping: true }))).toBeNull();
    expect(editorCommand(key({ ctrlKey: true, isTyping: true }))).toBeNull();
  });
});
