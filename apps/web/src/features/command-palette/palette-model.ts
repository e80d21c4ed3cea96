import type { SearchHit } from '@strata/contracts/search';
import { COMMAND_GROUPS, type Command, type CommandGroup } from '../../lib/commands/command';
import { boardPath, folderPath, itemPath } from '../../lib/item-links';
import { matchesOption } from '../../ui/dropdown-search';

/** Each group's heading: a catalogue key, reusing the shell's where it has one. */
export const GROUP_LABELS: Record<CommandGroup, string> = {
  board: 'palette.groups.board',
  view: 'palette.groups.view',
  navigation: 'palette.groups.navigation',
  layout: 'palette.groups.layout',
  theme: 'theme.label',
  language: 'language.label',
  account: 'shell.account',
  help: 'palette.groups.help',
};

export interface CommandSection {
  group: CommandGroup;
  commands: Command[];
}

/**
 * The commands a query finds, by group in COMMAND_GROUPS order and in registration order inside
 * one: the query matches the start of a word of the label, of "group label" (so "theme dark"
 * finds Dark under Theme) or of a keyword, as the app's dropdowns do (ui/dropdown-search.ts).
 * A command that does not apply now is left out; so is a screen's overridden copy of an id.
 */
export function matchCommands(
  commands: readonly Command[],
  query: string,
  text: { label(command: Command): string; group(group: CommandGroup): string },
  applies: (command: Command) => boolean,
): CommandSection[] {
  const latest = new Map(commands.map((command) => [command.id, command]));
  const found = [...latest.values()].filter((command) => {
    if (!applies(command)) return false;
    const label = text.label(command);
    return matchesOption(
      { label, synonyms: [`${text.group(command.group)} ${label}`, ...(command.keywords ?? [])] },
      query,
    );
  });
  return COMMAND_GROUPS.map((group) => ({
    group,
    commands: found.filter((command) => command.group === group),
  })).filter((section) => section.commands.length > 0);
}

/** Where a search hit leads: the board, the folder, the item's panel, or the comment in it. */
export function hitPath(hit: SearchHit): string {
  switch (hit.kind) {
    case 'board':
      return boardPath(hit.board_id);
    case 'folder':
      return folderPath(hit.board_id, hit.id);
    case 'item':
      return hit.folder_id
        ? itemPath({ boardId: hit.board_id, folderId: hit.folder_id, itemId: hit.id })
        : boardPath(hit.board_id);
    case 'comment':
      return hit.folder_id && hit.item_id
        ? itemPath({ boardId: hit.board_id, folderId: hit.folder_id, itemId: hit.item_id, commentId: hit.id })
        : boardPath(hit.board_id);
  }
}

export interface TextPart {
  text: string;
  isMatch: boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A text cut into the parts that match a word of the query and those between, for marking the
 * matches as elements (never as HTML). Case-insensitive, any script; the longest word first so
 * that "brief" wins over "b" where both start.
 */
export function highlightParts(text: string, query: string): TextPart[] {
  const words = [...new Set(query.trim().split(/\s+/).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (words.length === 0 || text === '') return text === '' ? [] : [{ text, isMatch: false }];
  const pattern = new RegExp(words.map(escapeRegExp).join('|'), 'giu');
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    if (match[0] === '') continue;
    if (match.index > at) parts.push({ text: text.slice(at, match.index), isMatch: false });
    parts.push({ text: match[0], isMatch: true });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), isMatch: false });
  return parts;
}
