import type { ComponentType, ReactElement } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, useParams } from 'react-router';
import { HomePage } from '../features/home';
import { TeamLayout, TeamMembersPage, TeamSettingsPage } from '../features/workspaces';
import type { CataloguePart } from '../i18n/catalogue-parts';
import { loadCataloguePart } from '../i18n/i18n';
import { useTranslation } from '../i18n/use-translation';
import { AppShell } from './app-shell';
import { NavigationProgress } from './navigation-progress';
import { NotFoundPage } from './not-found-page';
import { OpenLinkPage } from './open-link-page';
import { RedirectPage } from './redirect-page';
import { RequireSession } from './require-session';
import type { RouteHandle } from './route-handle';
import { PUBLIC_ROUTES, type RouteNode, SHELL_ROUTE } from './route-tree';
import { StatusBanner } from './status-banner';
import { usePreservedQuery } from './use-preserved-query';

/** The screens that exist, by route id. Declared routes without one show the 404 page. */
const SCREENS: Record<string, () => ReactElement> = {
  redirect: () => <RedirectPage />,
  home: () => <HomePage />,
  team: () => <TeamLayout />,
  'team.members': () => <TeamMembersPage />,
  'team.settings': () => <TeamSettingsPage />,
};

const auth = () => import('../features/auth');

/**
 * Screens loaded on demand, as their own chunks (the progress bar shows while they load). The
 * signed-out screens are among them: their forms (react-hook-form) are not needed by a signed-in
 * first load, which is most loads.
 */
/** A screen that waits for a part of the English catalogue too (i18n/catalogue-parts.ts). */
const withCatalogue =
  (part: CataloguePart, load: () => Promise<ComponentType>) => (): Promise<ComponentType> =>
    Promise.all([load(), loadCataloguePart(part)]).then(([screen]) => screen);

const LAZY_SCREENS: Record<string, () => Promise<ComponentType>> = {
  login: () => auth().then((m) => m.LoginPage),
  register: () => auth().then((m) => m.RegisterPage),
  'password.reset': () => auth().then((m) => m.ForgotPasswordPage),
  'password.reset.token': () => auth().then((m) => m.ResetPasswordPage),
  'verify-email': () => auth().then((m) => m.VerifyEmailPage),
  auth: () => auth().then((m) => m.AuthLandingPage),
  'workspace.create': () =>
    import('../features/workspaces/create-workspace-page').then((m) => m.CreateWorkspacePage),
  'profile.settings': () => import('../features/profile').then((m) => m.ProfileSettingsPage),
  'profile.security': () => import('../features/profile').then((m) => m.ProfileSecurityPage),
  'profile.notifications': withCatalogue('notifications', () =>
    import('../features/notifications/notification-preferences-page').then(
      (m) => m.NotificationPreferencesPage,
    ),
  ),
  'auth.reauthenticate': () => import('../features/profile').then((m) => m.ReauthenticatePage),
  'profile.developer.hooks': withCatalogue('developer', () =>
    import('../features/developer').then((m) => m.HooksPage),
  ),
  'profile.developer.hook': withCatalogue('developer', () =>
    import('../features/developer').then((m) => m.HookPage),
  ),
  'profile.developer.hook.logs': withCatalogue('developer', () =>
    import('../features/developer').then((m) => m.HookLogsPage),
  ),
  'team.shared-links': withCatalogue('views', () =>
    import('../features/shared-links').then((m) => m.SharedLinksPage),
  ),
  'team.permissions': withCatalogue('permissions', () =>
    import('../features/permissions').then((m) => m.TeamPermissionsPage),
  ),
  // A board's permissions: the same screen, scoped to the board of the address.
  'team.board.permissions': withCatalogue('permissions', () =>
    import('../features/permissions').then((m) => m.TeamPermissionsPage),
  ),
  'team.board.activity': withCatalogue('views', () =>
    import('../features/activity').then((m) => m.BoardActivityPage),
  ),
  'register.invitation': () => import('../features/invitations').then((m) => m.InvitationPage),
  // A shared form, answered by anyone: no session needed (it is outside the shell's RequireSession).
  form: withCatalogue('forms', () => import('../features/forms').then((m) => m.PublicFormPage)),
  'team.boards': () => import('../features/boards/team-boards-page').then((m) => m.TeamBoardsPage),
  'team.boards.create': withCatalogue('views', () =>
    import('../features/boards/create-board-page').then((m) => m.CreateBoardPage),
  ),
  'team.board.edit': withCatalogue('views', () =>
    import('../features/boards/board-edit-page').then((m) => m.BoardEditPage),
  ),
  'team.board.trash': withCatalogue('views', () => import('../features/trash').then((m) => m.TrashPage)),
  board: withCatalogue('views', () => import('../features/boards/board-page').then((m) => m.BoardPage)),
  folder: withCatalogue('views', () => import('../features/boards/folder-page').then((m) => m.FolderPage)),
};

