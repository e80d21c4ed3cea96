import * as RadixTooltip from '@radix-ui/react-tooltip';
import { type ReactElement, type ReactNode, useEffect, useRef, useState } from 'react';
import styles from './tooltip.module.css';

/** Tooltip timings of spec section 9. */
export const TOOLTIP_DELAY_MS = 200;
export const CUSTOM_TOOLTIP_HIDE_MS = 200;

export function TooltipProvider({ children }: { children: ReactNode }) {
  return <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS}>{children}</RadixTooltip.Provider>;
}

/**
 * A tooltip: shows after 200 ms. The `custom` variant shows at once and hides 200 ms after the
 * pointer leaves, so a pointer can travel into rich content.
 */
export function Tooltip({
  content,
  children,
  custom = false,
}: {
  content: ReactNode;
  children: ReactElement;
  custom?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const hideTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(hideTimer.current), []);

  if (!custom) {
    return (
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content className={styles.tooltip} sideOffset={5}>
            {content}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    );
  }
  const show = () => {
    window.clearTimeout(hideTimer.current);
    setOpen(true);
  };
  const hideSoon = () => {
    window.clearTimeout(hideTimer.current);
    hideTimer.current = window.setTimeout(() => setOpen(false), CUSTOM_TOOLTIP_HIDE_MS);
  };
  return (
    <RadixTooltip.Root open={open} delayDuration={0} onOpenChange={(next) => (next ? show() : hideSoon())}>
      <RadixTooltip.Trigger asChild onPointerEnter={show} onPointerLeave={hideSoon}>
        {children}
      </RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          className={styles.rich}
          sideOffset={5}
          onPointerEnter={show}
          onPointerLeave={hideSoon}
        >
          {content}
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
