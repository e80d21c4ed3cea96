import { describe, expect, it } from 'vitest';
import { COLUMN_WIDTH, moveAttribute, readViewSettings, visibleAttributeIds } from './view-settings';

describe('view settings', () => {
  it('fills every default', () => {
    expect(readViewSettings(undefined)).toEqual({
      group_by: null,
      sort: [],
      filter_match: 'all',
      filters: [],
      hidden_attribute_ids: [],
      attribute_order: [],
      column_widths: {},
      collapsed_groups: [],
      card_attribute_ids: [],
      show_subitems: true,
      date_attribute_ids: [],
      color_by: null,
      calendar_mode: 'month',
      gantt_zoom: 'week',
      progress_attribute_id: null,
      show_critical_path: false,
      charts: [],
      shared: false,
      fields: [],
      title: '',
      description: '',
      cover: null,
      submit_label: null,
      after: { message: '' },
      closes_at: null,
      max_answers: null,
      notify_user_ids: [],
      published: false,
      shared_pages: [],
    });
  });

  it.each([
    [
      'an unknown calendar mode drops only the mode',
      { calendar_mode: 'year', date_attribute_ids: ['d'] },
      { calendar_mode: 'month', date_attribute_ids: ['d'] },
    ],
    [
      'more than 7 calendar attributes drop the list',
      { date_attribute_ids: ['1', '2', '3', '4', '5', '6', '7', '8'], color_by: 'l' },
      { date_attribute_ids: [], color_by: 'l' },
    ],
    [
      'a bad filter drops only the filters',
      { group_by: 'a', filters: [{ attribute_id: 'x', operator: 'nope' }] },
      { group_by: 'a', filters: [] },
    ],
    [
      'a width out of range drops only the widths',
      { column_widths: { a: COLUMN_WIDTH.max + 1 }, sort: [{ attribute_id: 'a' }] },
      { column_widths: {}, sort: [{ attribute_id: 'a', direction: 'asc' }] },
    ],
    ['not an object', 'text', { group_by: null }],
  ])('%s', (_name, raw, expected) => {
    expect(readViewSettings(raw)).toMatchObject(expected);
  });

  it.each<[string, string[], string[], string | undefined, string[]]>([
    ['folder order', [], [], undefined, ['a', 'b', 'c', 'd']],
    ['view order first, unknown ids dropped', ['c', 'zz', 'a'], [], undefined, ['c', 'a', 'b', 'd']],
    ['hidden left out', [], ['b', 'd'], undefined, ['a', 'c']],
    ['the name stays first and shown', ['c', 'a'], ['a'], 'a', ['a', 'c', 'b', 'd']],
  ])('visible attributes: %s', (_name, order, hidden, name, expected) => {
    expect(
      visibleAttributeIds(
        ['a', 'b', 'c', 'd'],
        { attribute_order: order, hidden_attribute_ids: hidden },
        name,
      ),
    ).toEqual(expected);
  });

  it.each<[string, string | null, string[]]>([
    ['b', 'a', ['b', 'a', 'c']],
    ['a', 'c', ['b', 'a', 'c']],
    ['a', null, ['b', 'c', 'a']],
    ['a', 'missing', ['b', 'c', 'a']],
  ])('moves %s before %s', (moved, before, expected) => {
    expect(moveAttribute(['a', 'b', 'c'], moved, before)).toEqual(expected);
  });
});
