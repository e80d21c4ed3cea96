// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import type { Command } from './command';
import {
  ariaKeyShortcuts,
  commandForKey,
  findShortcutConflicts,
  isTypingTarget,
  type KeyPress,
  matchesShortcut,
  normalizeShortcut,
  shortcutText,
} from './shortcuts';

const press = (init: Partial<KeyPress>): KeyPress => ({
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  code: '',
  key: '',
  ...init,
});
const APPLE = true;
const PC = false;

describe('matching a key press', () => {
  test('Mod is Cmd on Apple keyboards and Ctrl elsewhere, never the other one', () => {
    const ctrlK = press({ ctrlKey: true, key: 'k', code: 'KeyK' });
    const cmdK = press({ metaKey: true, key: 'k', code: 'KeyK' });
    expect(matchesShortcut(ctrlK, 'Mod+K', PC)).toBe(true);
    expect(matchesShortcut(cmdK, 'Mod+K', PC)).toBe(false);
    expect(matchesShortcut(cmdK, 'Mod+K', APPLE)).toBe(true);
    // Ctrl+K on a Mac is the text fields' "delete to the end of the line".
    expect(matchesShortcut(ctrlK, 'Mod+K', APPLE)).toBe(false);
    expect(matchesShortcut(press({ ctrlKey: true, metaKey: true, key: 'k' }), 'Mod+K', APPLE)).toBe(false);
  });

  test('a modifier the shortcut does not name must not be held', () => {
    expect(matchesShortcut(press({ ctrlKey: true, shiftKey: true, key: 'K' }), 'Mod+K', PC)).toBe(false);
    expect(matchesShortcut(press({ ctrlKey: true, altKey: true, key: 'k' }), 'Mod+K', PC)).toBe(false);
    expect(matchesShortcut(press({ key: 'k', code: 'KeyK' }), 'Mod+K', PC)).toBe(false);
  });

  test('a letter counts by its place where the layout prints another letter (Cyrillic, Option on a Mac)', () => {
    expect(matchesShortcut(press({ ctrlKey: true, key: 'л', code: 'KeyK' }), 'Mod+K', PC)).toBe(true);
    expect(matchesShortcut(press({ altKey: true, key: '˜', code: 'KeyN' }), 'Alt+N', APPLE)).toBe(true);
    // A Latin layout that puts another letter there (AZERTY's A where QWERTY has Q) goes by the letter.
    expect(matchesShortcut(press({ altKey: true, key: 'q', code: 'KeyA' }), 'Alt+A', PC)).toBe(false);
  });

  test('Ctrl/Cmd+\\ by the key or by its place (a German layout prints # there); with Shift another shortcut', () => {
    expect(matchesShortcut(press({ ctrlKey: true, key: '\\', code: 'Backslash' }), 'Mod+\\', PC)).toBe(true);
    expect(matchesShortcut(press({ ctrlKey: true, key: '#', code: 'Backslash' }), 'Mod+\\', PC)).toBe(true);
    expect(matchesShortcut(press({ metaKey: true, key: '\\', code: 'Backslash' }), 'Mod+\\', APPLE)).toBe(
      true,
    );
    const shifted = press({ ctrlKey: true, shiftKey: true, key: '|', code: 'Backslash' });
    expect(matchesShortcut(shifted, 'Mod+Shift+\\', PC)).toBe(true);
    expect(matchesShortcut(shifted, 'Mod+\\', PC)).toBe(false);
  });

  test('a symbol on its own (?) matches however the layout types it, but not with Ctrl', () => {
    expect(matchesShortcut(press({ shiftKey: true, key: '?', code: 'Slash' }), '?', PC)).toBe(true);
    expect(matchesShortcut(press({ key: '?', code: 'Minus' }), '?', PC)).toBe(true);
    expect(matchesShortcut(press({ ctrlKey: true, shiftKey: true, key: '?' }), '?', PC)).toBe(false);
    expect(matchesShortcut(press({ key: '/', code: 'Slash' }), '?', PC)).toBe(false);
  });
});

