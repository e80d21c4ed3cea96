// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { toasts } from '../../../ui/toast-store';
import {
  attributeOf,
  LABEL_DONE,
  LABEL_STUCK,
  makeItems,
  manyAttributes,
  mockGridViewport,
  settingsOf,
  setupViewsTest,
} from '../views-test-setup';
import { activeOf, BASIC, BUTTON, CHECK, key, lastSettings, NAME, renderTable } from './table-test-harness';

let restoreViewport: () => void;
beforeAll(async () => {
  await setupViewsTest();
  restoreViewport = mockGridViewport();
});
afterAll(() => restoreViewport());
afterEach(cleanup);

describe('the table grid', () => {
  test('is an ARIA grid counting every line and column, with indexes on the drawn ones', () => {
    const { grid } = renderTable();
    expect(grid.getAttribute('aria-rowcount')).toBe('7'); // header, 5 items, the add line
    expect(grid.getAttribute('aria-colcount')).toBe('7'); // selection, name, 5 attributes
    const rows = screen.getAllByRole('row');
    expect(rows[0]!.getAttribute('aria-rowindex')).toBe('1');
    expect(rows[1]!.getAttribute('aria-rowindex')).toBe('2');
    const cells = within(rows[1]!).getAllByRole('gridcell');
    expect(cells.map((cell) => cell.getAttribute('aria-colindex'))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
    ]);
    expect(cells[1]!.textContent).toContain('Item 1');
    expect(cells[2]!.textContent).toBe('10');
  });

  test('keeps the DOM bounded: 10,000 items x 30 attributes draw as much as 1,000', () => {
    const attributes = manyAttributes(30);
    const count = (n: number) => {
      const { view } = renderTable({ attributes, items: makeItems(n, attributes) });
      const result = {
        rows: screen.getAllByRole('row').length,
        cells: screen.getAllByRole('gridcell').length,
        nodes: view.container.querySelectorAll('*').length,
      };
      cleanup();
      return result;
    };
    const small = count(1_000);
    const large = count(10_000);
    expect(large.rows).toBe(small.rows);
    expect(large.rows).toBeLessThan(40);
    expect(large.cells / large.rows).toBeLessThan(16); // of 31 columns, those in sight and overscan
    expect(large.nodes / small.nodes).toBeLessThanOrEqual(1.05);
  }, 30_000);
});

describe('keyboard', () => {
  test('arrows move the active cell; Tab and Shift+Tab move along the line', () => {
    const { grid } = renderTable();
    act(() => grid.focus());
    expect(activeOf(grid)).toBe('0:0');
    key(grid, 'ArrowRight');
    key(grid, 'ArrowDown');
    expect(activeOf(grid)).toBe('1:1');
    key(grid, 'Tab');
    expect(activeOf(grid)).toBe('1:2');
    key(grid, 'Tab', { shiftKey: true });
    key(grid, 'ArrowLeft');
    key(grid, 'ArrowUp');
    expect(activeOf(grid)).toBe('0:0');
  });

  test('in right-to-left text ArrowRight goes to the previous column', () => {
    const { grid } = renderTable({ dir: 'rtl' });
    act(() => grid.focus());
    key(grid, 'ArrowLeft');
    key(grid, 'ArrowLeft');
    expect(activeOf(grid)).toBe('0:2');
    key(grid, 'ArrowRight');
    expect(activeOf(grid)).toBe('0:1');
  });

  test('Enter edits, Enter commits through onChangeValue, and focus returns to the grid', () => {
    const { grid, onChangeValue } = renderTable();
    act(() => grid.focus());
    key(grid, 'Enter');
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect((input as HTMLInputElement).value).toBe('Item 1');
    fireEvent.change(input, { target: { value: 'Renamed' } });
    key(input, 'Enter');
    expect(onChangeValue).toHaveBeenCalledWith('item-1', 'name', 'Renamed');
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(document.activeElement).toBe(grid);
  });

  test('typing starts editing with the typed character; Escape cancels', () => {
    const { grid, onChangeValue } = renderTable();
    act(() => grid.focus());
    key(grid, 'X');
    const input = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    expect(input.value).toBe('X');
    key(input, 'Escape');
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(onChangeValue).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(grid);
  });

  test('Tab in an editor commits and moves to the next cell; a refused value stays', () => {
    const { grid, onChangeValue } = renderTable();
    act(() => grid.focus());
    key(grid, 'End');
    key(grid, 'Home');
    key(grid, 'ArrowRight');
    key(grid, '5');
    const input = screen.getByRole('textbox', { name: 'Number 0' });
    key(input, 'Tab');
    expect(onChangeValue).toHaveBeenCalledWith('item-1', 'n0', 5);
    expect(activeOf(grid)).toBe('0:2');
    key(grid, 'Enter');
    const email = screen.getByRole('textbox', { name: 'Email' });
    fireEvent.change(email, { target: { value: 'nope' } });
    key(email, 'Tab');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The email must be a valid email address.')).toBeTruthy();
    expect(activeOf(grid)).toBe('0:2');
  });

  test('Delete clears an editable value; Enter ticks a checkbox and runs a button; Shift+Enter opens', () => {
    const { grid, onChangeValue, onButton, onOpenItem } = renderTable();
    act(() => grid.focus());
    key(grid, 'ArrowRight');
    key(grid, 'Delete');
    expect(onChangeValue).toHaveBeenLastCalledWith('item-1', 'n0', null);
    key(grid, 'ArrowRight');
    key(grid, 'ArrowRight');
    key(grid, 'Enter');
    expect(onChangeValue).toHaveBeenLastCalledWith('item-1', CHECK.id, true);
    key(grid, 'End');
    key(grid, 'Enter');
    expect(onButton).toHaveBeenCalledWith('item-1', BUTTON.id);
    key(grid, 'Enter', { shiftKey: true });
    expect(onOpenItem).toHaveBeenCalledWith('item-1');
  });

  test('read-only columns do not start an editor', () => {
    const { grid, onChangeValue } = renderTable();
    act(() => grid.focus());
    for (let i = 0; i < 4; i++) key(grid, 'ArrowRight');
    key(grid, 'Enter');
    key(grid, 'Delete');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(onChangeValue).not.toHaveBeenCalled();
  });
});

