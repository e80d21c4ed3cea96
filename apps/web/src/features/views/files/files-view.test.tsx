// @vitest-environment jsdom
import type { Item } from '@strata/contracts/items';
import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { initTestI18n } from '../../../lib/test-i18n';
import { FilesView, folderFiles } from './files-view';

const FILES: AttributeDefinition = { id: 'files', name: 'Files', type: 'attachments' };
const MORE: AttributeDefinition = { id: 'more', name: 'More files', type: 'attachments' };
const NAME: AttributeDefinition = { id: 'name', name: 'Name', type: 'text' };

const item = (id: string, values: Record<string, unknown>): Item => ({
  id,
  object: 'item',
  team_id: 1,
  board_id: 'b',
  folder_id: 'f',
  parent_id: null,
  sort_order: null,
  values: Object.fromEntries(
    Object.entries(values).map(([key, data]) => [key, { id: key, attribute_id: key, data }]),
  ),
  created_by: 1,
  created_at: '2026-11-28T10:00:00.000Z',
  updated_at: '2026-11-28T10:00:00.000Z',
  deleted: false,
  row_version: 1,
  comments_count: 0,
});

const ITEMS = [
  item('i1', {
    name: 'Brand kit',
    files: [{ id: 'a', name: 'logo.png', size: 2_500, url: '/api/1/attachments/a/file' }],
  }),
  item('i2', {
    name: 'Minutes',
    files: [{ id: 'b', name: 'notes.txt', size: 120 }],
    more: [
      { id: 'a', name: 'logo.png' },
      { id: 'c', name: 'plan.pdf', size: 3_000_000 },
    ],
  }),
  item('i3', { name: 'Nothing', files: 'not a list' }),
];

beforeAll(() => initTestI18n());
afterEach(cleanup);

describe('the files view', () => {
  test('lists every file of the folder once, in the folder’s order, with its item', () => {
    expect(folderFiles(ITEMS, [NAME, FILES, MORE]).map((row) => [row.file.id, row.item.id])).toEqual([
      ['a', 'i1'],
      ['b', 'i2'],
      ['c', 'i2'],
    ]);
    // Only attachments columns count.
    expect(folderFiles(ITEMS, [NAME])).toEqual([]);
  });

  test('a file downloads from its button, an item opens from its name, sizes read in the language', () => {
    const onOpenItem = vi.fn();
    render(
      <FilesView
        items={ITEMS}
        attributes={[NAME, FILES, MORE]}
        titleOf={(entry) => String(entry.values.name?.data ?? '')}
        onOpenItem={onOpenItem}
        label="Press kit"
      />,
    );
    const table = screen.getByRole('table', { name: 'Press kit' });
    expect(table).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText('2.5 kB')).toBeTruthy();
    expect(screen.getByText('3 MB')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Minutes' })[0]!);
    expect(onOpenItem).toHaveBeenCalledWith('i2');
    expect(screen.getByRole('button', { name: 'Download logo.png' })).toBeTruthy();
    // No switch for who may not change the view.
    expect(screen.queryByRole('switch')).toBeNull();
  });

  test('an empty folder says where files come from; the publish switch shows for who may change the view', () => {
    const onChange = vi.fn();
    render(
      <FilesView
        items={[]}
        attributes={[FILES]}
        titleOf={() => ''}
        onOpenItem={() => undefined}
        label="Press kit"
        publishing={{ url: 'https://strata.test/p/f1-x', published: false, onChange }}
      />,
    );
    expect(screen.getByText(/Files added to an attachments column show here/)).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Publish the file list' }));
    expect(onChange).toHaveBeenCalledWith(true);
  });
});
