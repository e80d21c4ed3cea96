import { expect, test } from 'vitest';
import { pullState } from './pull-to-refresh';

test.each([
  { distance: -40, offset: 0, willReload: false },
  { distance: 0, offset: 0, willReload: false },
  { distance: 125, offset: 125, willReload: false },
  { distance: 126, offset: 126, willReload: true },
  { distance: 250, offset: 250, willReload: true },
  { distance: 600, offset: 250, willReload: true },
])('a drag of $distance px shows $offset px and reloads: $willReload', ({ distance, offset, willReload }) => {
  expect(pullState(distance)).toEqual({ offset, willReload });
});
