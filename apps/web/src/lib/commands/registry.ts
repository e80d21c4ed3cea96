import type { Command } from './command';

/**
 * The commands registered now: the app's own, then those of the screens in view, in the order they
 * were registered. One list feeds the shortcut listener, the palette, the shortcuts sheet and menus.
 */
export function createCommandRegistry() {
  const sources: (readonly Command[])[] = [];
  let snapshot: readonly Command[] = [];
  const listeners = new Set<() => void>();
  const changed = () => {
    snapshot = sources.flat();
    for (const listener of listeners) listener();
  };
  return {
    /** Adds a set of commands; the function returned takes them out again. */
    register(commands: readonly Command[]): () => void {
      sources.push(commands);
      changed();
      return () => {
        const at = sources.indexOf(commands);
        if (at === -1) return;
        sources.splice(at, 1);
        changed();
      };
    },
    list: (): readonly Command[] => snapshot,
    /** The command of that id; the last registered when a screen overrides one of the app's. */
    find: (id: string): Command | undefined => snapshot.findLast((command) => command.id === id),
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type CommandRegistry = ReturnType<typeof createCommandRegistry>;

/** The app's one registry. */
export const commandRegistry = createCommandRegistry();
