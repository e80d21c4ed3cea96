import { type RefObject, useEffect, useRef } from 'react';

export interface TableClipboard {
  /** The active cell's plain text (valueToPlainText); null when nothing can be copied. */
  copyText(): string | null;
  /** Text pasted onto the active cell. */
  paste(text: string): void;
}

/**
 * Copy and paste while the grid itself has focus. The grid is no text field, so browsers fire
 * clipboard events at the document only when a `beforecopy`/`beforepaste` handler enables the
 * command; both are enabled here, and the events fill or read the clipboard as plain text.
 */
export function useTableClipboard(gridRef: RefObject<HTMLElement | null>, clipboard: TableClipboard): void {
  const latest = useRef(clipboard);
  latest.current = clipboard;
  useEffect(() => {
    const focused = () => gridRef.current !== null && document.activeElement === gridRef.current;
    const enable = (event: Event) => {
      if (focused()) event.preventDefault();
    };
    const handleCopy = (event: ClipboardEvent) => {
      if (!focused()) return;
      const text = latest.current.copyText();
      if (text === null || !event.clipboardData) return;
      event.clipboardData.setData('text/plain', text);
      event.preventDefault();
    };
    const handlePaste = (event: ClipboardEvent) => {
      if (!focused() || !event.clipboardData) return;
      event.preventDefault();
      latest.current.paste(event.clipboardData.getData('text/plain'));
    };
    document.addEventListener('beforecopy', enable);
    document.addEventListener('beforepaste', enable);
    document.addEventListener('copy', handleCopy);
    document.addEventListener('paste', handlePaste);
    return () => {
      document.removeEventListener('beforecopy', enable);
      document.removeEventListener('beforepaste', enable);
      document.removeEventListener('copy', handleCopy);
      document.removeEventListener('paste', handlePaste);
    };
  }, [gridRef]);
}

/** Writes text with the async Clipboard API where there is one (a key press is a user gesture). */
export function writeClipboardText(text: string): void {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  clipboard?.writeText(text).catch(() => {
    // Denied or unavailable: the copy event path still fills the clipboard where it fires.
  });
}
