import { describe, expect, test } from 'vitest';
import { hookEventsInput } from './hook-events';

describe('a hook’s events as clients send them', () => {
  test.each([
    [['item.created'], ['item.created']],
    [[{ event: 'item.created' }], ['item.created']],
    [
      [{ event: 'comment.updated', data: { any: 1 } }, 'item.created'],
      ['item.created', 'comment.updated'],
    ],
    [['value.updated', 'value.updated', { event: 'value.updated' }], ['value.updated']],
    [
      ['comment.created', 'item.finalized', 'item.deleted'],
      ['item.deleted', 'item.finalized', 'comment.created'],
    ],
  ])('%j -> %j', (input, events) => {
    expect(hookEventsInput.parse(input)).toEqual(events);
  });

  test.each([
    [[], 'Choose at least one event.'],
    [['item.moved'], 'Unknown event.'],
    [[{ event: 'board.created' }], 'Unknown event.'],
    [[{ name: 'item.created' }], undefined],
    ['item.created', undefined],
  ])('%j is refused', (input, message) => {
    const result = hookEventsInput.safeParse(input);
    expect(result.success).toBe(false);
    if (message) expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});
