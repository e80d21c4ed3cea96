import type { AccessAnswer } from '@strata/contracts/permissions';
import type { Action } from '@strata/domain/permissions/actions';
import { useMemo } from 'react';
import { api } from '../../lib/api';
import { useKeptQuery } from '../../lib/kept-query';
import { teamAccessQuery, teamQueryKey } from '../workspaces';

export interface BoardAccess {
  can: (action: Action) => boolean;
  isKnown: boolean;
}

/**
 * What the caller may do on one board: the board's own answer (its privacy and permission record
 * below the workspace's), with the workspace's standing in for it until it comes, or if the server
 * does not answer for boards; the workspace's is not asked for when the board's is known. Both
 * clear with the workspace's data on a permission change.
 */
export function useBoardAccess(teamId: number, boardId: string): BoardAccess {
  const board = useKeptQuery(`access.t${teamId}.b${boardId}`, {
    queryKey: [...teamQueryKey(teamId), 'access', 'board', boardId],
    queryFn: () =>
      api.get<AccessAnswer>(
        `/api/${teamId}/permissions/access?resource_type=board&resource_id=${encodeURIComponent(boardId)}`,
      ),
    retry: false,
  });
  // Asked only while the board's own answer is missing (kept on the device, it is there at once).
  const workspace = useKeptQuery(`access.t${teamId}`, {
    ...teamAccessQuery(teamId),
    enabled: board.data === undefined,
  });
  const permissions = board.data?.permissions ?? workspace.data?.permissions;
  const can = useMemo(() => (action: Action) => permissions?.includes(action) ?? false, [permissions]);
  // Known once either answer (or a copy of it kept on this device) is in, or neither can come.
  const isKnown = permissions !== undefined || (board.isError && workspace.isError);
  return { can, isKnown };
}
