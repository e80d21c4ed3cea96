import {
  TRASH_MAX_RECORDS,
  type TrashPage,
  type TrashRecordRef,
  type TrashResult,
} from '@strata/contracts/trash';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { teamQueryKey } from '../workspaces';

/** Under the workspace's key: a permission change clears it with the rest of the workspace's data. */
export const trashQueryKey = (teamId: number, boardId: string) =>
  [...teamQueryKey(teamId), 'trash', boardId] as const;

const trashPath = (teamId: number, boardId: string) =>
  `/api/${teamId}/boards/${encodeURIComponent(boardId)}/trash`;

/** A board's trash, newest deletion first, a page of 100 at a time. */
export function useTrash(teamId: number, boardId: string) {
  return useInfiniteQuery({
    queryKey: trashQueryKey(teamId, boardId),
    queryFn: ({ pageParam }) =>
      api.get<TrashPage>(
        `${trashPath(teamId, boardId)}${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    retry: false,
    // Deletions happen on the board's other screens: the trash is read again each time it opens.
    refetchOnMount: 'always',
  });
}

/** The records in requests of at most TRASH_MAX_RECORDS, one after the other. */
async function inBatches(
  records: readonly TrashRecordRef[],
  send: (batch: TrashRecordRef[]) => Promise<TrashResult>,
): Promise<TrashResult> {
  const done: TrashResult['records'] = [];
  for (let start = 0; start < records.length; start += TRASH_MAX_RECORDS)
    done.push(...(await send(records.slice(start, start + TRASH_MAX_RECORDS))).records);
  return { records: done };
}

/**
 * Restore and delete forever. Both need the network (never queued offline); afterwards the list
 * reloads. Restored records reach the board's screens through their real-time events.
 */
export function useTrashActions(teamId: number, boardId: string) {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: trashQueryKey(teamId, boardId) });
  const restore = useMutation({
    mutationFn: (records: readonly TrashRecordRef[]) =>
      inBatches(records, (batch) =>
        api.post<TrashResult>(`${trashPath(teamId, boardId)}/restore`, { records: batch }),
      ),
    onSettled,
  });
  const purge = useMutation({
    mutationFn: (records: readonly TrashRecordRef[]) =>
      inBatches(records, (batch) =>
        api.delete<TrashResult>(trashPath(teamId, boardId), { body: { records: batch } }),
      ),
    onSettled,
  });
  return { restore, purge };
}
