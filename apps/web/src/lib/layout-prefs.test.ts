import { expect, test } from 'vitest';
import { clampSize } from './layout-prefs';

test('a panel size stays within its bounds, in whole pixels', () => {
  expect(clampSize(100, 180, 480)).toBe(180);
  expect(clampSize(900, 180, 480)).toBe(480);
  expect(clampSize(260.6, 180, 480)).toBe(261);
});
