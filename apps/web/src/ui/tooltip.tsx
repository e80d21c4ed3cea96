import {
  cloneElement,
  type FocusEvent,
  lazy,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  Suspense,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import styles from './tooltip.module.css';

/** How long a text tooltip waits for the pointer (spec section 9). */
export const TOOLTIP_DELAY_MS = 200;

/**
 * The rich variant and Radix's tooltip behind it load with the first one drawn, not with the
 * first load's script (about 2.5 KB gzip of it).
 */
const RichTooltip = lazy(() => import('./rich-tooltip').then((module) => ({ default: module.RichTooltip })));

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
  if (!custom) return <PlainTooltip content={content}>{children as ReactElement<TriggerProps>}</PlainTooltip>;
  return (
    <Suspense fallback={children}>
      <RichTooltip content={content}>{children}</RichTooltip>
    </Suspense>
  );
}

/** Space between a tooltip and what it names, and from the window's edges. */
const GAP = 5;

type TriggerProps = {
  onPointerEnter?(event: PointerEvent<HTMLElement>): void;
  onPointerLeave?(event: PointerEvent<HTMLElement>): void;
  onPointerDown?(event: PointerEvent<HTMLElement>): void;
  onFocus?(event: FocusEvent<HTMLElement>): void;
  onBlur?(event: FocusEvent<HTMLElement>): void;
};

/**
 * A text tooltip without a positioning library: the trigger is the child itself (no wrapper, no
 * extra component per button), the tip mounts only while shown, above the trigger (below when
 * there is no room), kept inside the window. Shown after 200 ms of pointer or at once on focus;
 * hidden on leave, blur, a press or Escape; described to assistive technology while shown.
 */
function PlainTooltip({ content, children }: { content: ReactNode; children: ReactElement<TriggerProps> }) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  const tip = useRef<HTMLDivElement>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (!anchor) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setAnchor(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [anchor]);
  useLayoutEffect(() => {
    if (!anchor || !tip.current) return setPlace(null);
    const at = anchor.getBoundingClientRect();
    const size = tip.current.getBoundingClientRect();
    const above = at.top - GAP - size.height;
    const top = above >= GAP ? above : at.bottom + GAP;
    const centred = at.left + at.width / 2 - size.width / 2;
    const left = Math.max(GAP, Math.min(centred, window.innerWidth - size.width - GAP));
    setPlace({ top, left });
  }, [anchor]);
  const show = (element: HTMLElement, delay: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setAnchor(element), delay);
  };
  const hide = () => {
    window.clearTimeout(timer.current);
    setAnchor(null);
  };
  const own = children.props;
  const trigger = cloneElement(children, {
    'aria-describedby': anchor ? id : undefined,
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(event);
      if (event.pointerType !== 'touch') show(event.currentTarget, TOOLTIP_DELAY_MS);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      own.onPointerLeave?.(event);
      hide();
    },
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      own.onPointerDown?.(event);
      hide();
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      if (event.currentTarget.matches(':focus-visible')) show(event.currentTarget, 0);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      own.onBlur?.(event);
      hide();
    },
  } as Partial<TriggerProps>);
  return (
    <>
      {trigger}
      {anchor &&
        createPortal(
          <div
            ref={tip}
            id={id}
            role="tooltip"
            className={styles.tooltip}
            style={{
              position: 'fixed',
              top: place?.top ?? 0,
              left: place?.left ?? 0,
              visibility: place ? 'visible' : 'hidden',
            }}
          >
            {content}
          </div>,
          document.body,
        )}
    </>
  );
}
