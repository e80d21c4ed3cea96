import * as Popover from '@radix-ui/react-popover';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import type { CellEditProps } from '../view-types';
import styles from './cells.module.css';
import { ErrorPopover } from './error-popover';
import { useValidatedCommit } from './use-validated-commit';

interface InputEditorProps extends CellEditProps {
  /** The text the input starts with when the edit was not started by typing. */
  initial: string;
  /** Turns the typed text into data for validation (empty text is null: it clears the value). */
  toData(text: string): unknown;
  inputMode?: 'text' | 'decimal' | 'numeric' | 'email' | 'tel' | 'url';
  placeholder?: string;
}

/**
 * A one-line inline editor: Enter and Tab commit (validated; an error keeps the editor open and
 * shows the catalogue text in a popover at the cell), Escape cancels, leaving the field commits
 * what is valid and drops what is not.
 */
export function InputEditor({ initial, toData, inputMode, placeholder, ...props }: InputEditorProps) {
  const { commit, error } = useValidatedCommit(props.attribute, props.context, props.onCommit);
  const [text, setText] = useState(props.initialText ?? initial);
  const closed = useRef(false);
  const messageId = useId();

  const finish = () => {
    if (closed.current) return true;
    // Closed before committing: the commit moves focus away, and that blur must not commit again.
    closed.current = true;
    const ok = commit(toData(text));
    if (!ok) closed.current = false;
    return ok;
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      finish();
    } else if (event.key === 'Tab') {
      // A valid value lets Tab travel on to the grid, which moves to the next cell.
      if (!finish()) event.preventDefault();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      closed.current = true;
      props.onCancel();
    }
  };
  const handleBlur = () => {
    if (closed.current) return;
    if (!finish()) {
      closed.current = true;
      props.onCancel();
    }
  };

  return (
    <ErrorPopover error={error} messageId={messageId}>
      <div className={styles.editor}>
        <input
          className={styles.input}
          // biome-ignore lint/a11y/noAutofocus: the editor opens because the user asked to edit this cell
          autoFocus
          aria-label={props.attribute.name}
          aria-invalid={error !== null}
          aria-describedby={error ? messageId : undefined}
          inputMode={inputMode}
          placeholder={placeholder}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={handleKeyDown}
          onBlur={handleBlur}
        />
      </div>
    </ErrorPopover>
  );
}

/**
 * A popover anchored to the cell for editors that need room (long text, lists, pickers). Closing
 * it (Escape, a click outside) ends the edit through `onClose`.
 */
export function PopoverEditor({
  label,
  onClose,
  children,
  anchor,
}: {
  label: string;
  onClose(): void;
  children: ReactNode;
  /** What stays visible in the cell while the popover is open. */
  anchor: ReactNode;
}) {
  return (
    <Popover.Root open onOpenChange={(open) => !open && onClose()}>
      <Popover.Anchor asChild>
        <div className={styles.editor}>{anchor}</div>
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          className={styles.popover}
          aria-label={label}
          role="dialog"
          side="bottom"
          align="start"
          sideOffset={4}
          collisionPadding={8}
        >
          {children}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** The first error of the last refused change in a popover editor. */
export function EditorMessage({ error, warning }: { error: string | null; warning?: string | null }) {
  if (error) {
    return (
      <div role="alert" className={styles.inlineMessage}>
        {error}
      </div>
    );
  }
  if (warning) {
    return (
      <div role="status" className={styles.inlineMessage}>
        {warning}
      </div>
    );
  }
  return null;
}
