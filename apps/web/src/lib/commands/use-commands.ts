import { useEffect, useSyncExternalStore } from 'react';
import type { Command, CommandContext } from './command';
import { commandRegistry } from './registry';
import { isApplePlatform } from './shortcuts';

/**
 * Contributes commands while the calling component is mounted (a screen's "create item" while its
 * folder is open). Pass a memoised list: a new list registers again.
 */
export function useRegisterCommands(commands: readonly Command[]): void {
  useEffect(() => commandRegistry.register(commands), [commands]);
}

/** Every command registered now, kept current. */
export function useCommands(): readonly Command[] {
  return useSyncExternalStore(commandRegistry.subscribe, commandRegistry.list);
}

/** One command by id, for a menu that shows it; undefined while none is registered. */
export function useCommand(id: string): Command | undefined {
  return useSyncExternalStore(commandRegistry.subscribe, () => commandRegistry.find(id));
}

export function commandContext(source: CommandContext['source']): CommandContext {
  return { source, isApple: isApplePlatform() };
}

/** Runs a command if it applies; a failure of an async one is its own to report. */
export function runCommand(command: Command, source: CommandContext['source']): void {
  const context = commandContext(source);
  if (command.when && !command.when(context)) return;
  void Promise.resolve(command.perform(context)).catch(() => undefined);
}
