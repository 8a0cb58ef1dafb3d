import { useEffect, useRef } from 'react';
import { type EditorCommand, editorCommand, isTypingTarget } from './shortcuts';

/** The editor's keyboard shortcuts on the whole window, while the editor is open and no dialog is. */
export function useEditorKeys(run: (command: EditorCommand) => void, isEnabled: boolean): void {
  const runRef = useRef(run);
  runRef.current = run;
  useEffect(() => {
    if (!isEnabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const command = editorCommand({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        shiftKey: event.shiftKey,
        altKey: event.altKey,
        isTyping: isTypingTarget(event.target),
      });
      if (command === null) return;
      event.preventDefault();
      runRef.current(command);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isEnabled]);
}

/**
 * Escape calls `onEscape` while `isActive` (the field popup closes). An Escape already taken (a drag put back, an open
 * dropdown in the popup closing itself) is left alone.
 */
export function useEscapeKey(onEscape: () => void, isActive: boolean): void {
  const onEscapeRef = useRef(onEscape);
  onEscapeRef.current = onEscape;
  useEffect(() => {
    if (!isActive) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (event.target instanceof HTMLElement && event.target.getAttribute('aria-expanded') === 'true') return;
      onEscapeRef.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isActive]);
}
