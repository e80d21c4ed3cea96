import type {
  Hook,
  hookTestResultSchema,
  MyHook,
  PatchHookBody,
  SaveHookBody,
} from '@strata/contracts/hooks';
import { HttpError } from '@strata/sync/http-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api';
import { hookApiPath } from './hook-links';

export type HookTestResult = z.infer<typeof hookTestResultSchema>;

/** The signed-in person's hooks, every workspace's (the list, a hook's page and its logs read it). */
export const MY_HOOKS_QUERY = ['me', 'hooks'] as const;

/** Read again each time a screen opens: the server switches hooks off and marks them failing. */
export function useMyHooks() {
  return useQuery({
    queryKey: MY_HOOKS_QUERY,
    queryFn: () => api.get<MyHook[]>('/api/me/hooks'),
    retry: false,
    refetchOnMount: 'always',
  });
}

/** Where a new hook goes, with the names the list shows until it is read again. */
export interface NewHook {
  id: string;
  teamId: number;
  teamName: string;
  boardName: string;
  body: SaveHookBody;
}

/**
 * Creates a hook under the client's id (row_version 1). A 409 carrying a hook of that id is this
 * same creation whose first answer was lost: the hook is there, and it is the answer.
 */
export function useCreateHook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, teamId, body }: NewHook) => {
      try {
        return await api.put<Hook>(hookApiPath(teamId, id), body);
      } catch (caught) {
        const current = caught instanceof HttpError ? (caught.data?.current as Hook | undefined) : undefined;
        if (caught instanceof HttpError && caught.status === 409 && current?.id === id) return current;
        throw caught;
      }
    },
    onSuccess: (hook, { teamName, boardName }) => {
      queryClient.setQueryData<MyHook[]>(MY_HOOKS_QUERY, (list) => [
        ...(list ?? []).filter((other) => other.id !== hook.id),
        { ...hook, team_name: teamName, board_name: boardName },
      ]);
      void queryClient.invalidateQueries({ queryKey: MY_HOOKS_QUERY });
    },
  });
}

/** A hook's changes (PATCH); the list takes the answer, its names kept. */
export function useUpdateHook(hook: MyHook) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PatchHookBody) =>
      api.request<Hook>('PATCH', hookApiPath(hook.team_id, hook.id), { body }),
    onSuccess: (saved) =>
      queryClient.setQueryData<MyHook[]>(MY_HOOKS_QUERY, (list) =>
        list?.map((other) => (other.id === saved.id ? { ...other, ...saved } : other)),
      ),
  });
}

/** A `ping` delivered to the hook now; the answer says how the receiver took it. */
export function useTestHook(hook: MyHook) {
  return useMutation({
    mutationFn: () => api.post<HookTestResult>(`${hookApiPath(hook.team_id, hook.id)}/test`),
  });
}

/**
 * Deletes the hook; `onDeleted` runs before the list loses it (a screen showing the hook leaves
 * first, rather than drawing "not found" and being unmounted before its own callbacks run).
 */
export function useDeleteHook(hook: MyHook, onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ id: string; deleted: true }>(hookApiPath(hook.team_id, hook.id)),
    onSuccess: () => {
      onDeleted();
      queryClient.setQueryData<MyHook[]>(MY_HOOKS_QUERY, (list) =>
        list?.filter((other) => other.id !== hook.id),
      );
    },
  });
}
