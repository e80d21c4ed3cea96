import type { AccessAnswer } from '@strata/contracts/permissions';
import type { Action } from '@strata/domain/permissions/actions';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../lib/api';
import { teamAccessQuery, teamQueryKey } from '../workspaces';

/**
 * What the caller may do on one board: the board's own answer (its privacy and permission record
 * below the workspace's), with the workspace's standing in for it until it comes, or if the server
 * does not answer for boards. Both clear with the workspace's data on a permission change.
 */
export function useBoardAccess(teamId: number, boardId: string): (action: Action) => boolean {
  const workspace = useQuery(teamAccessQuery(teamId));
  const board = useQuery({
    queryKey: [...teamQueryKey(teamId), 'access', 'board', boardId],
    queryFn: () =>
      api.get<AccessAnswer>(
        `/api/${teamId}/permissions/access?resource_type=board&resource_id=${encodeURIComponent(boardId)}`,
      ),
    retry: false,
  });
  const permissions = board.data?.permissions ?? workspace.data?.permissions;
  return useMemo(() => (action: Action) => permissions?.includes(action) ?? false, [permissions]);
}
