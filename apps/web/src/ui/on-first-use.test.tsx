// @vitest-environment jsdom
import * as Menu from '@radix-ui/react-dropdown-menu';
import * as Popover from '@radix-ui/react-popover';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { MenuOnFirstUse } from './on-first-use';
import { PopoverOnFirstUse } from './popover-on-first-use';

afterEach(cleanup);

/** Radix positions content with ResizeObserver, which jsdom lacks. */
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

function TestMenu(props: {
  onParentKey?(key: string): void;
  open?: boolean;
  onOpenChange?(open: boolean): void;
}) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the test listens to what bubbles from the trigger
    <div onKeyDown={(event) => props.onParentKey?.(event.key)}>
      <MenuOnFirstUse
        open={props.open}
        onOpenChange={props.onOpenChange}
        trigger={
          <button type="button" className="trigger">
            Options
          </button>
        }
      >
        <Menu.Portal>
          <Menu.Content>
            <Menu.Item>Rename</Menu.Item>
            <Menu.Item>Delete</Menu.Item>
          </Menu.Content>
        </Menu.Portal>
      </MenuOnFirstUse>
    </div>
  );
}

/** Hidden from assistive technology while a modal menu is open, as Radix does. */
const trigger = () => screen.getByRole('button', { name: 'Options', hidden: true });

/** A menu opened from elsewhere, as a command opens the account menu. */
function Controlled() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Command
      </button>
      <TestMenu open={open} onOpenChange={setOpen} />
    </>
  );
}

function TestPopover({ onParentClick }: { onParentClick?(): void }) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the test counts what bubbles
    <div onClick={onParentClick}>
      <PopoverOnFirstUse
        trigger={
          <button type="button" className="trigger">
            Filter
          </button>
        }
      >
        <Popover.Portal>
          <Popover.Content aria-label="Filter">Conditions</Popover.Content>
        </Popover.Portal>
      </PopoverOnFirstUse>
    </div>
  );
}

describe('a menu mounted on first use', () => {
  test('before use the trigger is the plain button, with the closed menu trigger’s state', () => {
    render(<TestMenu />);
    const button = trigger();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('data-state')).toBe('closed');
    expect(button.className).toBe('trigger');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  test.each([
    ['Enter', 'Enter'],
    ['Space', ' '],
    ['ArrowDown', 'ArrowDown'],
  ])('%s opens it with the first item focused, and the key reaches the parent once', async (_, k) => {
    const onParentKey = vi.fn();
    render(<TestMenu onParentKey={onParentKey} />);
    trigger().focus();
    fireEvent.keyDown(trigger(), { key: k });
    const menu = await screen.findByRole('menu');
    expect(menu.textContent).toContain('Rename');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Rename' }));
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    expect(onParentKey.mock.calls).toEqual([[k]]);
  });

  test('another key does not open it', () => {
    render(<TestMenu />);
    fireEvent.keyDown(trigger(), { key: 'a' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger().getAttribute('data-state')).toBe('closed');
  });

  test('a primary press opens it; a secondary or ctrl press does not', async () => {
    render(<TestMenu />);
    fireEvent.pointerDown(trigger(), { button: 2 });
    fireEvent.pointerDown(trigger(), { button: 0, ctrlKey: true });
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.pointerDown(trigger(), { button: 0, pointerType: 'mouse' });
    expect(await screen.findByRole('menu')).toBeTruthy();
  });

  test('closed with Escape, focus returns to the mounted trigger, and it opens again', async () => {
    render(<TestMenu />);
    trigger().focus();
    fireEvent.keyDown(trigger(), { key: 'Enter' });
    fireEvent.keyDown(await screen.findByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(trigger()));
    fireEvent.keyDown(trigger(), { key: 'Enter' });
    expect(await screen.findByRole('menu')).toBeTruthy();
  });

  test('a controlled menu opened from elsewhere mounts, and stays mounted once closed', async () => {
    render(<Controlled />);
    fireEvent.click(screen.getByRole('button', { name: 'Command' }));
    expect(await screen.findByRole('menu')).toBeTruthy();
    const mounted = trigger();
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger()).toBe(mounted);
  });
});

describe('a popover mounted on first use', () => {
  test('a click opens it, reaching the parent once; a second click closes it', async () => {
    const onParentClick = vi.fn();
    render(<TestPopover onParentClick={onParentClick} />);
    const button = screen.getByRole('button', { name: 'Filter' });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect((await screen.findByRole('dialog')).textContent).toBe('Conditions');
    expect(onParentClick).toHaveBeenCalledTimes(1);
    act(() => screen.getByRole('button', { name: 'Filter' }).click());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