describe('showing a shortcut', () => {
  test('Mac symbols on Apple keyboards, Ctrl+ names elsewhere', () => {
    expect(shortcutText('Mod+K', APPLE)).toBe('⌘K');
    expect(shortcutText('Mod+Shift+\\', APPLE)).toBe('⇧⌘\\');
    expect(shortcutText('Alt+N', APPLE)).toBe('⌥N');
    expect(shortcutText('Mod+K', PC)).toBe('Ctrl+K');
    expect(shortcutText('Mod+Shift+\\', PC)).toBe('Ctrl+Shift+\\');
    expect(shortcutText('?', PC)).toBe('?');
  });

  test('aria-keyshortcuts names the modifier of this keyboard', () => {
    expect(ariaKeyShortcuts('Mod+K', APPLE)).toBe('Meta+K');
    expect(ariaKeyShortcuts('Mod+Shift+\\', PC)).toBe('Control+Shift+\\');
  });
});

const command = (id: string, shortcut: string, extra: Partial<Command> = {}): Command => ({
  id,
  label: id,
  group: 'help',
  shortcut,
  perform: () => undefined,
  ...extra,
});

describe('which command a key press runs', () => {
  const ctrlK = press({ ctrlKey: true, key: 'k', code: 'KeyK' });
  const question = press({ shiftKey: true, key: '?', code: 'Slash' });

  test('while typing in a field only a global command runs (Ctrl/Cmd+K), never a plain key', () => {
    const commands = [command('palette', 'Mod+K', { isGlobal: true }), command('sheet', '?')];
    expect(commandForKey(ctrlK, commands, { isApple: PC, isTyping: true })?.id).toBe('palette');
    expect(commandForKey(question, commands, { isApple: PC, isTyping: true })).toBeUndefined();
    expect(commandForKey(question, commands, { isApple: PC, isTyping: false })?.id).toBe('sheet');
  });

  test('a command that does not apply now leaves its key to the next one; the last registered wins', () => {
    const app = command('app', 'Alt+N');
    const screen = command('screen', 'Alt+N', { when: () => false });
    const altN = press({ altKey: true, key: 'n', code: 'KeyN' });
    expect(commandForKey(altN, [app, screen], { isApple: PC, isTyping: false })?.id).toBe('app');
    const applying = command('screen', 'Alt+N');
    expect(commandForKey(altN, [app, applying], { isApple: PC, isTyping: false })?.id).toBe('screen');
  });

  test('the same key on a Mac and a PC: Cmd+K runs nothing on a PC', () => {
    const commands = [command('palette', 'Mod+K', { isGlobal: true })];
    const cmdK = press({ metaKey: true, key: 'k', code: 'KeyK' });
    expect(commandForKey(cmdK, commands, { isApple: PC, isTyping: false })).toBeUndefined();
    expect(commandForKey(cmdK, commands, { isApple: APPLE, isTyping: false })?.id).toBe('palette');
  });
});

describe('conflicts', () => {
  test('Ctrl+K and Mod+K are one shortcut on a PC and two on a Mac', () => {
    const commands = [command('a', 'Mod+K'), command('b', 'Ctrl+K'), command('c', '?')];
    expect(findShortcutConflicts(commands, PC)).toEqual(new Map([['Ctrl+k', ['a', 'b']]]));
    expect(findShortcutConflicts(commands, APPLE).size).toBe(0);
    expect(normalizeShortcut('Shift+Mod+K', APPLE)).toBe(normalizeShortcut('Mod+Shift+K', APPLE));
  });
});

describe('where typing goes', () => {
  test('text fields, text areas, selects and editable elements take typing; buttons and checkboxes do not', () => {
    const make = (html: string) => {
      const holder = document.createElement('div');
      holder.innerHTML = html;
      return holder.firstElementChild!;
    };
    expect(isTypingTarget(make('<input type="text">'))).toBe(true);
    expect(isTypingTarget(make('<input type="search">'))).toBe(true);
    expect(isTypingTarget(make('<textarea></textarea>'))).toBe(true);
    expect(isTypingTarget(make('<select></select>'))).toBe(true);
    const editor = make('<div contenteditable="true"><p>text</p></div>');
    expect(isTypingTarget(editor.firstElementChild)).toBe(true);
    expect(isTypingTarget(make('<input type="checkbox">'))).toBe(false);
    expect(isTypingTarget(make('<button>Go</button>'))).toBe(false);
    expect(isTypingTarget(make('<div contenteditable="false"></div>'))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
