import * as Menu from '@radix-ui/react-dropdown-menu';
import { useQueryClient } from '@tanstack/react-query';
import {
  Bell,
  Building2,
  Code,
  House,
  Menu as MenuIcon,
  PanelLeftClose,
  RefreshCw,
  Settings,
  Shield,
} from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link, NavLink, Outlet, useLocation, useMatches } from 'react-router';
import { SidebarBoards } from '../features/boards';
import { NotificationBell } from '../features/notifications';
import { sortWorkspaces } from '../features/workspaces';
import { useTranslation } from '../i18n/use-translation';
import { ariaKeyShortcuts, isApplePlatform, shortcutText } from '../lib/commands/shortcuts';
import { useShortcutListener } from '../lib/commands/use-shortcut-listener';
import { isHeaderHidden } from '../lib/preview-mode';
import { useSession } from '../lib/session';
import { useQueryMenu } from '../lib/use-query-flag';
import { useWorkspaces } from '../lib/workspaces';
import { useWorkspaceUpdates } from '../lib/workspaces-store';
import { Avatar } from '../ui/avatar';
import menuStyles from '../ui/menu.module.css';
import { MenuOnFirstUse } from '../ui/on-first-use';
import { Tooltip } from '../ui/tooltip';
import { TruncatedName } from '../ui/truncated-name';
import styles from './app-shell.module.css';
import {
  AccountMenuItems,
  CommandPaletteHost,
  LateAccountCommands,
  PaletteButton,
} from './command-palette-host';
import type { RouteHandle } from './route-handle';
import { UpdateBanner } from './update-banner';
import { SIDEBAR_SHORTCUT, useAppCommands } from './use-app-commands';
import { useCurrentTeamId } from './use-current-team-id';
import { useNotificationParam } from './use-notification-param';
import { useOwnChannel } from './use-own-channel';
import { usePageViews } from './use-page-views';
import { usePullToRefresh } from './use-pull-to-refresh';
import { useSidebar } from './use-sidebar';

/** The connection pill loads after the first paint, with the offline queue and IndexedDB. */
const OfflineStatus = lazy(() =>
  import('./offline-status').then((module) => ({ default: module.OfflineStatus })),
);

/**
 * The signed-in frame: header with the account menu, sidebar (off-canvas below 780 px, collapsible
 * above), content.
 */
