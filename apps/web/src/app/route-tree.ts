/**
 * The whole route tree of spec section 2, as data: paths, names, flags and query keys. Screens
 * are attached in router.tsx by route id; a declared route without a screen yet shows the 404
 * page (never an empty or placeholder page).
 */
export interface RouteFlags {
  /** The shell renders without its sidebar. */
  noSidebar?: boolean;
  /** Anonymous visitors may open it. */
  canBePublic?: boolean;
  /** The server answers it with a page of its own, no app screen (published sites, docs/documents.md). */
  serverRendered?: boolean;
}

export interface RouteNode extends RouteFlags {
  /** Stable id screens are attached by. */
  id: string;
  /** Path relative to the parent ('' for an index-like child). Optional segments end in '?'. */
  path: string;
  /** Named routes of spec section 2 (navigation by name). */
  name?: string;
  /** Query keys the route reads (and keeps when navigated to by name). */
  query?: readonly string[];
  /** Params that must be numeric (a non-numeric value shows the 404 page). */
  numeric?: readonly string[];
  /** Redirect target, relative to this route, when it has no screen of its own. */
  redirect?: string;
  children?: RouteNode[];
}

export const PUBLIC_ROUTES: RouteNode[] = [
  { id: 'redirect', path: '/redirect', canBePublic: true },
  { id: 'password.reset', path: '/password/reset', canBePublic: true },
  { id: 'password.reset.token', path: '/password/reset/:token/:email', canBePublic: true },
  { id: 'onboarding', path: '/onboarding' },
  { id: 'checkout', path: '/checkout' },
  { id: 'login', path: '/login', canBePublic: true },
  { id: 'auth', path: '/auth', canBePublic: true },
  { id: 'register', path: '/register', canBePublic: true },
  { id: 'register.invitation', path: '/register/invitation', canBePublic: true },
  { id: 'activate-ltd', path: '/activate-ltd/:code' },
  { id: 'trial-email.active', path: '/trial-email/active' },
  {
    id: 'verify-email',
    path: '/verify-email',
    name: 'verify-email',
    canBePublic: true,
    query: ['token', 'email'],
  },
  { id: 'form', path: '/form/:formId', canBePublic: true },
  { id: 'published.document', path: '/p/:documentRef/:itemSlug?', canBePublic: true, serverRendered: true },
  { id: 's.auth.redirect', path: '/s/auth/redirect', redirect: '/home' },
];

