import { describe, expect, it } from 'vitest';
import {
  applyView,
  flattenView,
  NO_GROUP,
  type ViewAttribute,
  type ViewItem,
  viewShowsItem,
} from './view-rows';
import { readViewSettings, type ViewSettings } from './view-settings';

const ids = {
  name: '00000000-0000-4000-8000-000000000001',
  status: '00000000-0000-4000-8000-000000000002',
  points: '00000000-0000-4000-8000-000000000003',
  done: '00000000-0000-4000-8000-000000000004',
  todo: '10000000-0000-4000-8000-000000000001',
  doing: '10000000-0000-4000-8000-000000000002',
  finished: '10000000-0000-4000-8000-000000000003',
};

const attributes: ViewAttribute[] = [
  { id: ids.name, name: 'Name', type: 'text' },
  {
    id: ids.status,
    name: 'Status',
    type: 'label',
    settings: {
      labels: [
        { id: ids.todo, name: 'To do', color: '#aaa' },
        { id: ids.doing, name: 'Doing', color: '#bbb' },
        { id: ids.finished, name: 'Done', color: '#ccc' },
      ],
    },
  },
  { id: ids.points, name: 'Points', type: 'number' },
  { id: ids.done, name: 'Done', type: 'checkbox' },
];

function item(id: string, sort: string, values: { name?: string; status?: string; points?: number }) {
  const entry = (attribute: string, data: unknown) => ({
    [attribute]: { id: `v-${id}-${attribute}`, attribute_id: attribute, data },
  });
  return {
    id,
    parent_id: null as string | null,
    sort_order: sort,
    values: {
      ...(values.name === undefined ? {} : entry(ids.name, values.name)),
      ...(values.status === undefined ? {} : entry(ids.status, [values.status])),
      ...(values.points === undefined ? {} : entry(ids.points, values.points)),
    },
  } satisfies ViewItem;
}

const items = [
  item('i1', 'a3', { name: 'Write docs', status: ids.doing, points: 3 }),
  item('i2', 'a1', { name: 'Item 10', status: ids.todo, points: 8 }),
  item('i3', 'a2', { name: 'Item 2', points: 1 }),
  item('i4', 'a0', { name: 'Ship', status: ids.todo }),
];
const subitems = [
  { ...item('s1', 'a1', { name: 'Sub b' }), parent_id: 'i2' },
  { ...item('s2', 'a0', { name: 'Sub a' }), parent_id: 'i2' },
  { ...item('s3', 'a0', { name: 'Orphan' }), parent_id: 'gone' },
];

const view = (settings: Partial<ViewSettings>) =>
  applyView({ items: [...items, ...subitems], attributes, settings: readViewSettings(settings) });
const order = (settings: Partial<ViewSettings>) =>
  view(settings).groups.flatMap((g) => g.items.map((i) => i.id));

describe('applyView: order', () => {
  it.each<[string, Partial<ViewSettings>, string[]]>([
    ['own order without sort rules', {}, ['i4', 'i2', 'i3', 'i1']],
    [
      'text ascending, natural',
      { sort: [{ attribute_id: ids.name, direction: 'asc' }] },
      ['i3', 'i2', 'i4', 'i1'],
    ],
    [
      'number descending, empty last',
      { sort: [{ attribute_id: ids.points, direction: 'desc' }] },
      ['i2', 'i1', 'i3', 'i4'],
    ],
    [
      'number ascending, empty last',
      { sort: [{ attribute_id: ids.points, direction: 'asc' }] },
      ['i3', 'i1', 'i2', 'i4'],
    ],
    [
      'label order, ties by own order',
      { sort: [{ attribute_id: ids.status, direction: 'asc' }] },
      ['i4', 'i2', 'i1', 'i3'],
    ],
    [
      'a deleted attribute is skipped',
      { sort: [{ attribute_id: 'gone', direction: 'asc' }] },
      ['i4', 'i2', 'i3', 'i1'],
    ],
  ])('%s', (_name, settings, expected) => {
    expect(order(settings)).toEqual(expected);
  });
});

describe('applyView: filters', () => {
  it.each<[string, Partial<ViewSettings>, string[]]>([
    ['none', {}, ['i4', 'i2', 'i3', 'i1']],
    [
      'text contains',
      { filters: [{ attribute_id: ids.name, operator: 'contains', operand: 'item' }] },
      ['i2', 'i3'],
    ],
    [
      'all: contains and number above',
      {
        filters: [
          { attribute_id: ids.name, operator: 'contains', operand: 'item' },
          { attribute_id: ids.points, operator: 'gt', operand: 2 },
        ],
      },
      ['i2'],
    ],
    [
      'any: label is doing or points empty',
      {
        filter_match: 'any',
        filters: [
          { attribute_id: ids.status, operator: 'is_any_of', operand: [ids.doing] },
          { attribute_id: ids.points, operator: 'is_empty' },
        ],
      },
      ['i4', 'i1'],
    ],
    [
      'a deleted attribute is skipped',
      { filters: [{ attribute_id: 'gone', operator: 'is_empty' }] },
      ['i4', 'i2', 'i3', 'i1'],
    ],
  ])('%s', (_name, settings, expected) => {
    expect(order(settings)).toEqual(expected);
    expect(view(settings).count).toBe(expected.length);
  });
});

