import { lazy } from 'react';

export { sortWorkspaces } from './sort-workspaces';
export { teamAccessQuery, teamQueryKey, useTeamView } from './team-context';
export { TeamLayout } from './team-layout';
export { useTeamMembers } from './use-team-members';
export { useTeamRealtime } from './use-team-realtime';
export { WorkspaceList } from './workspace-list';

/** The members and settings screens load on demand: their dialogs and pickers stay out of the first load. */
export const TeamMembersPage = lazy(() =>
  import('./team-members-page').then((m) => ({ default: m.TeamMembersPage })),
);
export const TeamSettingsPage = lazy(() =>
  import('./team-settings-page').then((m) => ({ default: m.TeamSettingsPage })),
);
