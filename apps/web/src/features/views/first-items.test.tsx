// @vitest-environment jsdom
import {
  readViewSettings,
  VIEW_TYPES,
  type ViewSettings,
  type ViewType,
} from '@strata/domain/views/view-settings';
import { render } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { FIRST_ITEMS, useFirstItemsFirst, viewNeedsEveryItem } from './first-items';

/** A view that notes how many items it was given, render by render. */
function View(props: { items: readonly number[]; settings: ViewSettings; counts: number[] }) {
  props.counts.push(useFirstItemsFirst(props.items, props.settings).length);
  return null;
}

/** What a view drew, render by render: the number of items it was given. */
function drawnCounts(items: readonly number[], settings = readViewSettings({})) {
  const counts: number[] = [];
  render(<View items={items} settings={settings} counts={counts} />);
  return counts;
}

describe('a large folder draws its first items first', () => {
  const many = Array.from({ length: FIRST_ITEMS * 3 }, (_, i) => i);
  test.each<[string, readonly number[], ReturnType<typeof readViewSettings>, number[]]>([
    ['in its own order: the first items, then all', many, readViewSettings({}), [FIRST_ITEMS, many.length]],
    ['a small folder: all at once', many.slice(0, 10), readViewSettings({}), [10]],
    [
      'sorted: all at once (the first rows may be anywhere)',
      many,
      readViewSettings({ sort: [{ attribute_id: 'a', direction: 'asc' }] }),
      [many.length],
    ],
    [
      'filtered: all at once',
      many,
      readViewSettings({ filters: [{ attribute_id: 'a', operator: 'is_empty' }] }),
      [many.length],
    ],
  ])('%s', (_name, items, settings, expected) => {
    expect(drawnCounts(items, settings)).toEqual(expected);
  });
});

describe('a view waits for every item of a folder when its first rows may be anywhere', () => {
  const settings = {
    'in its own order': readViewSettings({}),
    sorted: readViewSettings({ sort: [{ attribute_id: 'a', direction: 'desc' }] }),
    filtered: readViewSettings({ filters: [{ attribute_id: 'a', operator: 'is_not_empty' }] }),
  };
  // Only charts (they count every item) and files lists (every item's files) wait in the folder's own order.
  const waitsInOwnOrder: Record<ViewType, boolean> = {
    table: false,
    columns: false,
    list: false,
    calendar: false,
    gantt: false,
    chart: true,
    documents: false,
    form: false,
    files: true,
  };
  const cases = VIEW_TYPES.flatMap((type) => [
    [type, 'in its own order', waitsInOwnOrder[type]] as const,
    [type, 'sorted', true] as const,
    [type, 'filtered', true] as const,
  ]);
  test.each(cases)('%s, %s: waits %s', (type, order, waits) => {
    expect(viewNeedsEveryItem(type, settings[order])).toBe(waits);
  });
});