describe('applyView: groups and subitems', () => {
  it('groups by a label: every label in order, empty ones too, no label last', () => {
    const groups = view({ group_by: ids.status }).groups;
    expect(groups.map((g) => [g.key, g.title, g.items.map((i) => i.id)])).toEqual([
      [ids.todo, 'To do', ['i4', 'i2']],
      [ids.doing, 'Doing', ['i1']],
      [ids.finished, 'Done', []],
      [NO_GROUP, '', ['i3']],
    ]);
  });

  it('groups by a number: distinct values ascending, empty last', () => {
    const groups = view({ group_by: ids.points }).groups;
    expect(groups.map((g) => [g.title, g.items.map((i) => i.id)])).toEqual([
      ['1', ['i3']],
      ['3', ['i1']],
      ['8', ['i2']],
      ['', ['i4']],
    ]);
  });

  it('keeps subitems under shown parents only, in their own order', () => {
    const result = view({});
    expect(result.subitems.get('i2')?.map((i) => i.id)).toEqual(['s2', 's1']);
    expect(result.subitems.has('gone')).toBe(false);
    const filtered = view({ filters: [{ attribute_id: ids.name, operator: 'is', operand: 'Ship' }] });
    expect(filtered.subitems.size).toBe(0);
  });

  it('flattens for drawing: headings, items, expanded subitems, collapsed groups', () => {
    const result = view({ group_by: ids.status });
    const lines = flattenView(result, {
      expanded: new Set(['i2']),
      collapsedGroups: new Set([ids.doing]),
      showSubitems: true,
    });
    expect(
      lines.map((line) =>
        line.kind === 'group' ? `# ${line.group.title}` : `${'-'.repeat(line.depth)}${line.item.id}`,
      ),
    ).toEqual(['# To do', 'i4', 'i2', '-s2', '-s1', '# Doing', '# Done', '# ', 'i3']);
    const i2 = lines.find((line) => line.kind === 'item' && line.item.id === 'i2');
    expect(i2?.kind === 'item' && i2.subitemCount).toBe(2);
  });

  it('flattens an ungrouped view without headings, subitems hidden when the view says so', () => {
    const lines = flattenView(view({}), {
      expanded: new Set(['i2']),
      collapsedGroups: new Set(),
      showSubitems: false,
    });
    expect(lines.map((line) => (line.kind === 'item' ? line.item.id : 'heading'))).toEqual([
      'i4',
      'i2',
      'i3',
      'i1',
    ]);
  });
});

describe('viewShowsItem: as applyView shows it', () => {
  const byId = new Map([...items, ...subitems].map((entry) => [entry.id, entry]));
  const contains: Partial<ViewSettings> = {
    filters: [{ attribute_id: ids.name, operator: 'contains', operand: 'item' }],
  };
  it.each<[string, Partial<ViewSettings>, string, string | undefined, boolean]>([
    ['no filters: a top-level item', {}, 'i1', undefined, true],
    ['passes the filters', contains, 'i2', undefined, true],
    ['fails the filters', contains, 'i1', undefined, false],
    ['a subitem of a shown parent', contains, 's1', 'i2', true],
    ['another item given as its parent', {}, 's1', 'i1', false],
    [
      'a subitem of a parent the filters hide',
      { filters: [{ attribute_id: ids.name, operator: 'is', operand: 'Ship' }] },
      's1',
      'i2',
      false,
    ],
    ['a subitem without its parent given', {}, 's1', undefined, false],
    ['a subitem whose own name fails, under a shown parent', contains, 's2', 'i2', true],
  ])('%s', (_name, settings, itemId, parentId, expected) => {
    const shows = viewShowsItem({
      item: byId.get(itemId)!,
      parent: parentId === undefined ? undefined : byId.get(parentId),
      attributes,
      settings: readViewSettings(settings),
    });
    expect(shows).toBe(expected);
    const rows = view(settings);
    const shown = rows.groups.flatMap((group) =>
      group.items.flatMap((entry) => [entry.id, ...(rows.subitems.get(entry.id) ?? []).map((sub) => sub.id)]),
    );
    // The same answer as the whole view's rows, when the parent given is the item's own.
    const own = byId.get(itemId)!.parent_id;
    if (own === null || parentId === own) expect(shown.includes(itemId)).toBe(expected);
  });
});
