import { expect, test } from 'vitest';
import { sortWorkspaces } from './sort-workspaces';

const ws = (...ids: number[]) => ids.map((id) => ({ id }));

test.each([
  { order: undefined, ids: [3, 1, 2], sorted: [1, 2, 3] },
  { order: [], ids: [3, 1, 2], sorted: [1, 2, 3] },
  { order: [2, 3, 1], ids: [1, 2, 3], sorted: [2, 3, 1] },
  { order: [3], ids: [1, 2, 3], sorted: [3, 1, 2] },
  { order: [9, 2], ids: [1, 2], sorted: [2, 1] },
])('order $order over $ids -> $sorted', ({ order, ids, sorted }) => {
  expect(sortWorkspaces(ws(...ids), order).map((w) => w.id)).toEqual(sorted);
});
