import { expect, test } from 'vitest';
import { clampSize, isBackslashShortcut } from './layout-prefs';

const press = (init: Partial<KeyboardEvent>) => ({
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  code: '',
  key: '',
  ...init,
});

test('Ctrl+\\ and Cmd+\\ toggle the sidebar, by the key or by its place on the keyboard', () => {
  expect(isBackslashShortcut(press({ ctrlKey: true, code: 'Backslash', key: '\\' }), false)).toBe(true);
  expect(isBackslashShortcut(press({ metaKey: true, code: 'Backslash', key: '\\' }), false)).toBe(true);
  // A German layout prints "#" where the US one has "\": the place counts.
  expect(isBackslashShortcut(press({ ctrlKey: true, code: 'Backslash', key: '#' }), false)).toBe(true);
  expect(isBackslashShortcut(press({ code: 'Backslash', key: '\\' }), false)).toBe(false);
  expect(isBackslashShortcut(press({ ctrlKey: true, altKey: true, code: 'Backslash' }), false)).toBe(false);
});

test('with Shift it is the folder panel’s shortcut, and not the sidebar’s', () => {
  const shifted = press({ ctrlKey: true, shiftKey: true, code: 'Backslash', key: '|' });
  expect(isBackslashShortcut(shifted, true)).toBe(true);
  expect(isBackslashShortcut(shifted, false)).toBe(false);
  expect(isBackslashShortcut(press({ ctrlKey: true, code: 'Backslash', key: '\\' }), true)).toBe(false);
});

test('a panel size stays within its bounds, in whole pixels', () => {
  expect(clampSize(100, 180, 480)).toBe(180);
  expect(clampSize(900, 180, 480)).toBe(480);
  expect(clampSize(260.6, 180, 480)).toBe(261);
});
