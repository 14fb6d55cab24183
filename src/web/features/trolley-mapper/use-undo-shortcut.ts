import { useEffect, useRef } from 'react';

/** Where Ctrl/Cmd+Z belongs to the browser: typing is undone in its own field. */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/**
 * Ctrl+Z (Cmd+Z on a Mac) anywhere on the page but in a text field calls `onUndo`; not while a
 * dialog is open, whose question is about the plan as it stands.
 */
export function useUndoShortcut(onUndo: () => void): void {
  const latest = useRef(onUndo);
  useEffect(() => {
    latest.current = onUndo;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey || event.key.toLowerCase() !== 'z') return;
      if (event.defaultPrevented || isTextEntry(event.target) || document.querySelector('dialog[open]')) return;
      event.preventDefault();
      latest.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
