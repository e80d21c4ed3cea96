import type { TeamMember } from '@strata/contracts/teams';
import { api } from '../../lib/api';
import { useKeptQuery } from '../../lib/kept-query';
import { teamQueryKey } from './team-context';

/**
 * A workspace's members (`GET /api/teams/{id}/members`), the one query every screen shares. The
 * list last read is kept on the device and shown while the server is asked again, so a reload
 * names the people in members columns, activity and pickers at once instead of showing nothing
 * (or their ids) until the answer comes.
 */
export function useTeamMembers(teamId: number, options: { enabled?: boolean } = {}) {
  return useKeptQuery(`members.t${teamId}`, {
    queryKey: [...teamQueryKey(teamId), 'members'],
    queryFn: () => api.get<TeamMember[]>(`/api/teams/${teamId}/members`),
    enabled: options.enabled ?? true,
  });
}
