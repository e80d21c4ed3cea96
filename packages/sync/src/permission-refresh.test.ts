import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { changesPermissionScope, createPermissionRefresher } from './permission-refresh';

describe('clearing the permission cache on permission:updating', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('a burst of announcements clears once, 500 ms after the last', () => {
    const clear = vi.fn();
    const refresher = createPermissionRefresher({ clear });
    refresher.updating(1);
    vi.advanceTimersByTime(400);
    refresher.updating(1);
    vi.advanceTimersByTime(499);
    expect(clear).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(clear).toHaveBeenCalledTimes(1);
    expect(clear).toHaveBeenCalledWith(1);
  });

  test('workspaces are debounced apart', () => {
    const clear = vi.fn();
    const refresher = createPermissionRefresher({ clear });
    refresher.updating(1);
    refresher.updating(2);
    vi.advanceTimersByTime(500);
    expect(clear.mock.calls).toEqual([[1], [2]]);
  });

  test('dispose cancels what is pending', () => {
    const clear = vi.fn();
    const refresher = createPermissionRefresher({ clear });
    refresher.updating(1);
    refresher.dispose();
    vi.advanceTimersByTime(1000);
    expect(clear).not.toHaveBeenCalled();
  });
});

describe('folder and board updates that clear the permission cache', () => {
  test.each([
    { field: 'parent_id', before: { parent_id: 'a' }, after: { parent_id: 'b' }, clears: true },
    { field: 'parent_id to null', before: { parent_id: 'a' }, after: { parent_id: null }, clears: true },
    { field: 'team_id', before: { team_id: 1 }, after: { team_id: 2 }, clears: true },
    { field: 'board_id', before: { board_id: 'x' }, after: { board_id: 'y' }, clears: true },
    { field: 'user_ids', before: { user_ids: [1, 2] }, after: { user_ids: [1] }, clears: true },
    { field: 'same user_ids', before: { user_ids: [1, 2] }, after: { user_ids: [1, 2] }, clears: false },
    { field: 'nothing of scope', before: { parent_id: 'a' }, after: { parent_id: 'a' }, clears: false },
  ])('$field -> $clears', ({ before, after, clears }) => {
    expect(changesPermissionScope(before, after)).toBe(clears);
  });
});