export function AppShell() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const location = useLocation();
  const matches = useMatches();
  // A visitor of a public page (signed out) has no workspaces to navigate: no sidebar.
  const noSidebar = !profile || ((matches.at(-1)?.handle as RouteHandle | undefined)?.noSidebar ?? false);
  const sidebar = useSidebar();
  const sidebarLabel = sidebar.isShown ? t('shell.closeSidebar') : t('shell.openSidebar');
  useAppCommands({ sidebar: { toggle: sidebar.toggle, isAvailable: !noSidebar } });
  useShortcutListener();
  const isApple = isApplePlatform();
  const headerHidden = isHeaderHidden(location.search);
  usePageViews();
  useNotificationParam();
  useOwnChannel();
  const pulled = usePullToRefresh();
  // The account menu's open state lives in the URL: /home?account_menu=on opens it.
  const menu = useQueryMenu('account_menu');

  const offlineStatus = (
    <Suspense fallback={null}>
      <OfflineStatus />
    </Suspense>
  );

  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#content">
        {t('shell.skipToContent')}
      </a>
      {pulled > 0 && (
        <div className={styles.pull} style={{ blockSize: pulled }} aria-hidden="true">
          <RefreshCw size={20} style={{ transform: `rotate(${pulled * 1.44}deg)` }} />
        </div>
      )}
      <UpdateBanner />
      {headerHidden && offlineStatus}
      {!headerHidden && (
        <header className={styles.header}>
          {!noSidebar && (
            <Tooltip
              content={
                <>
                  {sidebarLabel}{' '}
                  <kbd className={styles.kbd} dir="ltr">
                    {shortcutText(SIDEBAR_SHORTCUT, isApple)}
                  </kbd>
                </>
              }
            >
              <button
                type="button"
                className={styles.menuButton}
                aria-label={sidebarLabel}
                aria-expanded={sidebar.isShown}
                aria-controls="sidebar"
                aria-keyshortcuts={ariaKeyShortcuts(SIDEBAR_SHORTCUT, isApple)}
                onClick={sidebar.toggle}
              >
                {sidebar.isShown && !sidebar.isNarrow ? (
                  <PanelLeftClose size={18} className="flip-in-rtl" aria-hidden="true" />
                ) : (
                  <MenuIcon size={18} aria-hidden="true" />
                )}
              </button>
            </Tooltip>
          )}
          <Link to="/home" className={styles.brand}>
            <img src="/favicon.svg" alt="" />
            <span>{t('app.name')}</span>
          </Link>
          <span className={styles.spacer} />
          {profile && <PaletteButton />}
          {offlineStatus}
          {profile && <NotificationBell />}
          {!profile && (
            <Link to="/login" className={styles.signIn}>
              {t('auth.login.submit')}
            </Link>
          )}
          {profile && (
            <MenuOnFirstUse
              open={menu.open}
              onOpenChange={menu.onOpenChange}
              trigger={
                <button type="button" className={styles.userButton}>
                  <Avatar src={profile.photo_url} name="" size={30} />
                  <TruncatedName name={profile.name} className={styles.userName} />
                  <span className="visually-hidden">{t('shell.userMenu')}</span>
                </button>
              }
            >
              <Menu.Portal>
                {/* The menu shows once its entries (the registry's account commands) are there. */}
                <Suspense fallback={null}>
                  <Menu.Content className={menuStyles.menu} align="end" sideOffset={5}>
                    <Menu.Label className={styles.menuLabel}>{profile.email}</Menu.Label>
                    <AccountMenuItems leave={menu.leave} />
                  </Menu.Content>
                </Suspense>
              </Menu.Portal>
            </MenuOnFirstUse>
          )}
        </header>
      )}
      <div
        className={`${styles.body} ${noSidebar ? styles.bodyNoSidebar : ''} ${
          sidebar.isCollapsed ? styles.bodyCollapsed : ''
        }`}
      >
        {!noSidebar && (
          <>
            {sidebar.isDrawerOpen && (
              <button
                type="button"
                className={styles.scrim}
                aria-label={t('shell.closeSidebar')}
                onClick={sidebar.closeDrawer}
              />
            )}
            <aside
              id="sidebar"
              className={`${styles.sidebar} ${sidebar.isDrawerOpen ? styles.sidebarOpen : ''}`}
            >
              <nav className={styles.nav} aria-label={t('shell.navigation')}>
                <SidebarLink to="/home" icon={<House size={16} aria-hidden="true" />}>
                  {t('shell.home')}
                </SidebarLink>
                <SidebarWorkspaces />
                <div className={styles.navHeading}>{t('shell.account')}</div>
                <SidebarLink to="/profile/settings" icon={<Settings size={16} aria-hidden="true" />}>
                  {t('shell.settings')}
                </SidebarLink>
                <SidebarLink to="/profile/security" icon={<Shield size={16} aria-hidden="true" />}>
                  {t('shell.security')}
                </SidebarLink>
                <SidebarLink to="/profile/notifications" icon={<Bell size={16} aria-hidden="true" />}>
                  {t('bell.label')}
                </SidebarLink>
                <SidebarLink to="/profile/developer/hooks" icon={<Code size={16} aria-hidden="true" />}>
                  {t('shell.developer')}
                </SidebarLink>
              </nav>
            </aside>
          </>
        )}
        <main id="content" className={styles.content} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      {profile && <CommandPaletteHost />}
      {profile && <LateAccountCommands isMenuOpen={menu.open} />}
    </div>
  );
}

/** The user's workspaces, in their own order. */
function SidebarWorkspaces() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const workspaces = useWorkspaces();
  const currentTeamId = useCurrentTeamId();
  if (!workspaces.data?.length) return null;
  return (
    <>
      <div className={styles.navHeading}>{t('shell.workspaces')}</div>
      {sortWorkspaces(workspaces.data, profile?.preferences.workspaceSortOrder).map((workspace) => (
        <SidebarWorkspace
          key={workspace.id}
          id={workspace.id}
          name={workspace.name}
          isCurrent={workspace.id === currentTeamId}
        />
      ))}
    </>
  );
}

/**
 * One workspace in the sidebar, renamed live when someone renames it elsewhere; the workspace in
 * view lists its boards under its name.
 */
function SidebarWorkspace({ id, name, isCurrent }: { id: number; name: string; isCurrent: boolean }) {
  const queryClient = useQueryClient();
  useWorkspaceUpdates(id, () => void queryClient.invalidateQueries({ queryKey: ['team', String(id)] }));
  return (
    <>
      <SidebarLink to={`/team/${id}`} icon={<Building2 size={16} aria-hidden="true" />}>
        <TruncatedName name={name} />
      </SidebarLink>
      {isCurrent && <SidebarBoards teamId={id} />}
    </>
  );
}

function SidebarLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <NavLink to={to} className={styles.navLink}>
      {icon}
      {children}
    </NavLink>
  );
}
