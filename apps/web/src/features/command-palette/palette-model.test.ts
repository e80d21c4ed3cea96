import type { SearchHit } from '@strata/contracts/search';
import { describe, expect, test } from 'vitest';
import type { Command } from '../../lib/commands/command';
import { highlightParts, hitPath, matchCommands } from './palette-model';

const command = (id: string, label: string, extra: Partial<Command> = {}): Command => ({
  id,
  label,
  group: 'theme',
  perform: () => undefined,
  ...extra,
});
const text = {
  label: (entry: Command) => entry.label,
  group: (group: string) => ({ theme: 'Theme', language: 'Language', help: 'Help' })[group] ?? group,
};
const always = () => true;
const ids = (sections: ReturnType<typeof matchCommands>) =>
  sections.flatMap((section) => section.commands.map((entry) => entry.id));

describe('finding commands', () => {
  const commands = [
    command('theme.light', 'Light'),
    command('theme.dark', 'Dark'),
    command('language.de', 'Language: Deutsch', { group: 'language', keywords: ['German', 'de'] }),
    command('help.shortcuts', 'Keyboard shortcuts', { group: 'help' }),
  ];

  test('the text matches the start of a word of the label, of "group label", or of a keyword', () => {
    expect(ids(matchCommands(commands, 'dar', text, always))).toEqual(['theme.dark']);
    expect(ids(matchCommands(commands, 'theme d', text, always))).toEqual(['theme.dark']);
    expect(ids(matchCommands(commands, 'germ', text, always))).toEqual(['language.de']);
    expect(ids(matchCommands(commands, 'short', text, always))).toEqual(['help.shortcuts']);
    expect(ids(matchCommands(commands, 'ark', text, always))).toEqual([]);
  });

  test('an empty text lists every command that applies, by group in the palette’s order', () => {
    const sections = matchCommands(commands, '', text, (entry) => entry.id !== 'theme.light');
    expect(sections.map((section) => section.group)).toEqual(['theme', 'language', 'help']);
    expect(ids(sections)).toEqual(['theme.dark', 'language.de', 'help.shortcuts']);
  });

  test('an id registered twice is listed once, as its later copy', () => {
    const overridden = [...commands, command('theme.dark', 'Night')];
    expect(ids(matchCommands(overridden, 'night', text, always))).toEqual(['theme.dark']);
    expect(ids(matchCommands(overridden, 'dark', text, always))).toEqual([]);
  });
});

describe('where a hit leads', () => {
  const hit = (fields: Partial<SearchHit>): SearchHit => ({
    kind: 'item',
    id: 'i1',
    board_id: 'b1',
    folder_id: 'f1',
    item_id: 'i1',
    title: 'Write the brief',
    board_name: 'Launch',
    snippet: null,
    ...fields,
  });

  test('a board to the board, a folder to the folder, an item to its panel on its folder', () => {
    expect(hitPath(hit({ kind: 'board', id: 'b1', folder_id: null, item_id: null }))).toBe('/b/b1');
    expect(hitPath(hit({ kind: 'folder', id: 'f2', folder_id: 'f2', item_id: null }))).toBe('/b/b1/f2');
    expect(hitPath(hit({}))).toBe('/b/b1/f1/i1?t=attributes');
  });

  test('a comment to its item’s panel on the comments tab, the comment highlighted', () => {
    expect(hitPath(hit({ kind: 'comment', id: 'c 9', item_id: 'i1' }))).toBe(
      '/b/b1/f1/i1?t=comments&comment=c%209',
    );
  });
});

describe('marking the words found', () => {
  test('every word of the text, whatever its case, in order with the rest', () => {
    expect(highlightParts('Please review the Brief', 'brief review')).toEqual([
      { text: 'Please ', isMatch: false },
      { text: 'review', isMatch: true },
      { text: ' the ', isMatch: false },
      { text: 'Brief', isMatch: true },
    ]);
  });

  test('characters that mean something in a pattern or in HTML are plain text', () => {
    expect(highlightParts('a (b) <img src=x>', '(b) <img')).toEqual([
      { text: 'a ', isMatch: false },
      { text: '(b)', isMatch: true },
      { text: ' ', isMatch: false },
      { text: '<img', isMatch: true },
      { text: ' src=x>', isMatch: false },
    ]);
  });

  test('any script; nothing marked for an empty query', () => {
    expect(highlightParts('مرحبا بالجميع', 'بالجميع')).toEqual([
      { text: 'مرحبا ', isMatch: false },
      { text: 'بالجميع', isMatch: true },
    ]);
    expect(highlightParts('Launch', '  ')).toEqual([{ text: 'Launch', isMatch: false }]);
    expect(highlightParts('', 'x')).toEqual([]);
  });
});
