import * as Menu from '@radix-ui/react-dropdown-menu';
import {
  cloneElement,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

/**
 * Menus and popovers whose Radix parts mount on first use. A closed Radix menu is about twenty
 * components (root, providers, popper, anchor, trigger, slot, portal, presence) and their hooks;
 * a board page shows ten of them (a column's header, the view tabs, the folders, the account) and
 * the first row waited for all of them. Until it is used, the trigger is the plain button it would
 * render, with the same ARIA state; the first press, key or click mounts the Radix root around it
 * and gives that same press, key or click to the mounted trigger, so the menu opens exactly as it
 * always does (Radix's own handlers, including which item a keyboard opening focuses).
 */

/** What a person did to the plain trigger, given again to the mounted one. */
type Intent =
  | { type: 'pointerdown'; pointerType: string }
  | { type: 'keydown'; key: string }
  | { type: 'click' };

/** The keys that open a Radix dropdown menu from its trigger. */
const MENU_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

export type TriggerProps = {
  onPointerDown?(event: PointerEvent<HTMLElement>): void;
  onKeyDown?(event: KeyboardEvent<HTMLElement>): void;
  onClick?(event: MouseEvent<HTMLElement>): void;
  disabled?: boolean;
};

/** Whether the trigger's parts are mounted, the intent that mounted them, and the mounted trigger. */
export function useFirstUse() {
  const [intent, setIntent] = useState<Intent | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const wasFocused = useRef(false);
  const use = (next: Intent, target: HTMLElement) => {
    wasFocused.current = target.ownerDocument.activeElement === target;
    setIntent(next);
  };
  // The plain button was replaced by the mounted one: keep the focus where it was.
  useLayoutEffect(() => {
    if (intent && wasFocused.current) triggerRef.current?.focus();
  }, [intent]);
  // After the Radix root's own effects (children's run first), which listen for how menus are used.
  useEffect(() => {
    const trigger = triggerRef.current;
    if (intent && trigger) replay(trigger, intent);
  }, [intent]);
  return { isMounted: intent !== null, use, triggerRef };
}

/**
 * The plain trigger's event goes no further: its replay on the mounted trigger stands in for it,
 * so what listens above (the grid's keys, other menus' outside presses) sees it once.
 */
export function swallow(event: { preventDefault(): void; stopPropagation(): void }): void {
  event.preventDefault();
  event.stopPropagation();
}

function replay(trigger: HTMLElement, intent: Intent): void {
  const view = trigger.ownerDocument.defaultView ?? window;
  if (intent.type === 'click') trigger.click();
  else if (intent.type === 'keydown')
    trigger.dispatchEvent(
      new view.KeyboardEvent('keydown', { key: intent.key, bubbles: true, cancelable: true }),
    );
  else {
    const init = {
      bubbles: true,
      cancelable: true,
      button: 0,
      pointerType: intent.pointerType,
      isPrimary: true,
    };
    // jsdom has no PointerEvent; React reads the same fields from a mouse event of that name.
    const Pointer = view.PointerEvent ?? view.MouseEvent;
    trigger.dispatchEvent(new Pointer('pointerdown', init));
  }
}

/**
 * A dropdown menu mounted on first use. `trigger` is the button (Radix's `Trigger asChild`);
 * `children` the menu's `Menu.Portal` and content. `open`/`onOpenChange` as on `Menu.Root`: a
 * controlled menu opened from elsewhere (a command) mounts then.
 */
export function MenuOnFirstUse({
  trigger,
  children,
  modal,
  open,
  onOpenChange,
}: {
  trigger: ReactElement<TriggerProps>;
  children: ReactNode;
  modal?: boolean;
  open?: boolean;
  onOpenChange?(open: boolean): void;
}) {
  const { isMounted, use, triggerRef } = useFirstUse();
  // Opened from elsewhere once, it stays mounted (closing keeps Radix's focus return).
  const [wasOpened, setWasOpened] = useState(false);
  if (open && !wasOpened) setWasOpened(true);
  if (!isMounted && !open && !wasOpened) {
    const own = trigger.props;
    return cloneElement(trigger, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      'data-state': 'closed',
      onPointerDown(event: PointerEvent<HTMLElement>) {
        own.onPointerDown?.(event);
        if (event.defaultPrevented || event.button !== 0 || event.ctrlKey) return;
        swallow(event);
        use({ type: 'pointerdown', pointerType: event.pointerType || 'mouse' }, event.currentTarget);
      },
      onKeyDown(event: KeyboardEvent<HTMLElement>) {
        own.onKeyDown?.(event);
        if (event.defaultPrevented || !MENU_KEYS.has(event.key)) return;
        swallow(event);
        use({ type: 'keydown', key: event.key }, event.currentTarget);
      },
    } as Partial<TriggerProps>);
  }
  return (
    <Menu.Root modal={modal} open={open} onOpenChange={onOpenChange}>
      <Menu.Trigger asChild ref={triggerRef}>
        {trigger}
      </Menu.Trigger>
      {children}
    </Menu.Root>
  );
}