export const SHELL_ROUTE: RouteNode = {
  id: 'shell',
  path: '/',
  redirect: '/home',
  children: [
    { id: 'auth.reauthenticate', path: 'auth/reauthenticate', name: 'auth.reauthenticate', noSidebar: true },
    { id: 'home', path: 'home', name: 'home' },
    { id: 'workspace.create', path: 'workspace/create', name: 'create-workspace', noSidebar: true },
    { id: 'fwd.template-start', path: 'fwd/template-start/:templateId' },
    { id: 'fwd.whitelabel', path: 'fwd/whitelabel' },
    {
      id: 'team',
      path: 'team/:teamId',
      numeric: ['teamId'],
      children: [
        { id: 'team.boards', path: '' },
        { id: 'team.board.permissions', path: 'boards/:boardId/permissions' },
        { id: 'team.board.activity', path: 'boards/:boardId/activity' },
        { id: 'team.board.trash', path: 'boards/:boardId/trash' },
        { id: 'team.board.edit', path: 'boards/:boardId/edit' },
        {
          id: 'team.boards.create',
          path: 'boards/create',
          noSidebar: true,
          query: ['start', 'template', 'name'],
        },
        { id: 'team.members', path: 'members' },
        { id: 'team.settings', path: 'settings' },
        { id: 'team.permissions', path: 'permissions' },
        { id: 'team.shared-links', path: 'shared-links' },
        { id: 'team.whitelabel', path: 'whitelabel' },
        { id: 'team.sso', path: 'sso' },
        { id: 'team.import.trello.auth', path: 'import/trello/auth/:boardId/:folderId', noSidebar: true },
        {
          id: 'team.import.trello',
          path: 'import/trello/:boardId/:trelloBoardId/:folderId',
          noSidebar: true,
        },
      ],
    },
    {
      id: 'profile',
      path: 'profile',
      children: [
        { id: 'profile.settings', path: 'settings' },
        { id: 'profile.workspaces', path: 'workspaces' },
        { id: 'profile.notifications', path: 'notifications' },
        { id: 'profile.referral', path: 'referral' },
        { id: 'profile.applications', path: 'applications' },
        { id: 'profile.security', path: 'security' },
        {
          id: 'profile.two-factor',
          path: 'two-factor',
          noSidebar: true,
          redirect: 'status',
          children: [
            { id: 'profile.two-factor.status', path: 'status', noSidebar: true },
            { id: 'profile.two-factor.recovery-codes', path: 'recovery-codes', noSidebar: true },
          ],
        },
        {
          id: 'profile.developer',
          path: 'developer',
          redirect: 'hooks',
          children: [
            { id: 'profile.developer.apps', path: 'apps' },
            { id: 'profile.developer.tokens', path: 'tokens' },
            { id: 'profile.developer.hooks', path: 'hooks' },
            { id: 'profile.developer.hook', path: 'hooks/:hookId' },
            { id: 'profile.developer.hook.logs', path: 'hooks/:hookId/logs' },
          ],
        },
        { id: 'profile.billing', path: 'billing', name: 'profile.billing' },
      ],
    },
    {
      id: 'profile.templates',
      path: 'profile/templates',
      children: [
        { id: 'custom-templates', path: '' },
        { id: 'custom-templates.shared', path: 'shared' },
        { id: 'custom-templates.edit', path: ':templateId/edit' },
        {
          id: 'custom-templates.templates.landing',
          path: ':templateId/:shared?',
          name: 'custom-templates.templates.landing',
        },
      ],
    },
    {
      id: 'templates',
      path: 'templates',
      noSidebar: true,
      query: ['teamId', 'boardId', 'folderId'],
      redirect: 'home',
      children: [
        { id: 'templates.home', path: 'home', noSidebar: true },
        { id: 'templates.tag', path: 'tags/:tagId', noSidebar: true },
        { id: 'templates.search', path: 'search', noSidebar: true },
        { id: 'templates.template', path: ':templateId', noSidebar: true },
      ],
    },
    { id: 'imports.trello.return-token', path: 'imports/trello/return-token' },
    { id: 'subscription.add-ons', path: 'subscription/add-ons/:subscriptionId?' },
    {
      id: 'subscription.upgrade',
      path: 'subscription/upgrade/:subscriptionId?',
      numeric: ['subscriptionId'],
    },
    { id: 'subscription.redirect', path: 'subscription/redirect' },
    {
      id: 'board',
      path: 'b/:rootId',
      name: 'board',
      canBePublic: true,
      children: [
        {
          id: 'folder',
          path: ':folderId/:itemId?',
          name: 'folder',
          canBePublic: true,
          query: ['t', 'comment', 'view', 'usage'],
        },
      ],
    },
    { id: 'attachment.download', path: 'attachment/download', query: ['get', 'teamId', 'link'] },
  ],
};

/** Query keys that carry over between navigations (spec section 2). */
export const PRESERVED_QUERY_KEYS = ['pretend', 'hide_header'] as const;

/** Every route, depth first, with its full path. */
export function flattenRoutes(
  nodes: RouteNode[] = [...PUBLIC_ROUTES, SHELL_ROUTE],
  base = '',
): Array<RouteNode & { fullPath: string }> {
  const out: Array<RouteNode & { fullPath: string }> = [];
  for (const node of nodes) {
    const fullPath = node.path.startsWith('/')
      ? node.path
      : `${base.replace(/\/$/, '')}/${node.path}`.replace(/\/$/, '') || '/';
    out.push({ ...node, fullPath });
    if (node.children) out.push(...flattenRoutes(node.children, fullPath));
  }
  return out;
}
