/** The groups commands are listed under, in the order the palette and the shortcuts sheet show them. */
export const COMMAND_GROUPS = [
  'board',
  'view',
  'navigation',
  'layout',
  'theme',
  'language',
  'account',
  'help',
] as const;
export type CommandGroup = (typeof COMMAND_GROUPS)[number];

/** What a command is run from, and on which keyboard. */
export interface CommandContext {
  source: 'shortcut' | 'palette' | 'menu';
  /** ⌘ is the modifier on Apple keyboards, Ctrl elsewhere. */
  isApple: boolean;
}

/**
 * One action of the app (CONVENTIONS 9): the palette lists it, the shortcut listener runs it, a
 * menu may show it. Screens contribute theirs while mounted (`useRegisterCommands`).
 */
export interface Command {
  /** Stable and unique among the commands registered at one time (`theme.dark`, `board.createItem`). */
  id: string;
  /** A catalogue key; `values` fill its placeholders (names people gave are never translated). */
  label: string;
  values?: Record<string, string>;
  /** Other words that find it in the palette (a language's English name, synonyms). */
  keywords?: readonly string[];
  group: CommandGroup;
  /**
   * `Mod+K`, `Mod+Shift+\`, `Alt+N`, `?`: `Mod` is ⌘ on Apple keyboards and Ctrl elsewhere; the last
   * part is the key (a letter or digit also by its place on the keyboard, see shortcuts.ts).
   */
  shortcut?: string;
  /**
   * The shortcut works while typing in a field or an editor too. Only for chords no field uses
   * (Ctrl/Cmd+K, Ctrl/Cmd+\): a plain key or Alt+letter there is the text's.
   */
  isGlobal?: boolean;
  /** Whether it applies now; absent: always. */
  when?(context: CommandContext): boolean;
  /** For a choice among several (the theme): whether this one is the current choice. */
  isChecked?(): boolean;
  perform(context: CommandContext): void | Promise<void>;
}
