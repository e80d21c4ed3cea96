export { CreateWorkspacePage, WORKSPACE_LIMIT_EVENT } from './create-workspace-page';
export { sortWorkspaces } from './sort-workspaces';
export { TeamBoardsPage } from './team-boards-page';
export { WorkspaceList } from './workspace-list';
