import { applyView, NO_GROUP } from '@strata/domain/views/view-rows';
import { describe, expect, test } from 'vitest';
import { attributeOf, LABEL_DONE, LABEL_STUCK, makeItems, settingsOf } from '../views-test-setup';
import { navigateGrid } from './grid-navigation';
import {
  columnWidth,
  countItemLines,
  hideColumn,
  itemIdsOf,
  moveColumn,
  moveColumnBy,
  resizeColumn,
  showColumn,
  sortByColumn,
  tableColumns,
  tableLines,
  toggleGroupCollapsed,
} from './table-model';

const name = attributeOf('text', { id: 'name', name: 'Name' });
const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((id) => attributeOf('number', { id, name: id.toUpperCase() }));
const attributes = [name, a!, b!, c!, d!];

describe('the column model is the view settings', () => {
  test('widths default to 180 and are clamped to 60..800', () => {
    expect(columnWidth(settingsOf(), 'a')).toBe(180);
    expect(resizeColumn(settingsOf(), 'a', 10).column_widths).toEqual({ a: 60 });
    expect(resizeColumn(settingsOf(), 'a', 9000).column_widths).toEqual({ a: 800 });
    expect(resizeColumn(settingsOf(), 'a', 240.4).column_widths).toEqual({ a: 240 });
  });

  test('the name is shown first and can never be hidden', () => {
    const settings = settingsOf({ attribute_order: ['c', 'name'], hidden_attribute_ids: ['name'] });
    const columns = tableColumns(attributes, settings, 'name');
    expect(columns.all.map((x) => x.id)).toEqual(['name', 'c', 'a', 'b', 'd']);
    expect(hideColumn(settingsOf(), 'name', 'name').hidden_attribute_ids).toEqual([]);
  });

  test('hide and show write hidden_attribute_ids', () => {
    const hidden = hideColumn(settingsOf(), 'b', 'name');
    expect(hidden.hidden_attribute_ids).toEqual(['b']);
    expect(tableColumns(attributes, hidden, 'name').others.map((x) => x.id)).toEqual(['a', 'c', 'd']);
    expect(showColumn(hidden, 'b').hidden_attribute_ids).toEqual([]);
  });

  test('a dragged column lands before the target, hidden columns keeping their places', () => {
    const settings = settingsOf({ hidden_attribute_ids: ['c'] });
    expect(moveColumn(settings, attributes, 'd', 'a').attribute_order).toEqual(['name', 'd', 'a', 'b', 'c']);
    expect(moveColumn(settings, attributes, 'a', null).attribute_order).toEqual(['name', 'b', 'c', 'd', 'a']);
  });

  test('a column moves one place among the shown ones by keyboard', () => {
    const settings = settingsOf({ hidden_attribute_ids: ['c'] });
    const shown = ['a', 'b', 'd'];
    const later = moveColumnBy(settings, attributes, shown, 'b', 1);
    expect(tableColumns(attributes, later, 'name').others.map((x) => x.id)).toEqual(['a', 'd', 'b']);
    const earlier = moveColumnBy(settings, attributes, shown, 'b', -1);
    expect(tableColumns(attributes, earlier, 'name').others.map((x) => x.id)).toEqual(['b', 'a', 'd']);
    expect(moveColumnBy(settings, attributes, shown, 'a', -1)).toBe(settings);
  });

  test('sort from a column: first rule in its direction, others kept; clear removes it', () => {
    const settings = settingsOf({ sort: [{ attribute_id: 'b', direction: 'asc' }] });
    expect(sortByColumn(settings, 'a', 'desc').sort).toEqual([
      { attribute_id: 'a', direction: 'desc' },
      { attribute_id: 'b', direction: 'asc' },
    ]);
    expect(sortByColumn(settings, 'b', null).sort).toEqual([]);
  });

  test('collapsing a group toggles its key', () => {
    const once = toggleGroupCollapsed(settingsOf(), LABEL_DONE);
    expect(once.collapsed_groups).toEqual([LABEL_DONE]);
    expect(toggleGroupCollapsed(once, LABEL_DONE).collapsed_groups).toEqual([]);
  });
});

