import * as Popover from '@radix-ui/react-popover';
import { cloneElement, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { swallow, type TriggerProps, useFirstUse } from './on-first-use';

/**
 * A popover mounted on first use: as MenuOnFirstUse (on-first-use.tsx), opened by a click (or Enter
 * and Space). A file of its own, so that Radix's popover stays out of the first load's script.
 */
export function PopoverOnFirstUse({
  trigger,
  children,
}: {
  trigger: ReactElement<TriggerProps>;
  children: ReactNode;
}) {
  const { isMounted, use, triggerRef } = useFirstUse();
  if (!isMounted) {
    const own = trigger.props;
    return cloneElement(trigger, {
      'aria-haspopup': 'dialog',
      'aria-expanded': false,
      'data-state': 'closed',
      onClick(event: MouseEvent<HTMLElement>) {
        own.onClick?.(event);
        if (event.defaultPrevented) return;
        swallow(event);
        use({ type: 'click' }, event.currentTarget);
      },
    } as Partial<TriggerProps>);
  }
  return (
    <Popover.Root>
      <Popover.Trigger asChild ref={triggerRef}>
        {trigger}
      </Popover.Trigger>
      {children}
    </Popover.Root>
  );
}
