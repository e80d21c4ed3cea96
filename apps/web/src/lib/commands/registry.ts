import type { Command } from './command';

/**
 * The commands registered now: the app's own, then those of the screens in view, in the order they
 * were registered. One list feeds the shortcut listener, the palette, the shortcuts sheet and menus.
 */
export function createCommandRegistry() {
  const sources: (readonly Command[])[] = [];
  let snapshot: readonly Command[] = [];
  const listeners = new Set<() => void>();
  const waiting = new Map<string, { promise: Promise<void>; resolve: () => void }>();
  const find = (id: string): Command | undefined => snapshot.findLast((command) => command.id === id);
  const changed = () => {
    snapshot = sources.flat();
    for (const [id, wait] of waiting)
      if (find(id)) {
        waiting.delete(id);
        wait.resolve();
      }
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
    find,
    /**
     * Settles once a command of that id is registered (at once if one is): a menu built from
     * commands that mount late suspends on it. The same promise while it is pending.
     */
    whenRegistered(id: string): Promise<void> {
      if (find(id)) return Promise.resolve();
      let wait = waiting.get(id);
      if (!wait) {
        let resolve: () => void = () => undefined;
        const promise = new Promise<void>((settle) => {
          resolve = settle;
        });
        wait = { promise, resolve };
        waiting.set(id, wait);
      }
      return wait.promise;
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type CommandRegistry = ReturnType<typeof createCommandRegistry>;

/** The app's one registry. */
export const commandRegistry = createCommandRegistry();
