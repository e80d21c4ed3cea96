// @vitest-environment jsdom
import { toAsciiDigits } from '@strata/domain/attributes/date-locale';
import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import type { ValueContext } from '@strata/domain/attributes/value-context';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { attributeOf, CONTEXT, MEMBERS, setupViewsTest } from '../views-test-setup';
import { DatePickerEdit, DateRangePickerEdit } from './date-editors';

beforeAll(setupViewsTest);
// The calendar and its languages are lazy chunks: loaded once here, so no test waits on the
// first transform of react-day-picker and date-fns (slow on a busy machine).
beforeAll(async () => {
  await Promise.all([
    import('../../../ui/calendar/calendar'),
    import('react-day-picker/locale/en-US'),
    import('react-day-picker/locale/ar'),
    import('react-day-picker/locale/fr'),
  ]);
}, 60_000);
afterEach(cleanup);

function openPicker(
  attribute: AttributeDefinition,
  data: unknown,
  context: ValueContext = CONTEXT,
  initialText?: string,
) {
  const onCommit = vi.fn();
  const onCancel = vi.fn();
  const Edit = attribute.type === 'date_range' ? DateRangePickerEdit : DatePickerEdit;
  render(
    <Edit
      attribute={attribute}
      data={data}
      context={context}
      members={MEMBERS}
      onCommit={onCommit}
      onCancel={onCancel}
      initialText={initialText}
    />,
  );
  return { onCommit, onCancel };
}

/** The calendar is a lazy chunk: the focused day appears once it has loaded. */
async function focusedDay(): Promise<HTMLElement> {
  await waitFor(() => expect(document.activeElement?.closest('[data-day]')).not.toBeNull(), {
    timeout: 4_000,
  });
  return document.activeElement as HTMLElement;
}

// Arabic calendars number even their data-day in Arabic-Indic digits.
const dayOf = (button: Element) => toAsciiDigits(button.closest('[data-day]')!.getAttribute('data-day')!);
const key = (key: string) => fireEvent.keyDown(document.activeElement!, { key });
// Enter or Space on a focused button is a click in a browser (the e2e test presses the real key).
const pick = () => fireEvent.click(document.activeElement!);

describe('the date picker by keyboard', () => {
  test('opens on the value day; arrows move by a day and a week; Enter picks and saves', async () => {
    const { onCommit } = openPicker(attributeOf('date'), '2026-03-20');
    const day = await focusedDay();
    expect(dayOf(day)).toBe('2026-03-20');
    // Its name holds the visible day number as a word (Intl's full date, not date-fns' "20th").
    expect(day.getAttribute('aria-label')).toBe('Friday, March 20, 2026, selected');
    key('ArrowRight');
    key('ArrowDown');
    expect(dayOf(document.activeElement!)).toBe('2026-03-28');
    pick();
    expect(onCommit).toHaveBeenCalledWith('2026-03-28', undefined);
  });

  test('in right-to-left Arabic the arrows follow the reading direction and days are in Arabic digits', async () => {
    const { onCommit } = openPicker(attributeOf('date'), '2026-03-20', { ...CONTEXT, locale: 'ar' });
    const day = await focusedDay();
    expect(day.textContent).toBe('٢٠');
    expect(day.closest('[dir]')?.getAttribute('dir')).toBe('rtl');
    key('ArrowLeft');
    expect(dayOf(document.activeElement!)).toBe('2026-03-21');
    pick();
    expect(onCommit).toHaveBeenCalledWith('2026-03-21', undefined);
  });

  test('without a value the calendar opens on today', async () => {
    const today = new Date();
    openPicker(attributeOf('date'), null);
    const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(dayOf(await focusedDay())).toBe(iso);
  });

  test('the week starts on the profile day, else on the locale first day', async () => {
    const firstWeekday = () => document.querySelector('th[aria-label]')!.getAttribute('aria-label');
    openPicker(attributeOf('date'), '2026-03-20', { ...CONTEXT, weekStartsOn: 1 });
    await focusedDay();
    expect(firstWeekday()).toBe('Monday');
    cleanup();
    openPicker(attributeOf('date'), '2026-03-20', { ...CONTEXT, weekStartsOn: null });
    await focusedDay();
    expect(firstWeekday()).toBe('Sunday');
    cleanup();
    openPicker(attributeOf('date'), '2026-03-20', { ...CONTEXT, locale: 'fr', weekStartsOn: null });
    await focusedDay();
    expect(firstWeekday()).toBe('lundi');
  });
});

describe('typing a date in the reader language', () => {
  test('French: the field shows 20/03/2026 and reads 26/11/2026 as 26 November', () => {
    const { onCommit } = openPicker(attributeOf('date'), '2026-03-20', { ...CONTEXT, locale: 'fr' });
    const input = screen.getByRole('textbox', { name: 'date' }) as HTMLInputElement;
    expect(input.value).toBe('20/03/2026');
    fireEvent.change(input, { target: { value: '26/11/2026' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onCommit).toHaveBeenCalledWith('2026-11-26', undefined);
  });

  test('a typed date moves the calendar to its month', async () => {
    openPicker(attributeOf('date'), null, CONTEXT, '1');
    const input = screen.getByRole('textbox', { name: 'date' });
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: '11/26/2026' } });
    await waitFor(() => expect(document.querySelector('[data-day="2026-11-26"]')).not.toBeNull(), {
      timeout: 4_000,
    });
    expect(document.querySelector('[data-day="2026-11-26"]')!.getAttribute('aria-selected')).toBe('true');
  });

  test('with a time, a picked day keeps the time, moves to it, and saves an instant in the reader zone', async () => {
    const attribute = attributeOf('date', { settings: { includeTime: true } });
    const { onCommit } = openPicker(attribute, '2026-03-20T09:30:00Z', {
      ...CONTEXT,
      timeZone: 'Europe/Rome',
    });
    expect((screen.getByRole('textbox', { name: 'Time' }) as HTMLInputElement).value).toBe('10:30 AM');
    await focusedDay();
    key('ArrowRight');
    pick();
    expect(onCommit).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Time' }));
    expect((screen.getByRole('textbox', { name: 'Date' }) as HTMLInputElement).value).toBe('03/21/2026');
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(onCommit).toHaveBeenCalledWith('2026-03-21T09:30:00.000Z', undefined);
  });
});

describe('the range picker', () => {
  test('the first pick is the start, the second the end, which saves', async () => {
    const { onCommit } = openPicker(attributeOf('date_range'), { start: '2026-03-02', end: '2026-03-05' });
    expect(dayOf(await focusedDay())).toBe('2026-03-02');
    key('ArrowDown');
    pick();
    expect((screen.getByRole('textbox', { name: 'Start' }) as HTMLInputElement).value).toBe('03/09/2026');
    expect((screen.getByRole('textbox', { name: 'End' }) as HTMLInputElement).value).toBe('');
    key('ArrowRight');
    key('ArrowRight');
    pick();
    expect(onCommit).toHaveBeenCalledWith({ start: '2026-03-09', end: '2026-03-11' }, undefined);
  });

  test('an end picked before the start swaps them', async () => {
    const { onCommit } = openPicker(attributeOf('date_range'), null);
    await focusedDay();
    fireEvent.click(document.querySelector('[data-day$="-15"] button')!);
    fireEvent.click(document.querySelector('[data-day$="-10"] button')!);
    const [[saved]] = onCommit.mock.calls as [[{ start: string; end: string }]];
    expect(saved.start.endsWith('-10')).toBe(true);
    expect(saved.end.endsWith('-15')).toBe(true);
  });
});
