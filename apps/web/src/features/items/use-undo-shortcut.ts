import i18next from 'i18next';
import { useEffect } from 'react';
import { isTypingTarget } from '../../lib/commands/shortcuts';
import { errorMessage } from '../../lib/errors';
import { undoStack } from '../../lib/items/undo';
import { toasts } from '../../ui/toast-store';

/** The key pressed, or under a layout without Latin letters (Cyrillic, Arabic, Hangul) the one in its place. */
function isLetter(event: KeyboardEvent, letter: 'z' | 'y'): boolean {
  const key = event.key.toLowerCase();
  return key === letter || (!/^[a-z]$/.test(key) && event.code === `Key${letter.toUpperCase()}`);
}

/**
 * Ctrl/Cmd+Z undoes; Ctrl/Cmd+Shift+Z and Ctrl+Y redo (Cmd+Y is the browser's history on a Mac).
 * Null for any other key.
 */
export function shortcutOf(event: KeyboardEvent): 'undo' | 'redo' | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  if (isLetter(event, 'z')) return event.shiftKey ? 'redo' : 'undo';
  if (isLetter(event, 'y') && event.ctrlKey && !event.metaKey && !event.shiftKey) return 'redo';
  return null;
}

const TEXTS = {
  undo: { done: 'items.undone', nothing: 'items.nothingToUndo' },
  redo: { done: 'items.redone', nothing: 'items.nothingToRedo' },
} as const;

function handleKeyDown(event: KeyboardEvent): void {
  const shortcut = shortcutOf(event);
  if (!shortcut || event.defaultPrevented || event.isComposing || isTypingTarget(event.target)) return;
  event.preventDefault();
  const run = shortcut === 'undo' ? undoStack.undo() : undoStack.redo();
  if (!run) {
    toasts.show(i18next.t(TEXTS[shortcut].nothing));
    return;
  }
  const { step, done } = run;
  const text = () => i18next.t(`${TEXTS[shortcut].done}.${step.kind}`, { count: step.count });
  // Writes through the stores show at once; a restore from the trash shows when answered.
  const isShownAtOnce = shortcut === 'undo' ? step.isShownAtOnce : step.isReappliedAtOnce;
  if (isShownAtOnce) toasts.show(text(), { tone: 'success' });
  done.then(
    () => {
      if (!isShownAtOnce) toasts.show(text(), { tone: 'success' });
    },
    (error: unknown) => toasts.show(errorMessage(error, i18next.t), { tone: 'error' }),
  );
}

let listeners = 0;
/** Who recorded the steps kept: another user signed in on this tab must not undo them. */
let stackOwner: number | undefined;

/**
 * Ctrl+Z / Cmd+Z undoes the last change to items made in this tab (undo.ts), Ctrl/Cmd+Shift+Z or
 * Ctrl+Y redoes the last undone one, each saying so in a toast ("Undone: …", "Redone: …"); not
 * while typing in an input, a textarea or an editable element, where the browser undoes and redoes
 * the typing. Mounted by every screen that edits items; one key press is one undo
 * however many of them are mounted. A change of `userId` drops the steps of the user before.
 */
export function useUndoShortcut(userId?: number): void {
  useEffect(() => {
    if (userId === undefined) return;
    if (stackOwner !== undefined && stackOwner !== userId) undoStack.clear();
    stackOwner = userId;
  }, [userId]);
  useEffect(() => {
    listeners += 1;
    if (listeners === 1) window.addEventListener('keydown', handleKeyDown);
    return () => {
      listeners -= 1;
      if (listeners === 0) window.removeEventListener('keydown', handleKeyDown);
    };
  }, []);
}
