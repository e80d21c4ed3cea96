import * as Popover from '@radix-ui/react-popover';
import type { ReactNode } from 'react';
import styles from './cells.module.css';

const keepFocus = (event: Event) => event.preventDefault();

/**
 * The message of a refused edit in a popover anchored to the editor (its table cell or its field
 * in the item panel): portalled above the grid, so the next row, the cell's clipping and the
 * virtualised rows' stacking cannot cover it; below the editor, or above it when there is no room
 * below. It is an alert (read out when it appears) with the id the input names in
 * `aria-describedby`; it never takes focus, so typing goes on in the input.
 */
export function ErrorPopover({
  error,
  messageId,
  children,
}: {
  error: string | null;
  messageId: string;
  /** The editor the message belongs to: one element that can hold a ref. */
  children: ReactNode;
}) {
  return (
    <Popover.Root open={error !== null}>
      <Popover.Anchor asChild>{children}</Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          id={messageId}
          role="alert"
          className={styles.errorPopover}
          side="bottom"
          align="start"
          sideOffset={2}
          collisionPadding={8}
          hideWhenDetached
          onOpenAutoFocus={keepFocus}
          onCloseAutoFocus={keepFocus}
        >
          {error}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
