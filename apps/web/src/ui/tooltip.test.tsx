// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { TOOLTIP_DELAY_MS, Tooltip } from './tooltip';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderButton() {
  render(
    <Tooltip content="New folder">
      <button type="button">+</button>
    </Tooltip>,
  );
  return screen.getByRole('button');
}

describe('a text tooltip (spec section 9: tooltips show after 200 ms)', () => {
  test('shows after the delay of pointer, not before; leaving hides it', () => {
    const button = renderButton();
    fireEvent.pointerOver(button);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 1));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip').textContent).toBe('New folder');
    expect(button.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);
    fireEvent.pointerOut(button);
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(button.getAttribute('aria-describedby')).toBeNull();
  });

  test('a press before the delay ends shows nothing; Escape hides a shown one', () => {
    const button = renderButton();
    fireEvent.pointerOver(button);
    fireEvent.pointerDown(button);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS * 2));
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerOut(button);
    fireEvent.pointerOver(button);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    expect(screen.getByRole('tooltip')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