/** Renders the 404 page unless every numeric param of the route is digits only. */
function NumericParams({ names, children }: { names: readonly string[]; children: ReactElement }) {
  const params = useParams();
  const valid = names.every((name) => params[name] === undefined || /^\d+$/.test(params[name]!));
  return valid ? children : <NotFoundPage />;
}

function toRouteObject(node: RouteNode): RouteObject {
  const lazyScreen = LAZY_SCREENS[node.id];
  if (lazyScreen) {
    const handle: RouteHandle = {
      id: node.id,
      name: node.name,
      noSidebar: Boolean(node.noSidebar),
      canBePublic: Boolean(node.canBePublic),
    };
    const lazy = async () => ({ Component: await lazyScreen() });
    if (node.path === '') return { index: true, handle, lazy };
    // A lazy layout (the board page) keeps its child routes, lazy or not.
    const children = node.children?.map(toRouteObject);
    return { path: node.path, handle, lazy, ...(children?.length ? { children } : {}) };
  }
  const screen = SCREENS[node.id];
  const hasChildren = Boolean(node.children?.length);
  let element: ReactElement = screen ? screen() : hasChildren ? <Outlet /> : <NotFoundPage />;
  if (node.numeric) element = <NumericParams names={node.numeric}>{element}</NumericParams>;
  if (!screen && !hasChildren && node.redirect) element = <Navigate to={node.redirect} replace />;
  const handle: RouteHandle = {
    id: node.id,
    name: node.name,
    noSidebar: Boolean(node.noSidebar),
    canBePublic: Boolean(node.canBePublic),
  };
  const children = node.children?.map(toRouteObject) ?? [];
  // A route with children but no screen: its own path redirects or shows the 404 page.
  if (hasChildren && !screen && !node.children!.some((child) => child.path === '')) {
    children.unshift({
      index: true,
      element: node.redirect ? <Navigate to={node.redirect} replace /> : <NotFoundPage />,
      handle,
    });
  }
  if (node.path === '' && !hasChildren) return { index: true, element, handle };
  return { path: node.path, element, handle, ...(children.length ? { children } : {}) };
}

const shell = toRouteObject(SHELL_ROUTE);
shell.element = (
  <RequireSession>
    <AppShell />
  </RequireSession>
);

/** Native deep links (the manifest's web+strata protocol handler) arrive here, signed in or not. */
const OPEN_LINK_HANDLE: RouteHandle = { id: 'open', noSidebar: true, canBePublic: true };

const ROUTES: RouteObject[] = [
  ...PUBLIC_ROUTES.map(toRouteObject),
  { path: '/open', element: <OpenLinkPage />, handle: OPEN_LINK_HANDLE },
  shell,
  { path: '*', element: <NotFoundPage /> },
];

/** Around every route: the navigation progress bar. */
function RootLayout() {
  usePreservedQuery();
  return (
    <>
      <NavigationProgress routes={ROUTES} />
      <StatusBanner />
      <Outlet />
    </>
  );
}

/**
 * What shows while the first screen's code loads (its route is lazy): the frame index.html drew
 * before any script ran (ui/first-paint.css), kept as it is rather than swapped for a spinner,
 * with the loading said to screen readers. Without it React Router renders nothing and warns
 * "No HydrateFallback element provided" on every load.
 */
function FirstLoadFallback() {
  const { t } = useTranslation();
  return (
    <>
      <div className="first-paint" aria-hidden="true">
        <div className="first-paint-header" />
        <div className="first-paint-body">
          <div className="first-paint-sidebar" />
          <div className="first-paint-content">
            {FRAME_BARS.map((bar) => (
              <div key={bar} className="first-paint-bar" />
            ))}
          </div>
        </div>
      </div>
      <p className="visually-hidden" role="status">
        {t('app.loading')}
      </p>
    </>
  );
}
const FRAME_BARS = [1, 2, 3, 4, 5];

export const router = createBrowserRouter([
  { element: <RootLayout />, HydrateFallback: FirstLoadFallback, children: ROUTES },
]);
