import * as Dialog from '@radix-ui/react-dialog';
import type { PaletteMode } from '../../lib/commands/palette-state';
import modalStyles from '../../ui/modal.module.css';
import styles from './command-palette.module.css';
import { PaletteBody } from './palette-body';
import { ShortcutsSheet } from './shortcuts-sheet';

/**
 * The command palette (Ctrl/Cmd+K) and the shortcuts sheet (?), one modal dialog: focus stays in it
 * while open and goes back to where it was on close (docs/command-palette.md).
 */
export function CommandPalette({
  mode,
  teamId,
  onModeChange,
}: {
  mode: Exclude<PaletteMode, null>;
  /** The workspace searched: the one in view, else the person's first. */
  teamId: number | undefined;
  onModeChange(mode: PaletteMode): void;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onModeChange(null)}>
      <Dialog.Portal>
        <Dialog.Overlay className={modalStyles.overlay} />
        <Dialog.Content className={styles.dialog} aria-describedby={undefined}>
          {mode === 'commands' ? (
            <PaletteBody teamId={teamId} onModeChange={onModeChange} />
          ) : (
            <ShortcutsSheet />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
