// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { setupViewsTest } from '../views-test-setup';
import { FilterDateField } from './filter-date-field';

beforeAll(setupViewsTest);
// The calendar is a lazy chunk: loaded once here, not on a test's clock (slow on a busy machine).
beforeAll(async () => {
  await Promise.all([import('../../../ui/calendar/calendar'), import('react-day-picker/locale/en-US')]);
}, 60_000);
afterEach(cleanup);

function renderField(value: unknown, locale = 'en-US') {
  const onChange = vi.fn();
  render(
    <FilterDateField value={value} locale={locale} weekStartsOn={1} label="Value" onChange={onChange} />,
  );
  return { onChange, input: screen.getByRole('textbox', { name: 'Value' }) as HTMLInputElement };
}

describe('the exact day of a date filter', () => {
  test('shows the operand in the reader order and reads typed text in it', () => {
    const { onChange, input } = renderField('2026-03-08', 'fr');
    expect(input.value).toBe('08/03/2026');
    fireEvent.change(input, { target: { value: '26/11/2026' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-11-26');
    expect(input.getAttribute('aria-invalid')).toBe('false');
  });

  test('text that is no date is marked and leaves the condition as it was', () => {
    const { onChange, input } = renderField('2026-03-08');
    fireEvent.change(input, { target: { value: '13/45/2026' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  test('the calendar button opens on the day, a pick sets it and gives the focus back', async () => {
    const { onChange, input } = renderField('2026-03-08');
    const button = screen.getByRole('button', { name: 'Choose a date' });
    fireEvent.click(button);
    // The calendar is a lazy chunk (loaded above) and mounts after a render.
    await waitFor(() => expect(document.activeElement?.closest('[data-day]')).not.toBeNull(), {
      timeout: 4_000,
    });
    expect(document.activeElement!.closest('[data-day]')!.getAttribute('data-day')).toBe('2026-03-08');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    fireEvent.click(document.activeElement!);
    expect(onChange).toHaveBeenLastCalledWith('2026-03-09');
    expect(input.value).toBe('03/09/2026');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });
});
