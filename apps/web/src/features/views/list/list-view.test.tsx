// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  attributeOf,
  LABEL_DONE,
  LABEL_STUCK,
  makeItems,
  manyAttributes,
  settingsOf,
  setupViewsTest,
} from '../views-test-setup';
import {
  BASIC,
  BUTTON,
  CHECK,
  EMAIL,
  itemRows,
  key,
  lastSettings,
  mockListViewport,
  NAME,
  NUMBER,
  renderList,
  rowOf,
  titles,
} from './list-test-harness';

let restoreViewport: () => void;
beforeAll(async () => {
  await setupViewsTest();
  restoreViewport = mockListViewport();
});
afterAll(() => restoreViewport());
afterEach(cleanup);

/** Three items, the first with two subitems. */
function withSubitems() {
  const items = makeItems(3, BASIC);
  const sub = (id: string, name: string, order: string) => ({
    ...makeItems(1, BASIC)[0]!,
    id,
    parent_id: 'item-1',
    sort_order: order,
    values: { name: { data: name } },
  });
  return [...items, sub('sub-b', 'Sub B', 'a2'), sub('sub-a', 'Sub A', 'a1')];
}

describe('lines', () => {
  test('items are drawn in the view order: filters and sort rules of the view apply', () => {
    renderList({
      settings: settingsOf({
        sort: [{ attribute_id: NUMBER.id, direction: 'desc' }],
        filters: [{ attribute_id: NUMBER.id, operator: 'gt', operand: 20 }],
      }),
    });
    expect(titles()).toEqual(['Item 5', 'Item 4', 'Item 3']);
  });

  test('a line shows the first three visible attributes after its title, read-only', () => {
    renderList({ settings: settingsOf({ hidden_attribute_ids: [EMAIL.id] }) });
    const cells = within(rowOf('Item 2')).getAllByRole('gridcell');
    // checkbox, title, Number 0, Done?, Action, open
    expect(cells).toHaveLength(6);
    expect(cells[2]!.textContent).toBe('Number 020');
    expect(cells[3]!.getAttribute('title')).toBe(CHECK.name);
    expect(within(cells[3]!).queryByRole('checkbox')).toBeNull();
    expect(cells[4]!.getAttribute('title')).toBe(BUTTON.name);
  });

  test('card_attribute_ids choose the values a line shows, in their order', () => {
    const { onButton } = renderList({ settings: settingsOf({ card_attribute_ids: [BUTTON.id, NUMBER.id] }) });
    const cells = within(rowOf('Item 3')).getAllByRole('gridcell');
    expect(cells.map((cell) => cell.getAttribute('title'))).toEqual([
      null,
      null,
      BUTTON.name,
      NUMBER.name,
      null,
    ]);
    fireEvent.click(within(cells[2]!).getByRole('button', { name: 'Notify' }));
    expect(onButton).toHaveBeenCalledWith('item-3', BUTTON.id);
  });

  test('the list is one tab stop: only the active line is focusable by Tab', () => {
    const { list } = renderList();
    expect(list.getAttribute('aria-rowcount')).toBe('6'); // 5 items and the add line
    const stops = screen.getAllByRole('row').filter((row) => row.tabIndex === 0);
    expect(stops).toEqual([rowOf('Item 1')]);
    expect(
      within(list)
        .getAllByRole('button')
        .every((button) => button.tabIndex === -1),
    ).toBe(true);
  });

  test('keeps the DOM bounded: 10,000 items draw as many lines as 1,000', () => {
    const attributes = manyAttributes(30);
    const count = (n: number) => {
      const { view } = renderList({ attributes, items: makeItems(n, attributes) });
      const result = {
        rows: screen.getAllByRole('row').length,
        nodes: view.container.querySelectorAll('*').length,
      };
      cleanup();
      return result;
    };
    const small = count(1_000);
    const large = count(10_000);
    expect(large.rows).toBe(small.rows);
    expect(large.rows).toBeLessThan(40); // 640 px of 32 px lines, and the overscan
    expect(large.nodes / small.nodes).toBeLessThanOrEqual(1.05);
  }, 30_000);
});

