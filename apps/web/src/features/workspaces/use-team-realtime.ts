import { useQueryClient } from '@tanstack/react-query';
import { permissionsUpdating } from '../../lib/permission-cache';
import { useChannel } from '../../lib/use-channel';
import { teamQueryKey } from './team-context';

/** What team.{id}.users announces: membership and invitation changes. */
const USER_EVENTS = [
  'member.added',
  'member.updated',
  'member.removed',
  'invitation.created',
  'invitation.revoked',
];

/**
 * Keeps an open workspace live: a permission change anywhere clears its permission cache
 * (debounced 500 ms); a membership change reloads its members, invitations, count and the
 * caller's own role and abilities.
 */
export function useTeamRealtime(teamId: number): void {
  const queryClient = useQueryClient();
  useChannel(`private-team.${teamId}.permissions`, {
    'permissions.updated': () => permissionsUpdating(teamId),
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: teamQueryKey(teamId) });
  useChannel(`private-team.${teamId}.users`, Object.fromEntries(USER_EVENTS.map((event) => [event, reload])));
}
