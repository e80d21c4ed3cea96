import { Search } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { sortWorkspaces } from '../features/workspaces';
import { loadCataloguePart } from '../i18n/i18n';
import { useTranslation } from '../i18n/use-translation';
import { type PaletteMode, setPaletteMode, usePaletteMode } from '../lib/commands/palette-state';
import { ariaKeyShortcuts, isApplePlatform, shortcutText } from '../lib/commands/shortcuts';
import { useSession } from '../lib/session';
import { useIsIdle } from '../lib/when-idle';
import { useWorkspaces } from '../lib/workspaces';
import styles from './app-shell.module.css';
import { PALETTE_SHORTCUT } from './use-app-commands';
import { useCurrentTeamId } from './use-current-team-id';

/** The palette, its shortcuts sheet and their texts: one chunk, loaded on the first open. */
const loadPalette = () =>
  Promise.all([import('../features/command-palette'), loadCataloguePart('palette')]).then(([module]) => ({
    default: module.CommandPalette,
  }));
const CommandPalette = lazy(loadPalette);

/**
 * The commands that can wait for the first screen (where to go, theme, language, signing out) and
 * the account menu's entries, which are those commands: one chunk (account-commands.tsx).
 */
const accountCommands = () => import('./account-commands');
const AccountCommands = lazy(() => accountCommands().then((module) => ({ default: module.AccountCommands })));
export const AccountMenuItems = lazy(() =>
  accountCommands().then((module) => ({ default: module.AccountMenuItems })),
);

/** Starts loading the palette before it is asked for (the pointer on its button, or focus). */
function preloadPalette() {
  loadPalette().catch(() => undefined);
}

/**
 * The palette while open: the dialog is mounted only then, so that closing it hands the focus back
 * to what had it (Radix's focus scope remembers that when it mounts).
 */
export function CommandPaletteHost() {
  const mode = usePaletteMode();
  if (!mode) return null;
  return <OpenPalette mode={mode} />;
}

/** The open palette searches the workspace in view, else the person's first one. */
function OpenPalette({ mode }: { mode: Exclude<PaletteMode, null> }) {
  const { profile } = useSession();
  const teamId = useCurrentTeamId();
  const workspaces = useWorkspaces().data;
  const firstWorkspaceId = workspaces?.length
    ? sortWorkspaces(workspaces, profile?.preferences.workspaceSortOrder)[0]?.id
    : undefined;
  return (
    <Suspense fallback={null}>
      <CommandPalette mode={mode} teamId={teamId ?? firstWorkspaceId} onModeChange={setPaletteMode} />
    </Suspense>
  );
}

/**
 * Registers the account commands once the first screen has had its turn (the page idle), or at once
 * when the palette or the account menu opens before that; then for good. Their chunk, its render
 * and the commands' registration stay out of the first screen's way.
 */
export function LateAccountCommands({ isMenuOpen }: { isMenuOpen: boolean }) {
  const isIdle = useIsIdle();
  const isPaletteOpen = usePaletteMode() !== null;
  const [isMounted, setMounted] = useState(false);
  if (!isMounted && (isIdle || isMenuOpen || isPaletteOpen)) setMounted(true);
  if (!isMounted) return null;
  return (
    <Suspense fallback={null}>
      <AccountCommands />
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
  const isApple = isApplePlatform();
  return (
    <span className={styles.searchField}>
      <button
        type="button"
        className={styles.searchButton}
        aria-label={t('shell.openPalette')}
        aria-haspopup="dialog"
        aria-keyshortcuts={ariaKeyShortcuts(PALETTE_SHORTCUT, isApple)}
        onClick={() => setPaletteMode('commands')}
        onPointerEnter={preloadPalette}
        onFocus={preloadPalette}
      >
        <Search size={16} aria-hidden="true" />
        <span className={styles.searchText}>{t('common.search')}</span>
      </button>
      {/* Placed by the page's direction (at the field's end); the keys themselves read left to right. */}
      <span className={styles.searchKbd} aria-hidden="true">
        <bdi dir="ltr">{shortcutText(PALETTE_SHORTCUT, isApple)}</bdi>
      </span>
    </span>
  );
}