describe('titles', () => {
  test('a click on the title edits it; Enter commits through onChangeValue and focus returns to the line', () => {
    const { onChangeValue } = renderList();
    fireEvent.click(screen.getByRole('button', { name: 'Rename Item 2' }));
    const input = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    expect(input.value).toBe('Item 2');
    fireEvent.change(input, { target: { value: 'Renamed' } });
    key(input, 'Enter');
    expect(onChangeValue).toHaveBeenCalledWith('item-2', 'name', 'Renamed');
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(document.activeElement).toBe(rowOf('Item 2'));
  });

  test('Escape cancels the edit; an unchanged title is not written', () => {
    const { onChangeValue } = renderList();
    fireEvent.click(screen.getByRole('button', { name: 'Rename Item 1' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Nope' } });
    key(screen.getByRole('textbox', { name: 'Name' }), 'Escape');
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Rename Item 1' }));
    key(screen.getByRole('textbox', { name: 'Name' }), 'Enter');
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(onChangeValue).not.toHaveBeenCalled();
    expect(titles()[0]).toBe('Item 1');
  });

  test('Enter or F2 on the focused line opens the title editor', () => {
    renderList();
    act(() => rowOf('Item 1').focus());
    key(rowOf('Item 1'), 'F2');
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Item 1');
    key(screen.getByRole('textbox', { name: 'Name' }), 'Escape');
    expect(document.activeElement).toBe(rowOf('Item 1'));
    key(rowOf('Item 1'), 'ArrowDown');
    key(rowOf('Item 2'), 'Enter');
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Item 2');
  });

  test('read-only: no title editors and no add lines; Enter opens the item', () => {
    const { list, onOpenItem } = renderList({ readOnly: true });
    expect(list.getAttribute('aria-readonly')).toBe('true');
    expect(screen.queryByRole('button', { name: /^Rename/ })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(list.getAttribute('aria-rowcount')).toBe('5');
    act(() => rowOf('Item 1').focus());
    key(rowOf('Item 1'), 'F2');
    expect(screen.queryByRole('textbox')).toBeNull();
    key(rowOf('Item 1'), 'Enter');
    expect(onOpenItem).toHaveBeenCalledWith('item-1');
  });
});

describe('keyboard', () => {
  test('ArrowDown/Up, Home and End move the focus between lines', () => {
    renderList();
    act(() => rowOf('Item 1').focus());
    key(rowOf('Item 1'), 'ArrowDown');
    key(rowOf('Item 2'), 'ArrowDown');
    expect(document.activeElement).toBe(rowOf('Item 3'));
    expect(rowOf('Item 3').tabIndex).toBe(0);
    expect(rowOf('Item 1').tabIndex).toBe(-1);
    key(rowOf('Item 3'), 'ArrowUp');
    expect(document.activeElement).toBe(rowOf('Item 2'));
    key(rowOf('Item 2'), 'End');
    expect(document.activeElement).toBe(rowOf('New item name'));
    key(rowOf('New item name'), 'Home');
    expect(document.activeElement).toBe(rowOf('Item 1'));
  });

  test('o and Ctrl+Enter open the focused item; the open button does too', () => {
    const { onOpenItem } = renderList();
    act(() => rowOf('Item 1').focus());
    key(rowOf('Item 1'), 'o');
    expect(onOpenItem).toHaveBeenLastCalledWith('item-1');
    key(rowOf('Item 1'), 'ArrowDown');
    key(rowOf('Item 2'), 'Enter', { ctrlKey: true });
    expect(onOpenItem).toHaveBeenLastCalledWith('item-2');
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open Item 4' }));
    expect(onOpenItem).toHaveBeenLastCalledWith('item-4');
  });

  test('the active line stays drawn, and keeps the tab stop, when scrolled out of sight', () => {
    const { list } = renderList({ items: makeItems(500, BASIC) });
    act(() => rowOf('Item 2').focus());
    act(() => {
      list.scrollTop = 32 * 300;
      fireEvent.scroll(list);
    });
    expect(screen.getByRole('row', { name: 'Item 300' })).toBeTruthy();
    expect(rowOf('Item 2').tabIndex).toBe(0);
    expect(screen.queryByRole('row', { name: 'Item 3' })).toBeNull();
  });
});

describe('selection', () => {
  test('checkboxes select items; shift-click selects the range; Space toggles the focused line', () => {
    const { onToggleSelect } = renderList();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Item 1' }));
    expect(onToggleSelect).toHaveBeenLastCalledWith(['item-1'], true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Item 4' }), { shiftKey: true });
    expect(onToggleSelect).toHaveBeenLastCalledWith(['item-1', 'item-2', 'item-3', 'item-4'], true);
    expect(itemRows().filter((row) => row.getAttribute('aria-selected') === 'true')).toHaveLength(4);
    // The click left the focus on the line, so the keyboard goes on from there.
    expect(document.activeElement).toBe(rowOf('Item 4'));
    key(rowOf('Item 4'), ' ');
    expect(onToggleSelect).toHaveBeenLastCalledWith(['item-4'], false);
    key(rowOf('Item 4'), 'ArrowDown');
    key(rowOf('Item 5'), ' ', { shiftKey: true });
    expect(onToggleSelect).toHaveBeenLastCalledWith(['item-4', 'item-5'], true);
  });
});

describe('subitems', () => {
  test('subitems show indented under their item, in the view order, and collapse again', () => {
    renderList({ items: withSubitems() });
    expect(titles()).toEqual(['Item 1', 'Item 2', 'Item 3']);
    expect(rowOf('Item 1').getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Show 2 subitems' }));
    expect(titles()).toEqual(['Item 1', 'Sub A', 'Sub B', 'Item 2', 'Item 3']);
    const sub = rowOf('Sub A');
    expect(sub.getAttribute('data-depth')).toBe('1');
    expect(sub.getAttribute('aria-level')).toBe('2');
    expect(within(sub).getAllByRole('gridcell')[1]!.className).toMatch(/subitem/);
    fireEvent.click(screen.getByRole('button', { name: 'Hide 2 subitems' }));
    expect(titles()).toEqual(['Item 1', 'Item 2', 'Item 3']);
  });

  test('the arrow along the reading direction expands, the one against it goes to the parent and collapses', () => {
    renderList({ items: withSubitems(), dir: 'rtl' });
    act(() => rowOf('Item 1').focus());
    key(rowOf('Item 1'), 'ArrowLeft'); // forward in right-to-left text
    expect(titles()).toEqual(['Item 1', 'Sub A', 'Sub B', 'Item 2', 'Item 3']);
    key(rowOf('Item 1'), 'ArrowDown');
    key(rowOf('Sub A'), 'ArrowDown');
    key(rowOf('Sub B'), 'ArrowRight');
    expect(document.activeElement).toBe(rowOf('Item 1'));
    key(rowOf('Item 1'), 'ArrowRight');
    expect(titles()).toEqual(['Item 1', 'Item 2', 'Item 3']);
  });

  test('show_subitems false hides the toggles', () => {
    renderList({ items: withSubitems(), settings: settingsOf({ show_subitems: false }) });
    expect(screen.queryByRole('button', { name: /subitems/ })).toBeNull();
    expect(rowOf('Item 1').hasAttribute('aria-expanded')).toBe(false);
  });
});

describe('grouped', () => {
  const label = attributeOf('label', { name: 'Status' });
  const attributes = [NAME, label];
  const items = makeItems(4, attributes).map((item, index) => ({
    ...item,
    values: { ...item.values, [label.id]: { data: [index % 2 ? LABEL_DONE : LABEL_STUCK] } },
  }));
  const headings = () =>
    screen.getAllByRole('row').filter((row) => row.hasAttribute('data-group-key')) as HTMLElement[];

  test('groups have headings with a swatch, a name and a count, and items under them', () => {
    renderList({ attributes, items, settings: settingsOf({ group_by: label.id }) });
    expect(headings().map((row) => row.textContent)).toEqual([
      'Done2 items',
      'Stuck2 items',
      'Working on it0 items',
      'No value0 items',
    ]);
    expect(headings()[0]!.getAttribute('aria-level')).toBe('1');
    expect(rowOf('Item 2').getAttribute('aria-level')).toBe('2');
    expect(titles()).toEqual(['Item 2', 'Item 4', 'Item 1', 'Item 3']);
    const swatch = headings()[0]!.querySelector('[aria-hidden="true"][style]') as HTMLElement;
    expect(swatch.style.background).toBe('rgb(0, 200, 117)');
  });

  test('the add field at the end of a group passes the group key', () => {
    const { onAddItem } = renderList({ attributes, items, settings: settingsOf({ group_by: label.id }) });
    const input = screen.getByRole('textbox', { name: 'New item in Stuck' });
    fireEvent.change(input, { target: { value: '  Fix  ' } });
    key(input, 'Enter');
    expect(onAddItem).toHaveBeenCalledWith('Fix', LABEL_STUCK);
    expect((input as HTMLInputElement).value).toBe('');
    fireEvent.change(screen.getByRole('textbox', { name: 'New item in No value' }), {
      target: { value: 'Loose' },
    });
    key(screen.getByRole('textbox', { name: 'New item in No value' }), 'Enter');
    expect(onAddItem).toHaveBeenLastCalledWith('Loose', '__none__');
  });

  test('a group collapses from its heading (collapsed_groups) and by the keyboard', () => {
    const { onChangeSettings } = renderList({
      attributes,
      items,
      settings: settingsOf({ group_by: label.id }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Collapse Done' }));
    expect(lastSettings(onChangeSettings).collapsed_groups).toEqual([LABEL_DONE]);
    expect(titles()).toEqual(['Item 1', 'Item 3']);
    expect(screen.queryByRole('textbox', { name: 'New item in Done' })).toBeNull();
    expect(headings()[0]!.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(headings()[0]);
    key(headings()[0]!, 'Enter');
    expect(lastSettings(onChangeSettings).collapsed_groups).toEqual([]);
    expect(titles()).toEqual(['Item 2', 'Item 4', 'Item 1', 'Item 3']);
    key(headings()[0]!, 'ArrowLeft');
    expect(lastSettings(onChangeSettings).collapsed_groups).toEqual([LABEL_DONE]);
  });
});

describe('adding', () => {
  test('ungrouped, the add field closes the list and passes no group; Enter on its line focuses it', () => {
    const { onAddItem } = renderList();
    act(() => rowOf('Item 1').focus());
    key(rowOf('Item 1'), 'End');
    key(rowOf('New item name'), 'Enter');
    const input = screen.getByRole('textbox', { name: 'New item name' });
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: 'Fresh' } });
    key(input, 'Enter');
    expect(onAddItem).toHaveBeenCalledWith('Fresh', undefined);
    key(input, 'Escape');
    expect(document.activeElement).toBe(rowOf('New item name'));
  });

  test('a name past 255 characters is flagged, kept and not sent', () => {
    const { onAddItem } = renderList();
    act(() => rowOf('Item 1').focus());
    key(rowOf('Item 1'), 'End');
    key(rowOf('New item name'), 'Enter');
    const input = screen.getByRole('textbox', { name: 'New item name' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'ش'.repeat(256) } });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    key(input, 'Enter');
    expect(onAddItem).not.toHaveBeenCalled();
    expect(input.value).toBe('ش'.repeat(256));
    fireEvent.change(input, { target: { value: 'ش'.repeat(255) } });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    key(input, 'Enter');
    expect(onAddItem).toHaveBeenCalledWith('ش'.repeat(255), undefined);
  });
});
