import { Search } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { loadCataloguePart } from '../i18n/i18n';
import { setPaletteMode, usePaletteMode } from '../lib/commands/palette-state';
import { ariaKeyShortcuts, isApplePlatform, shortcutText } from '../lib/commands/shortcuts';
import { useCommand } from '../lib/commands/use-commands';
import styles from './app-shell.module.css';

/** The palette, its shortcuts sheet and their texts: one chunk, loaded on the first open. */
const loadPalette = () =>
  Promise.all([import('../features/command-palette'), loadCataloguePart('palette')]).then(([module]) => ({
    default: module.CommandPalette,
  }));
const CommandPalette = lazy(loadPalette);

/** Starts loading the palette before it is asked for (the pointer on its button, or focus). */
function preloadPalette() {
  loadPalette().catch(() => undefined);
}

/**
 * The palette while open: the dialog is mounted only then, so that closing it hands the focus back
 * to what had it (Radix's focus scope remembers that when it mounts).
 */
export function CommandPaletteHost({ teamId }: { teamId: number | undefined }) {
  const mode = usePaletteMode();
  if (!mode) return null;
  return (
    <Suspense fallback={null}>
      <CommandPalette mode={mode} teamId={teamId} onModeChange={setPaletteMode} />
    </Suspense>
  );
}

/**
 * The header's way into the palette for a pointer or a touch: "Search", the shortcut beside it.
 * The shortcut is drawn over the button's end rather than inside it, so that the button's visible
 * text is part of its name (WCAG 2.5.3); `aria-keyshortcuts` says it to assistive technology.
 */
export function PaletteButton() {
  const { t } = useTranslation();
  const command = useCommand('palette.open');
  const isApple = isApplePlatform();
  const shortcut = command?.shortcut;
  return (
    <span className={styles.searchField}>
      <button
        type="button"
        className={styles.searchButton}
        aria-label={t('shell.openPalette')}
        aria-haspopup="dialog"
        aria-keyshortcuts={shortcut ? ariaKeyShortcuts(shortcut, isApple) : undefined}
        onClick={() => setPaletteMode('commands')}
        onPointerEnter={preloadPalette}
        onFocus={preloadPalette}
      >
        <Search size={16} aria-hidden="true" />
        <span className={styles.searchText}>{t('common.search')}</span>
      </button>
      {shortcut && (
        // Placed by the page's direction (at the field's end); the keys themselves read left to right.
        <span className={styles.searchKbd} aria-hidden="true">
          <bdi dir="ltr">{shortcutText(shortcut, isApple)}</bdi>
        </span>
      )}
    </span>
  );
}
