import * as Menu from '@radix-ui/react-dropdown-menu';
import { LOCALES } from '@strata/domain/constants';
import { Check, LogOut, Settings, Shield } from 'lucide-react';
import { type ReactNode, use, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { usePreferences } from '../features/preferences/use-preferences';
import { useTranslation } from '../i18n/use-translation';
import type { Command } from '../lib/commands/command';
import { commandRegistry } from '../lib/commands/registry';
import { commandContext, runCommand, useCommands, useRegisterCommands } from '../lib/commands/use-commands';
import { languageName } from '../lib/language-names';
import { useSession } from '../lib/session';
import { isThemePreference, storedTheme, type ThemePreference } from '../lib/theme';
import { useWorkspaces } from '../lib/workspaces';
import menuStyles from '../ui/menu.module.css';
import styles from './app-shell.module.css';

const THEMES: readonly ThemePreference[] = ['light', 'dark', 'system'];

/**
 * The shell's commands that can wait for the first screen (this module is a chunk of its own,
 * mounted once the page is idle or the palette or the account menu opens): where to go, theme,
 * language and signing out. Saving a preference brings the profile mutation, which nothing on the
 * first screen needs.
 */
export function AccountCommands() {
  const navigate = useNavigate();
  const { profile, signOut } = useSession();
  const { setTheme, setLocale } = usePreferences();
  const workspaces = useWorkspaces().data;
  const theme = isThemePreference(profile?.preferences.theme) ? profile.preferences.theme : storedTheme();
  const commands = useMemo<Command[]>(() => {
    const go = (id: string, label: string, to: string): Command => ({
      id,
      label,
      group: 'navigation',
      perform: () => navigate(to),
    });
    return [
      go('go.home', 'shell.home', '/home'),
      ...(workspaces ?? []).map((workspace) => ({
        ...go(`go.workspace.${workspace.id}`, 'palette.commands.goToWorkspace', `/team/${workspace.id}`),
        values: { name: workspace.name },
      })),
      go('go.settings', 'shell.settings', '/profile/settings'),
      go('go.security', 'shell.security', '/profile/security'),
      go('go.notifications', 'palette.commands.notificationSettings', '/profile/notifications'),
      ...THEMES.map(
        (choice): Command => ({
          id: `theme.${choice}`,
          label: `theme.${choice}`,
          group: 'theme',
          isChecked: () => theme === choice,
          perform: () => setTheme(choice),
        }),
      ),
      ...LOCALES.map(
        (locale): Command => ({
          id: `language.${locale}`,
          label: 'palette.commands.language',
          // Read when the palette lists them: the page's first language name costs tens of ms.
          get values() {
            return { name: languageName(locale, locale) };
          },
          get keywords() {
            return [languageName(locale, 'en'), locale];
          },
          group: 'language',
          perform: () => setLocale(locale),
        }),
      ),
      {
        id: 'account.signOut',
        label: 'shell.signOut',
        group: 'account',
        perform: async () => {
          void navigate('/login', { replace: true, state: { notice: 'signedOut' } });
          await signOut();
        },
      },
    ];
  }, [navigate, signOut, workspaces, theme, setTheme, setLocale]);
  useRegisterCommands(commands);
  return null;
}

const applies = (command: Command) => command.when?.(commandContext('menu')) ?? true;

/** The registered command of that id, if it applies now. */
function useMenuCommand(id: string): Command | undefined {
  const command = useCommands().findLast((candidate) => candidate.id === id);
  return command && applies(command) ? command : undefined;
}

/**
 * A menu entry that is a command of the registry: its label and action come from there, so the
 * menu, the palette and a shortcut do the same thing. `leave` wraps an entry that navigates away
 * (use-query-flag.ts `useQueryMenu`).
 */
function CommandMenuItem({ id, icon, leave }: { id: string; icon: ReactNode; leave(go: () => void): void }) {
  const { t } = useTranslation();
  const command = useMenuCommand(id);
  if (!command) return null;
  return (
    <Menu.Item className={menuStyles.menuItem} onSelect={() => leave(() => runCommand(command, 'menu'))}>
      {icon} {t(command.label, command.values)}
    </Menu.Item>
  );
}

/** A choice among commands (the theme): one radio entry each, the current one ticked. */
function CommandMenuChoice({ ids, label }: { ids: readonly string[]; label: string }) {
  const { t } = useTranslation();
  const all = useCommands();
  const commands = ids.flatMap((id) => all.filter((command) => command.id === id && applies(command)));
  if (commands.length === 0) return null;
  // Items with the radio role rather than Radix's RadioGroup: its code would join the first load,
  // which holds the rest of the menu's.
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of menu items (WAI-ARIA), not a form's fieldset
    <div role="group" aria-label={label}>
      {commands.map((command) => {
        const isChecked = command.isChecked?.() ?? false;
        return (
          <Menu.Item
            key={command.id}
            role="menuitemradio"
            aria-checked={isChecked}
            className={menuStyles.menuItem}
            onSelect={(event) => {
              event.preventDefault();
              runCommand(command, 'menu');
            }}
          >
            <span className={menuStyles.check}>{isChecked && <Check size={16} aria-hidden="true" />}</span>
            {t(command.label, command.values)}
          </Menu.Item>
        );
      })}
    </div>
  );
}

const THEME_COMMANDS = THEMES.map((theme) => `theme.${theme}`);

/** The account menu's entries, all commands of the registry: settings, security, theme, sign out. */
export function AccountMenuItems({ leave }: { leave(go: () => void): void }) {
  const { t } = useTranslation();
  // AccountCommands mounts when the page is idle or a palette or menu opens
  // (command-palette-host.tsx), in a commit of its own, again after signing out and in: the menu
  // waits for its commands rather than showing without its entries.
  const isRegistered = useCommands().some((command) => command.id === 'account.signOut');
  if (!isRegistered) use(commandRegistry.whenRegistered('account.signOut'));
  return (
    <>
      <CommandMenuItem id="go.settings" icon={<Settings size={16} aria-hidden="true" />} leave={leave} />
      <CommandMenuItem id="go.security" icon={<Shield size={16} aria-hidden="true" />} leave={leave} />
      <Menu.Separator className={styles.separator} />
      <Menu.Label className={styles.menuLabel}>{t('theme.label')}</Menu.Label>
      <CommandMenuChoice ids={THEME_COMMANDS} label={t('theme.label')} />
      <Menu.Separator className={styles.separator} />
      <CommandMenuItem id="account.signOut" icon={<LogOut size={16} aria-hidden="true" />} leave={leave} />
    </>
  );
}
