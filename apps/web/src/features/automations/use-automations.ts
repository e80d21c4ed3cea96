import type {
  Automation,
  AutomationRun,
  AutomationUsage,
  SaveAutomationBody,
} from '@strata/contracts/automations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { teamQueryKey } from '../workspaces';

/** Under the workspace's key: a permission change clears them with the rest of its data. */
export const automationsQueryKey = (teamId: number, boardId: string) =>
  [...teamQueryKey(teamId), 'automations', boardId] as const;
const usageQueryKey = (teamId: number) => [...teamQueryKey(teamId), 'automations-usage'] as const;
const runsQueryKey = (teamId: number, id: string) =>
  [...teamQueryKey(teamId), 'automation-runs', id] as const;

/** The board's automations, oldest first (read again each time the screen opens: runs move on). */
export function useBoardAutomations(teamId: number, boardId: string) {
  return useQuery({
    queryKey: automationsQueryKey(teamId, boardId),
    queryFn: () => api.get<Automation[]>(`/api/${teamId}/boards/${encodeURIComponent(boardId)}/automations`),
    retry: false,
    refetchOnMount: 'always',
  });
}

export function useAutomationRuns(teamId: number, id: string, enabled: boolean) {
  return useQuery({
    queryKey: runsQueryKey(teamId, id),
    queryFn: () => api.get<AutomationRun[]>(`/api/${teamId}/automations/${id}/runs?limit=10`),
    enabled,
    retry: false,
    refetchOnMount: 'always',
  });
}

export function useAutomationUsage(teamId: number) {
  return useQuery({
    queryKey: usageQueryKey(teamId),
    queryFn: () => api.get<AutomationUsage>(`/api/${teamId}/automations/usage`),
    retry: false,
    refetchOnMount: 'always',
  });
}

/**
 * Saves and deletes: never queued offline (a refused switch-on must be told at once); the list is
 * updated with the server's answer, and read again after a delete or a conflict.
 */
export function useAutomationWrites(teamId: number, boardId: string) {
  const queryClient = useQueryClient();
  const key = automationsQueryKey(teamId, boardId);
  const save = useMutation({
    mutationFn: ({ id, body }: { id: string; body: SaveAutomationBody }) =>
      api.put<Automation>(`/api/${teamId}/automations/${id}`, body),
    onSuccess: (saved) => {
      queryClient.setQueryData<Automation[]>(key, (list) => {
        if (!list) return [saved];
        return list.some((other) => other.id === saved.id)
          ? list.map((other) => (other.id === saved.id ? saved : other))
          : [...list, saved];
      });
      void queryClient.invalidateQueries({ queryKey: usageQueryKey(teamId) });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete(`/api/${teamId}/automations/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  return { save, remove };
}

/** The body of a save from an automation as listed (its switch or name changed, or a copy). */
export function saveBodyOf(
  automation: Automation,
  changes: Partial<SaveAutomationBody> = {},
): SaveAutomationBody {
  return {
    board_id: automation.board_id,
    name: automation.name,
    enabled: automation.enabled,
    recipe: automation.recipe,
    row_version: automation.row_version + 1,
    ...changes,
  };
}
