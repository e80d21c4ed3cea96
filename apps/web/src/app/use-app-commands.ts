import { useMemo } from 'react';
import type { Command } from '../lib/commands/command';
import { getPaletteMode, setPaletteMode } from '../lib/commands/palette-state';
import { useRegisterCommands } from '../lib/commands/use-commands';

/**
 * The shell's own shortcuts, for its commands below and for the buttons that show them (the
 * palette's, the sidebar's): those buttons read the constant rather than the registry, so that
 * nothing in the shell renders again when commands register during the first load.
 */
export const PALETTE_SHORTCUT = 'Mod+K';
export const SIDEBAR_SHORTCUT = 'Mod+\\';

/**
 * The shell's commands that must work from the first paint: the palette, the shortcuts sheet and
 * the sidebar. The rest of the shell's (where to go, theme, language, signing out) come with the
 * account menu's entries in account-commands.tsx, a chunk loaded just after the first paint.
 * Screens add their own (docs/command-palette.md).
 */
export function useAppCommands({ sidebar }: { sidebar: { toggle(): void; isAvailable: boolean } }): void {
  const { toggle, isAvailable } = sidebar;
  const commands = useMemo<Command[]>(
    () => [
      {
        id: 'palette.open',
        label: 'palette.commands.open',
        group: 'help',
        shortcut: PALETTE_SHORTCUT,
        isGlobal: true,
        perform: () => setPaletteMode(getPaletteMode() === 'commands' ? null : 'commands'),
      },
      {
        id: 'palette.shortcuts',
        label: 'palette.commands.shortcuts',
        group: 'help',
        shortcut: '?',
        perform: () => setPaletteMode('shortcuts'),
      },
      {
        id: 'layout.sidebar',
        label: 'palette.commands.toggleSidebar',
        group: 'layout',
        shortcut: SIDEBAR_SHORTCUT,
        isGlobal: true,
        when: () => isAvailable,
        perform: toggle,
      },
    ],
    [toggle, isAvailable],
  );
  useRegisterCommands(commands);
}
