import type { Hook } from '@strata/contracts/hooks';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { teamQueryKey } from '../workspaces';

/** Under the workspace's key: a permission change clears them with the rest of its data. */
export const boardHooksQueryKey = (teamId: number, boardId: string) =>
  [...teamQueryKey(teamId), 'board-hooks', boardId] as const;

/**
 * The board's webhooks (`GET /api/{teamId}/boards/{boardId}/hooks`): what a call-webhook action
 * may send the item to. Read again each time the screen opens: one may have been made, paused or
 * switched off on the developer screens meanwhile.
 */
export function useBoardHooks(teamId: number, boardId: string) {
  return useQuery({
    queryKey: boardHooksQueryKey(teamId, boardId),
    queryFn: () => api.get<Hook[]>(`/api/${teamId}/boards/${encodeURIComponent(boardId)}/hooks`),
    retry: false,
    refetchOnMount: 'always',
  });
}
