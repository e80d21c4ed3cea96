import * as RadixTooltip from '@radix-ui/react-tooltip';
import { type ReactElement, type ReactNode, useEffect, useRef, useState } from 'react';
import styles from './tooltip.module.css';

/** How long the rich tooltip stays after the pointer leaves (spec section 9). */
export const CUSTOM_TOOLTIP_HIDE_MS = 200;

/**
 * The rich variant of Tooltip (tooltip.tsx): shows at once and stays while the pointer travels
 * into its content. Its own provider, so nothing of Radix's tooltip is needed above it.
 */
export function RichTooltip({ content, children }: { content: ReactNode; children: ReactElement }) {
  const [open, setOpen] = useState(false);
  const hideTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(hideTimer.current), []);
  const show = () => {
    window.clearTimeout(hideTimer.current);
    setOpen(true);
  };
  const hideSoon = () => {
    window.clearTimeout(hideTimer.current);
    hideTimer.current = window.setTimeout(() => setOpen(false), CUSTOM_TOOLTIP_HIDE_MS);
  };
  return (
    <RadixTooltip.Provider>
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
    </RadixTooltip.Provider>
  );
}
