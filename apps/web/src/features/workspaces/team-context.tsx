import type { AccessAnswer } from '@strata/contracts/permissions';
import type { Team } from '@strata/contracts/teams';
import type { Action } from '@strata/domain/permissions/actions';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { api } from '../../lib/api';
import { useKeptQuery } from '../../lib/kept-query';

export interface TeamView {
  team: Team;
  can(action: Action): boolean;
}

export const TeamContext = createContext<TeamView | null>(null);

export function useTeamView(): TeamView {
  const view = useContext(TeamContext);
  if (!view) throw new Error('useTeamView outside a team page');
  return view;
}

export const teamQueryKey = (teamId: string | number) => ['team', String(teamId)] as const;

/** The workspace and what the caller may do in it (the UI hides what it cannot do). */
export function useTeamQueries(teamId: string) {
  const team = useQuery({
    queryKey: teamQueryKey(teamId),
    queryFn: () => api.get<Team>(`/api/teams/${teamId}`),
    retry: false,
  });
  const access = useKeptQuery(`access.t${teamId}`, teamAccessQuery(teamId));
  return { team, access };
}

/** What the caller may do in a workspace; cleared with the workspace's data on permission changes. */
export function teamAccessQuery(teamId: string | number) {
  return {
    queryKey: [...teamQueryKey(teamId), 'access'],
    queryFn: () =>
      api.get<AccessAnswer>(
        `/api/${teamId}/permissions/access?resource_type=workspace&resource_id=${teamId}`,
      ),
    retry: false,
  };
}
