import type {
  HookLogEntry,
  hookLogsPageSchema,
  redeliverResultSchema,
  replayResultSchema,
} from '@strata/contracts/hooks';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api';
import { hookApiPath } from './hook-links';

type LogsPage = z.infer<typeof hookLogsPageSchema>;

/** What the logs show: every attempt, the 2xx ones, or the rest (no answer included). */
export const LOG_FILTERS = ['all', 'success', 'failure'] as const;
export type LogFilter = (typeof LOG_FILTERS)[number];

const PAGE_SIZE = 50;

const logsQueryKey = (hookId: string) => ['hooks', hookId, 'logs'] as const;

/** The address of one page of a hook's attempts, newest first; `before` is the last attempt seen. */
export function logsPath(teamId: number, hookId: string, filter: LogFilter, before?: string): string {
  const query = new URLSearchParams();
  if (filter !== 'all') query.set('status', filter);
  if (before) query.set('before', before);
  query.set('limit', String(PAGE_SIZE));
  return `${hookApiPath(teamId, hookId)}/logs?${query}`;
}

/** A hook's attempts, page by page ("Load more" asks for those before the last one shown). */
export function useHookLogs(teamId: number, hookId: string, filter: LogFilter) {
  const query = useInfiniteQuery({
    queryKey: [...logsQueryKey(hookId), filter],
    queryFn: ({ pageParam }) => api.get<LogsPage>(logsPath(teamId, hookId, filter, pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.has_more ? last.data.at(-1)?.id : undefined),
    retry: false,
    refetchOnMount: 'always',
  });
  const entries: HookLogEntry[] = query.data?.pages.flatMap((page) => page.data) ?? [];
  return { ...query, entries };
}

/** Redelivering one delivery and replaying the board's events; the logs are read again after each. */
export function useLogActions(teamId: number, hookId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: logsQueryKey(hookId) });
  const path = hookApiPath(teamId, hookId);
  const redeliver = useMutation({
    mutationFn: (deliveryId: string) =>
      api.post<z.infer<typeof redeliverResultSchema>>(
        `${path}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
      ),
    onSuccess: refresh,
  });
  const replay = useMutation({
    mutationFn: (since: string) => api.post<z.infer<typeof replayResultSchema>>(`${path}/replay`, { since }),
    onSuccess: refresh,
  });
  return { redeliver, replay };
}
