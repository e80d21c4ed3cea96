export { CreateWorkspacePage, WORKSPACE_LIMIT_EVENT } from './create-workspace-page';
export { sortWorkspaces } from './sort-workspaces';
export { TeamBoardsPage } from './team-boards-page';
export { TeamLayout } from './team-layout';
export { TeamMembersPage } from './team-members-page';
export { TeamSettingsPage } from './team-settings-page';
export { WorkspaceList } from './workspace-list';
