import type { TeamMember } from '@strata/contracts/teams';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';
import { teamQueryKey } from './team-context';

/** Where this device keeps a workspace's members between loads, per person (cleared on sign-out). */
const keptKey = (userId: number, teamId: number) => `strata.members.u${userId}.t${teamId}`;

function keptMembers(userId: number | undefined, teamId: number): TeamMember[] | undefined {
  if (userId === undefined) return undefined;
  try {
    const text = window.localStorage.getItem(keptKey(userId, teamId));
    return text ? (JSON.parse(text) as TeamMember[]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A workspace's members (`GET /api/teams/{id}/members`), the one query every screen shares. The
 * list last read is kept on the device and shown while the server is asked again, so a reload
 * names the people in members columns, activity and pickers at once instead of showing nothing
 * (or their ids) until the answer comes.
 */
export function useTeamMembers(teamId: number, options: { enabled?: boolean } = {}) {
  const { profile } = useSession();
  const userId = profile?.id;
  const members = useQuery({
    queryKey: [...teamQueryKey(teamId), 'members'],
    queryFn: () => api.get<TeamMember[]>(`/api/teams/${teamId}/members`),
    placeholderData: () => keptMembers(userId, teamId),
    enabled: options.enabled ?? true,
  });
  const confirmed = members.isPlaceholderData ? undefined : members.data;
  useEffect(() => {
    if (!confirmed || userId === undefined) return;
    try {
      window.localStorage.setItem(keptKey(userId, teamId), JSON.stringify(confirmed));
    } catch {
      // full storage: the next load asks the server first, as before
    }
  }, [confirmed, userId, teamId]);
  return members;
}
