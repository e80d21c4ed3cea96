import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../lib/session';
import { useChannel } from '../lib/use-channel';
import { MY_INVITATIONS_QUERY, refreshWorkspaces } from '../lib/workspaces';
import { useWorkspaceConflictNotices } from '../lib/workspaces-store';

/** The workspace an App.User event is about. */
const teamOf = (payload: unknown) => (payload as { data?: { team_id?: number } } | null)?.data?.team_id;

/**
 * The signed-in user's own channel (App.User.{id}): a new invitation shows on home at once, and
 * joining, leaving or a new role updates the list of workspaces in every open tab.
 */
export function useOwnChannel(): void {
  const { profile } = useSession();
  const queryClient = useQueryClient();
  const reload = (payload: unknown) => {
    void refreshWorkspaces();
    void queryClient.invalidateQueries({ queryKey: MY_INVITATIONS_QUERY });
    const teamId = teamOf(payload);
    if (teamId !== undefined) void queryClient.invalidateQueries({ queryKey: ['team', String(teamId)] });
  };
  useWorkspaceConflictNotices();
  useChannel(profile ? `private-App.User.${profile.id}` : null, {
    'invitation.received': reload,
    'workspace.joined': reload,
    'workspace.left': reload,
    'workspace.updated': reload,
  });
}
