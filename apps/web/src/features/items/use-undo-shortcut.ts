import i18next from 'i18next';
import { useEffect } from 'react';
import { errorMessage } from '../../lib/errors';
import { type UndoStep, undoStack } from '../../lib/items/undo';
import { toasts } from '../../ui/toast-store';

/** Inputs that take no typing: Ctrl/Cmd+Z on them is the app's undo, not the field's. */
const UNTYPED_INPUTS = new Set([
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'range',
  'color',
  'file',
  'image',
]);

/** Whether a key press lands where the browser's own undo of typed text belongs. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLInputElement) return !UNTYPED_INPUTS.has(target.type);
  const editable = target.closest('textarea, select, [contenteditable], [role="textbox"]');
  return editable !== null && editable.getAttribute('contenteditable') !== 'false';
}

/** Ctrl/Cmd+Z; under a layout without Latin letters (Cyrillic, Arabic, Hangul) the key in Z's place. */
function isUndoKey(event: KeyboardEvent): boolean {
  if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey) return false;
  const key = event.key.toLowerCase();
  return key === 'z' || (!/^[a-z]$/.test(key) && event.code === 'KeyZ');
}

const undoneText = (step: UndoStep) => i18next.t(`items.undone.${step.kind}`, { count: step.count });

function handleKeyDown(event: KeyboardEvent): void {
  if (!isUndoKey(event) || event.defaultPrevented || event.isComposing || isTypingTarget(event.target))
    return;
  event.preventDefault();
  const undone = undoStack.undo();
  if (!undone) {
    toasts.show(i18next.t('items.nothingToUndo'));
    return;
  }
  const { step, done } = undone;
  // Writes through the stores show at once; a restore from the trash shows when answered.
  if (step.isShownAtOnce) toasts.show(undoneText(step), { tone: 'success' });
  done.then(
    () => {
      if (!step.isShownAtOnce) toasts.show(undoneText(step), { tone: 'success' });
    },
    (error: unknown) => toasts.show(errorMessage(error, i18next.t), { tone: 'error' }),
  );
}

let listeners = 0;
/** Who recorded the steps kept: another user signed in on this tab must not undo them. */
let stackOwner: number | undefined;

/**
 * Ctrl+Z / Cmd+Z undoes the last change to items made in this tab (undo.ts) and says so in a
 * toast ("Undone: …"); not while typing in an input, a textarea or an editable element, where the
 * browser undoes the typing. Mounted by every screen that edits items; one key press is one undo
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