describe('copy and paste', () => {
  test('copy puts the active cell as plain text on the clipboard', () => {
    const { grid } = renderTable();
    act(() => grid.focus());
    const setData = vi.fn();
    fireEvent.copy(grid, { clipboardData: { setData } });
    expect(setData).toHaveBeenCalledWith('text/plain', 'Item 1');
    key(grid, 'ArrowRight');
    fireEvent.copy(grid, { clipboardData: { setData } });
    expect(setData).toHaveBeenLastCalledWith('text/plain', '10');
  });

  test('paste reads the text for the cell type and validates it; a refusal shows at the cell', () => {
    const { grid, onChangeValue } = renderTable();
    /** The message the active cell is described by, which is the one alert shown. */
    const messageAtActiveCell = () => {
      const cell = document.getElementById(grid.getAttribute('aria-activedescendant') ?? '');
      const alert = screen.getByRole('alert');
      expect(cell?.getAttribute('aria-describedby')).toBe(alert.id);
      return alert.textContent;
    };
    act(() => grid.focus());
    key(grid, 'ArrowRight');
    act(() => void fireEvent.paste(grid, { clipboardData: { getData: () => '1,250.5' } }));
    expect(onChangeValue).toHaveBeenCalledWith('item-1', 'n0', 1250.5);
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => void fireEvent.paste(grid, { clipboardData: { getData: () => 'abc' } }));
    expect(messageAtActiveCell()).toBe('The text "abc" cannot be read as a value of this attribute.');
    key(grid, 'ArrowRight');
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => void fireEvent.paste(grid, { clipboardData: { getData: () => 'not-an-email' } }));
    expect(messageAtActiveCell()).toBe('The email must be a valid email address.');
    key(grid, 'ArrowRight');
    key(grid, 'ArrowRight');
    act(() => void fireEvent.paste(grid, { clipboardData: { getData: () => '2026-01-01' } }));
    expect(messageAtActiveCell()).toBe('Values of this attribute are set by Strata and cannot be written.');
    expect(onChangeValue).toHaveBeenCalledTimes(1);
  });
});

