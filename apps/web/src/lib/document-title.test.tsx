// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { type TitleLevel, useDocumentTitle } from './document-title';

beforeAll(() => {
  document.title = 'Strata';
});
afterEach(cleanup);

const titled = (level: TitleLevel, name: string | undefined) =>
  renderHook(({ value }) => useDocumentTitle(level, value), { initialProps: { value: name } });

describe('the browser tab title', () => {
  test.each([
    { board: undefined, item: undefined, title: 'Strata' },
    { board: 'Launch plan', item: undefined, title: 'Launch plan · Strata' },
    { board: 'Launch plan', item: 'Print the posters', title: 'Print the posters · Launch plan · Strata' },
    // A name still loading (or blank) adds nothing.
    { board: 'Launch plan', item: '  ', title: 'Launch plan · Strata' },
    { board: undefined, item: 'Print the posters', title: 'Print the posters · Strata' },
  ])('board $board, item $item: "$title"', ({ board, item, title }) => {
    // The item panel mounts inside the board screen: its effect runs first, the order stays.
    titled('item', item);
    titled('board', board);
    expect(document.title).toBe(title);
  });

  test('follows a rename, and falls back to the served title when the screens close', () => {
    const board = titled('board', 'Launch plan');
    const item = titled('item', 'Draft');
    board.rerender({ value: 'Launch plan 2027' });
    item.rerender({ value: 'Final' });
    expect(document.title).toBe('Final · Launch plan 2027 · Strata');
    item.unmount();
    expect(document.title).toBe('Launch plan 2027 · Strata');
    board.unmount();
    expect(document.title).toBe('Strata');
  });
});
