// @vitest-environment jsdom
import { readViewSettings, type ViewSettings } from '@strata/domain/views/view-settings';
import { render } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { FIRST_ITEMS, useFirstItemsFirst } from './first-items';

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
