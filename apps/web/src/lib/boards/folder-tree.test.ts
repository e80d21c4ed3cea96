import type { Folder } from '@strata/contracts/boards';
import { describe, expect, test } from 'vitest';
import {
  ancestorIds,
  buildFolderTree,
  compareOrder,
  descendantIds,
  firstFolder,
  foldersInTree,
  hiddenIds,
  isPrivate,
} from './folder-tree';

const folder = (id: string, parent_id: string | null, fields: Partial<Folder> = {}): Folder => ({
  id,
  object: 'folder',
  team_id: 1,
  board_id: 'board000001',
  parent_id,
  name: id,
  color: null,
  attribute_ids: [],
  settings: {},
  sort_order: null,
  created_by: 1,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  deleted: false,
  row_version: 1,
  ...fields,
});

const shape = (nodes: ReturnType<typeof buildFolderTree>): unknown =>
  nodes.map((node) => (node.children.length ? { [node.folder.id]: shape(node.children) } : node.folder.id));

describe('the order of boards and folders', () => {
  test('is the server’s: sort_order (none last), then creation time, then id', () => {
    const rows = [
      folder('e', null, { sort_order: null, created_at: '2026-01-01T00:00:00.000Z' }),
      folder('d', null, { sort_order: 'b' }),
      folder('c', null, { sort_order: 'a', created_at: '2026-02-01T00:00:00.000Z' }),
      folder('b', null, { sort_order: 'a', created_at: '2026-01-01T00:00:00.000Z' }),
      folder('a', null, { sort_order: 'a', created_at: '2026-01-01T00:00:00.000Z' }),
    ];
    expect([...rows].sort(compareOrder).map((row) => row.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('the folder tree', () => {
  test('nests folders under their parents, each level in order', () => {
    const rows = [
      folder('child2', 'top', { created_at: '2026-11-02T00:00:00.000Z' }),
      folder('top', null),
      folder('grandchild', 'child1'),
      folder('child1', 'top'),
      folder('second', null, { created_at: '2026-11-03T00:00:00.000Z' }),
    ];
    expect(shape(buildFolderTree(rows))).toEqual([{ top: [{ child1: ['grandchild'] }, 'child2'] }, 'second']);
    expect(firstFolder(rows)?.id).toBe('top');
  });

  test('a folder whose parent is not loaded shows at the top level, as do folders in a parent loop', () => {
    expect(shape(buildFolderTree([folder('orphan', 'missing'), folder('top', null)]))).toEqual([
      'orphan',
      'top',
    ]);
    const loop = buildFolderTree([folder('a', 'b'), folder('b', 'a')]);
    expect(shape(loop)).toEqual(['a', 'b']);
  });

  test('descendants and ancestors of a folder', () => {
    const rows = [folder('top', null), folder('mid', 'top'), folder('low', 'mid'), folder('side', 'top')];
    expect(descendantIds(rows, 'top').sort()).toEqual(['low', 'mid', 'side']);
    expect(descendantIds(rows, 'low')).toEqual([]);
    expect(ancestorIds(rows, 'low')).toEqual(['top', 'mid']);
    expect(ancestorIds(rows, 'top')).toEqual([]);
  });

  test('an empty board has no first folder', () => {
    expect(firstFolder([])).toBeUndefined();
  });
});

describe('hidden folders in the tree', () => {
  const rows = [
    folder('a', null),
    folder('b', null, { settings: { hidden: true } }),
    folder('b1', 'b'),
    folder('b11', 'b1'),
    folder('c', null),
    folder('c1', 'c', { settings: { hidden: true, private: true } }),
    folder('c2', 'c', { settings: { private: true, member_ids: [7] } }),
  ];

  test('a hidden folder hides every folder under it; its parent and siblings stay', () => {
    expect([...hiddenIds(rows)].sort()).toEqual(['b', 'b1', 'b11', 'c1']);
  });

  test('are left out unless "Show hidden folders" is on', () => {
    expect(shape(buildFolderTree(foldersInTree(rows, false)))).toEqual(['a', { c: ['c2'] }]);
    expect(shape(buildFolderTree(foldersInTree(rows, true)))).toEqual([
      'a',
      { b: [{ b1: ['b11'] }] },
      { c: ['c1', 'c2'] },
    ]);
  });

  test('settings of the wrong type read as visible and public', () => {
    const odd = [folder('x', null, { settings: { hidden: 'yes', private: 1 } })];
    expect(foldersInTree(odd, false).map((f) => f.id)).toEqual(['x']);
    expect(isPrivate(odd[0]!)).toBe(false);
    expect(isPrivate(rows[6]!)).toBe(true);
  });
});