describe('table lines', () => {
  const label = attributeOf('label');
  const items = makeItems(3, [name]).map((item, index) => ({
    ...item,
    values: { ...item.values, [label.id]: { data: index === 0 ? [LABEL_STUCK] : [LABEL_DONE] } },
  }));

  test('an ungrouped view ends with one add line', () => {
    const result = applyView({ items, attributes: [name, label], settings: settingsOf() });
    const lines = tableLines(
      result,
      { expanded: new Set(), collapsedGroups: new Set(), showSubitems: true },
      true,
    );
    expect(lines.map((line) => line.kind)).toEqual(['item', 'item', 'item', 'add']);
    expect(lines.at(-1)).toEqual({ kind: 'add', group: NO_GROUP });
  });

  test('every open group ends with its add line; a collapsed group shows its heading only', () => {
    const settings = settingsOf({ group_by: label.id });
    const result = applyView({ items, attributes: [name, label], settings });
    const lines = tableLines(
      result,
      { expanded: new Set(), collapsedGroups: new Set([LABEL_DONE]), showSubitems: true },
      true,
    );
    const shape = lines.map((line) =>
      line.kind === 'group'
        ? `g:${line.group.title}`
        : line.kind === 'add'
          ? `add:${line.group}`
          : line.item.id,
    );
    expect(shape).toEqual([
      'g:Done',
      'g:Stuck',
      'item-1',
      `add:${LABEL_STUCK}`,
      'g:Working on it',
      `add:${'0b6f5d2e-8a41-4c0e-9f5e-2d1f7f9a0003'}`,
      'g:',
      `add:${NO_GROUP}`,
    ]);
  });

  test('select-all counts and lists the items the lines show, expanded subitems included', () => {
    const withSubitem = [...items, { ...makeItems(1, [name])[0]!, id: 'sub', parent_id: 'item-2' }];
    const result = applyView({ items: withSubitem, attributes: [name, label], settings: settingsOf() });
    const lines = tableLines(
      result,
      { expanded: new Set(['item-2']), collapsedGroups: new Set(), showSubitems: true },
      true,
    );
    expect(itemIdsOf(lines)).toEqual(['item-1', 'item-2', 'sub', 'item-3']);
    expect(countItemLines(lines)).toBe(4);
    const grouped = tableLines(
      applyView({ items, attributes: [name, label], settings: settingsOf({ group_by: label.id }) }),
      { expanded: new Set(), collapsedGroups: new Set([LABEL_DONE]), showSubitems: true },
      true,
    );
    expect(itemIdsOf(grouped)).toEqual(['item-1']);
    expect(countItemLines(grouped)).toBe(1);
  });

  test('read-only views draw no add lines', () => {
    const result = applyView({ items, attributes: [name], settings: settingsOf() });
    const lines = tableLines(
      result,
      { expanded: new Set(), collapsedGroups: new Set(), showSubitems: true },
      false,
    );
    expect(lines.every((line) => line.kind === 'item')).toBe(true);
  });
});

describe('grid navigation', () => {
  const bounds = { rows: 10, cols: 5, page: 4 };
  const at = { row: 3, col: 2 };

  test.each([
    ['ArrowUp', false, { row: 2, col: 2 }],
    ['ArrowDown', false, { row: 4, col: 2 }],
    ['ArrowRight', false, { row: 3, col: 3 }],
    ['ArrowLeft', false, { row: 3, col: 1 }],
    ['ArrowRight', true, { row: 3, col: 1 }],
    ['ArrowLeft', true, { row: 3, col: 3 }],
    ['Home', false, { row: 3, col: 0 }],
    ['End', false, { row: 3, col: 4 }],
    ['PageDown', false, { row: 7, col: 2 }],
    ['PageUp', false, { row: 0, col: 2 }],
  ])('%s (right-to-left: %s) moves to %o', (key, rtl, next) => {
    expect(navigateGrid({ key }, at, bounds, rtl)).toEqual(next);
  });

  test('arrows stop at the edges', () => {
    expect(navigateGrid({ key: 'ArrowUp' }, { row: 0, col: 0 }, bounds, false)).toEqual({ row: 0, col: 0 });
    expect(navigateGrid({ key: 'ArrowRight' }, { row: 0, col: 4 }, bounds, false)).toEqual({
      row: 0,
      col: 4,
    });
  });

  test('Tab moves on in reading order, wrapping to the next line, and leaves at the end', () => {
    expect(navigateGrid({ key: 'Tab' }, { row: 3, col: 4 }, bounds, false)).toEqual({ row: 4, col: 0 });
    expect(navigateGrid({ key: 'Tab', shiftKey: true }, { row: 3, col: 0 }, bounds, true)).toEqual({
      row: 2,
      col: 4,
    });
    expect(navigateGrid({ key: 'Tab' }, { row: 9, col: 4 }, bounds, false)).toBeNull();
    expect(navigateGrid({ key: 'Tab', shiftKey: true }, { row: 0, col: 0 }, bounds, false)).toBeNull();
  });

  test('Ctrl with Home, End and arrows jumps to the grid edges', () => {
    expect(navigateGrid({ key: 'End', ctrlKey: true }, at, bounds, false)).toEqual({ row: 9, col: 4 });
    expect(navigateGrid({ key: 'ArrowDown', metaKey: true }, at, bounds, false)).toEqual({ row: 9, col: 2 });
    expect(navigateGrid({ key: 'ArrowRight', ctrlKey: true }, at, bounds, true)).toEqual({ row: 3, col: 0 });
  });
});
