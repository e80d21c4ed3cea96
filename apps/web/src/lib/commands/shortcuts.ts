import type { Command } from './command';

interface ParsedShortcut {
  mod: boolean;
  ctrl: boolean;
  meta: boolean;
  alt: boolean;
  shift: boolean;
  /** Lower case: `k`, `\`, `?`, `enter`. */
  key: string;
}

/** The key presses a shortcut is matched against (a KeyboardEvent, or a test's stand-in). */
export type KeyPress = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

/** Keys read by their place on the keyboard too, whatever the layout prints there. */
const CODES: Record<string, string> = { '\\': 'Backslash', '/': 'Slash' };

export function parseShortcut(shortcut: string): ParsedShortcut {
  // The key may itself be "+": it is whatever follows the last separator.
  const parts =
    shortcut.length > 1 && shortcut.endsWith('+')
      ? [...shortcut.slice(0, -2).split('+'), '+']
      : shortcut.split('+');
  const key = parts.pop()!.toLowerCase();
  const has = (name: string) => parts.includes(name);
  return { mod: has('Mod'), ctrl: has('Ctrl'), meta: has('Meta'), alt: has('Alt'), shift: has('Shift'), key };
}

/** Whether the OS is Apple's, whose keyboards put ⌘ where others put Ctrl. */
export function isApplePlatform(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
}

const isLetter = (key: string) => /^[a-z]$/.test(key);
const isDigit = (key: string) => /^[0-9]$/.test(key);

function keyMatches(press: KeyPress, key: string): boolean {
  const pressed = press.key.toLowerCase();
  if (pressed === key) return true;
  // A layout without Latin letters (Cyrillic, Arabic, Hangul), or Option on a Mac, prints another
  // character: the key's place counts then.
  if (isLetter(key)) return !isLetter(pressed) && press.code === `Key${key.toUpperCase()}`;
  if (isDigit(key)) return press.code === `Digit${key}`;
  return CODES[key] !== undefined && press.code === CODES[key];
}

/**
 * Whether a key press is the shortcut on this keyboard: every modifier it names held and no other
 * (`Mod` is ⌘ on Apple keyboards, Ctrl elsewhere). A symbol on its own (`?`) ignores Shift, which is
 * how some layouts type it.
 */
export function matchesShortcut(press: KeyPress, shortcut: string, isApple: boolean): boolean {
  const wanted = parseShortcut(shortcut);
  const { ctrl, meta, alt, shift } = modifiers(wanted, isApple);
  if (press.ctrlKey !== ctrl || press.metaKey !== meta || press.altKey !== alt) return false;
  const isBareSymbol = !ctrl && !meta && !alt && !isLetter(wanted.key) && !isDigit(wanted.key);
  if (!isBareSymbol && press.shiftKey !== shift) return false;
  return keyMatches(press, wanted.key);
}

/** One spelling per keyboard, so that `Ctrl+K` and `Mod+K` on a PC are seen as the same shortcut. */
export function normalizeShortcut(shortcut: string, isApple: boolean): string {
  const wanted = parseShortcut(shortcut);
  const held = modifiers(wanted, isApple);
  return [held.ctrl && 'Ctrl', held.meta && 'Meta', held.alt && 'Alt', held.shift && 'Shift', wanted.key]
    .filter(Boolean)
    .join('+');
}

/** The modifiers a shortcut holds on this keyboard, in the order they are written. */
function modifiers(shortcut: ParsedShortcut, isApple: boolean) {
  return {
    ctrl: shortcut.ctrl || (shortcut.mod && !isApple),
    meta: shortcut.meta || (shortcut.mod && isApple),
    alt: shortcut.alt,
    shift: shortcut.shift,
  };
}

/** How a shortcut reads on this keyboard: `⇧⌘\` on a Mac (Apple's order), `Ctrl+Shift+\` elsewhere. */
export function shortcutText(shortcut: string, isApple: boolean): string {
  const wanted = parseShortcut(shortcut);
  const held = modifiers(wanted, isApple);
  const key = wanted.key.toUpperCase();
  if (isApple)
    return `${held.ctrl ? '⌃' : ''}${held.alt ? '⌥' : ''}${held.shift ? '⇧' : ''}${held.meta ? '⌘' : ''}${key}`;
  return [held.ctrl && 'Ctrl', held.meta && 'Meta', held.alt && 'Alt', held.shift && 'Shift', key]
    .filter(Boolean)
    .join('+');
}

/** The shortcut as `aria-keyshortcuts` spells it (`Control+K`, `Meta+Shift+\`). */
export function ariaKeyShortcuts(shortcut: string, isApple: boolean): string {
  const wanted = parseShortcut(shortcut);
  const held = modifiers(wanted, isApple);
  return [
    held.ctrl && 'Control',
    held.meta && 'Meta',
    held.alt && 'Alt',
    held.shift && 'Shift',
    wanted.key.toUpperCase(),
  ]
    .filter(Boolean)
    .join('+');
}

/** Inputs that take no typing: a shortcut pressed on them is the app's. */
const UNTYPED_INPUTS = new Set([
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'range',
  'color',
  'file',
  'image',
]);

/** Whether a key press lands where typed text goes: a text field, a select, an editable element. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (typeof Element === 'undefined' || !(target instanceof Element)) return false;
  if (target instanceof HTMLInputElement) return !UNTYPED_INPUTS.has(target.type);
  const editable = target.closest('textarea, select, [contenteditable], [role="textbox"]');
  return editable !== null && editable.getAttribute('contenteditable') !== 'false';
}

/**
 * The command a key press runs: the last registered among those whose shortcut it is and that apply
 * (a screen's command wins over the app's), none while typing unless the command is global.
 */
export function commandForKey(
  press: KeyPress,
  commands: readonly Command[],
  context: { isApple: boolean; isTyping: boolean },
): Command | undefined {
  const ctx = { source: 'shortcut' as const, isApple: context.isApple };
  return commands.findLast(
    (command) =>
      command.shortcut !== undefined &&
      (!context.isTyping || command.isGlobal === true) &&
      matchesShortcut(press, command.shortcut, context.isApple) &&
      (command.when?.(ctx) ?? true),
  );
}

/** Commands sharing one shortcut on this keyboard, by shortcut: each such set should never apply at once. */
export function findShortcutConflicts(commands: readonly Command[], isApple: boolean): Map<string, string[]> {
  const byShortcut = new Map<string, string[]>();
  for (const command of commands) {
    if (!command.shortcut) continue;
    const key = normalizeShortcut(command.shortcut, isApple);
    byShortcut.set(key, [...(byShortcut.get(key) ?? []), command.id]);
  }
  return new Map([...byShortcut].filter(([, ids]) => ids.length > 1));
}