describe('rows', () => {
  test('checkboxes select items; shift-click selects the range', () => {
    const { onToggleSelect } = renderTable();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Item 1' }));
    expect(onToggleSelect).toHaveBeenLastCalledWith(['item-1'], true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Item 4' }), { shiftKey: true });
    expect(onToggleSelect).toHaveBeenLastCalledWith(['item-1', 'item-2', 'item-3', 'item-4'], true);
    const selected = screen.getAllByRole('row').filter((row) => row.getAttribute('aria-selected') === 'true');
    expect(selected).toHaveLength(4);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all items' }));
    expect(onToggleSelect).toHaveBeenLastCalledWith(['item-1', 'item-2', 'item-3', 'item-4', 'item-5'], true);
  });

  test('a ticked checkbox cell is written at once', () => {
    const { onChangeValue } = renderTable();
    const row = screen.getAllByRole('row')[2]!;
    fireEvent.click(within(row).getByRole('checkbox', { name: 'Done?' }));
    expect(onChangeValue).toHaveBeenCalledWith('item-2', CHECK.id, true);
  });

  test('the add line names a new item', () => {
    const { onAddItem } = renderTable();
    fireEvent.click(screen.getByText('Add item'));
    const input = screen.getByRole('textbox', { name: 'New item name' });
    fireEvent.change(input, { target: { value: '  Fresh  ' } });
    key(input, 'Enter');
    expect(onAddItem).toHaveBeenCalledWith('Fresh', undefined);
  });

  test.each([
    { length: 255, isSent: true },
    { length: 256, isSent: false },
  ])('a new item name of $length characters is sent: $isSent', ({ length, isSent }) => {
    const { onAddItem } = renderTable();
    fireEvent.click(screen.getByText('Add item'));
    const input = screen.getByRole('textbox', { name: 'New item name' }) as HTMLInputElement;
    const name = 'n'.repeat(length);
    fireEvent.change(input, { target: { value: name } });
    expect(input.getAttribute('aria-invalid')).toBe(isSent ? null : 'true');
    key(input, 'Enter');
    expect(onAddItem).toHaveBeenCalledTimes(isSent ? 1 : 0);
    // Refused: the message shows at once and the text stays to be shortened.
    expect(input.value).toBe(isSent ? '' : name);
    const message = 'An item’s name can be at most 255 characters long.';
    expect(toasts.current().some((toast) => toast.message === message && !toast.leaving)).toBe(!isSent);
  });

  test('subitems show under their item when expanded', () => {
    const items = makeItems(3, BASIC);
    items.push({
      ...makeItems(1, BASIC)[0]!,
      id: 'sub-1',
      parent_id: 'item-1',
      values: { name: { data: 'Sub A' } },
    });
    renderTable({ items });
    expect(screen.queryByText('Sub A')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show 1 subitem' }));
    const sub = screen.getByText('Sub A').closest('[role="row"]')!;
    expect(sub.getAttribute('data-depth')).toBe('1');
  });
});

describe('grouped', () => {
  const label = attributeOf('label', { name: 'Status' });
  const attributes = [NAME, label];
  const items = makeItems(4, attributes).map((item, index) => ({
    ...item,
    values: { ...item.values, [label.id]: { data: [index % 2 ? LABEL_DONE : LABEL_STUCK] } },
  }));

  test('groups have headings with counts and their own add line', () => {
    const { onAddItem } = renderTable({ attributes, items, settings: settingsOf({ group_by: label.id }) });
    const headings = screen
      .getAllByRole('row')
      .filter(
        (row) =>
          row.querySelector('button[aria-expanded]') &&
          !row.hasAttribute('data-item-id') &&
          row.getAttribute('aria-rowindex') !== '1',
      );
    expect(headings.map((row) => row.textContent)).toEqual([
      'Done2 items',
      'Stuck2 items',
      'Working on it0 items',
      'No value0 items',
    ]);
    fireEvent.click(screen.getAllByText('Add item')[1]!);
    fireEvent.change(screen.getByRole('textbox', { name: 'New item name' }), { target: { value: 'Fix' } });
    key(screen.getByRole('textbox', { name: 'New item name' }), 'Enter');
    expect(onAddItem).toHaveBeenCalledWith('Fix', LABEL_STUCK);
  });

  test('a group collapses from its heading (collapsed_groups) and by Enter', () => {
    const { onChangeSettings, grid } = renderTable({
      attributes,
      items,
      settings: settingsOf({ group_by: label.id }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Collapse Done' }));
    expect(lastSettings(onChangeSettings).collapsed_groups).toEqual([LABEL_DONE]);
    expect(screen.queryByText('Item 2')).toBeNull();
    act(() => grid.focus());
    key(grid, 'Enter');
    expect(lastSettings(onChangeSettings).collapsed_groups).toEqual([]);
    expect(screen.getByText('Item 2')).toBeTruthy();
  });
});
