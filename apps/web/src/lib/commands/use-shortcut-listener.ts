import { useEffect } from 'react';
import { commandRegistry } from './registry';
import { commandForKey, isApplePlatform, isTypingTarget } from './shortcuts';

/**
 * The one keydown listener of the app's shortcuts: the key press runs the command of the registry
 * whose shortcut it is (shortcuts.ts `commandForKey`). Keys a component already handled
 * (`defaultPrevented`), held-down repeats and keys of an input method composing text are left alone.
 */
export function useShortcutListener(): void {
  useEffect(() => {
    const isApple = isApplePlatform();
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.repeat) return;
      const command = commandForKey(event, commandRegistry.list(), {
        isApple,
        isTyping: isTypingTarget(event.target),
      });
      if (!command) return;
      event.preventDefault();
      void Promise.resolve(command.perform({ source: 'shortcut', isApple })).catch(() => undefined);
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, []);
}
