// @vitest-environment jsdom
import type { ActivityEntry } from '@strata/contracts/activity';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { initTestI18n } from '../../lib/test-i18n';
import { ActivityList, type ActivityListProps } from './activity-list';

beforeAll(async () => {
  await initTestI18n();
});
afterEach(cleanup);

const NOW = new Date('2026-03-20T12:00:00Z');
const ENTRIES: ActivityEntry[] = [
  {
    id: 3,
    event: 'value.updated',
    user: { id: 1, name: 'Ana', photo_url: '/ana.svg' },
    record: { type: 'value', id: 'v1', folder_id: 'f1', item_id: 'item1' },
    changes: { attribute_id: 'cost', before: 10, after: 12.5 },
    created_at: '2026-03-20T09:15:00Z',
  },
  {
    id: 2,
    event: 'folder.created',
    user: null,
    record: { type: 'folder', id: 'f1', folder_id: 'f1', item_id: null },
    changes: { name: 'Backlog', parent_id: null },
    created_at: '2026-03-20T08:00:00Z',
  },
  {
    id: 1,
    event: 'item.created',
    user: { id: 2, name: 'Bo', photo_url: '/bo.svg' },
    record: { type: 'item', id: 'item1', folder_id: 'f1', item_id: 'item1' },
    changes: { folder_id: 'f1', parent_id: null },
    created_at: '2026-03-18T16:40:00Z',
  },
];

function renderList(props: Partial<ActivityListProps> = {}) {
  const onLoadMore = vi.fn();
  render(
    <ActivityList
      entries={ENTRIES}
      lookups={{
        attributes: new Map([
          ['cost', { id: 'cost', name: 'Cost', type: 'number', settings: {}, deleted: false }],
        ]),
        itemNames: { item1: 'Write the plan' },
        folderNames: { f1: 'Backlog' },
        context: { locale: 'en-US', timeZone: 'UTC' },
      }}
      showItem
      hasMore={false}
      isLoadingMore={false}
      onLoadMore={onLoadMore}
      emptyText="Nothing yet"
      now={NOW}
      {...props}
    />,
  );
  return { onLoadMore };
}

describe('ActivityList', () => {
  test('groups entries by day and tells each in a sentence with its author and time', () => {
    renderList();
    const today = screen.getByRole('region', { name: 'Today' });
    const items = within(today).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Ana changed Cost from 10 to 12.5');
    expect(within(items[0]!).getByRole('img', { name: 'Ana' })).toBeTruthy();
    expect(within(items[0]!).getByText('9:15 AM').getAttribute('datetime')).toBe('2026-03-20T09:15:00Z');
    expect(items[1]!.textContent).toContain('Someone created the folder Backlog');
    const older = screen.getByRole('region', { name: 'Wednesday, March 18, 2026' });
    expect(within(older).getByRole('listitem').textContent).toContain('Bo created Write the plan in Backlog');
  });

  test("the board's log names the item of item and value entries; an item's own log does not", () => {
    renderList();
    // The item's name is its own element, cut on one line with the whole name in its title.
    expect(screen.getAllByTitle('Write the plan')).toHaveLength(2);
    cleanup();
    renderList({ showItem: false });
    expect(screen.queryAllByTitle('Write the plan')).toHaveLength(0);
  });

  test('Load more shows while there is more, and asks for it', () => {
    expect(renderList().onLoadMore).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    cleanup();
    const { onLoadMore } = renderList({ hasMore: true });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  test('an empty log says so', () => {
    renderList({ entries: [] });
    expect(screen.getByText('Nothing yet')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
